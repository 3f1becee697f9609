/**
 * What a worker knows about Postgres between queries, so an outage costs waiting, never repeated work:
 * - a task that has done its work (a conversation played) keeps the outcome in memory and retries the
 *   write until Postgres answers (`untilStored`), instead of being replayed from the start;
 * - while Postgres is known to be down, tasks that have not started yet do not start (`usable`): their
 *   job goes back to the queue, and the conversation is played once Postgres can store it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { pingDb, type Sql } from '../db/client.ts';
import { DbUnavailableError, isDbConnectionError } from './errors.ts';

/** First wait between two tries of a write; doubles up to MAX_WAIT_MS (plus jitter). */
const FIRST_WAIT_MS = 500;
const MAX_WAIT_MS = 5_000;
/**
 * How long finished work is kept waiting for Postgres before the job is given back (and the work done
 * again): longer than any outage worth riding out, short enough that a worker does not wait forever.
 */
const KEEP_MS = 30 * 60_000;
/** A probe that does not answer within this is a "down". */
const PROBE_MS = 2_000;

/** Whether Postgres answers a trivial query within PROBE_MS. */
export async function dbReachable(sql: Sql): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((r) => (timer = setTimeout(() => r(false), PROBE_MS)));
  try {
    return await Promise.race([pingDb(sql), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export class StoreHealth {
  private downSince: number | undefined;
  private probe: Promise<boolean> | undefined;

  constructor(private readonly sql: Sql) {}

  down(): void {
    this.downSince ??= Date.now();
  }

  up(): void {
    this.downSince = undefined;
  }

  get isDown(): boolean {
    return this.downSince !== undefined;
  }

  /** True unless Postgres was seen down and a probe (one at a time for the whole process) says it still is. */
  async usable(): Promise<boolean> {
    if (this.downSince === undefined) return true;
    this.probe ??= dbReachable(this.sql).finally(() => (this.probe = undefined));
    const ok = await this.probe;
    if (ok) this.up();
    return ok;
  }

  /**
   * Run a write of finished work; while Postgres is unreachable, wait and try it again (the writes are
   * upserts, so a write that did commit before its connection dropped is harmless to repeat). `onWait`
   * is called once, when the first try fails (the caller pauses its timeout: waiting is not the task's time).
   */
  async untilStored<T>(write: () => Promise<T>, o: { log?: Logger; onWait?: () => void } = {}): Promise<T> {
    const since = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        const v = await write();
        if (attempt > 0) o.log?.info({ waitedMs: Date.now() - since }, 'outcome stored after the database came back');
        this.up();
        return v;
      } catch (err) {
        const cause = err instanceof DbUnavailableError ? err.cause : err;
        if (!isDbConnectionError(cause)) throw err;
        this.down();
        if (Date.now() - since > KEEP_MS) throw new DbUnavailableError(cause);
        if (attempt === 0) {
          o.onWait?.();
          o.log?.warn({ err: cause }, 'database unavailable; keeping the outcome and retrying the write');
        }
        const wait = Math.min(FIRST_WAIT_MS * 2 ** attempt, MAX_WAIT_MS);
        await sleep(wait + Math.floor(Math.random() * FIRST_WAIT_MS));
      }
    }
  }
}

/** One StoreHealth per connection pool (every processor of a process shares what it learns). */
const healthOf = new WeakMap<Sql, StoreHealth>();
export function storeHealth(sql: Sql): StoreHealth {
  let h = healthOf.get(sql);
  if (!h) healthOf.set(sql, (h = new StoreHealth(sql)));
  return h;
}
