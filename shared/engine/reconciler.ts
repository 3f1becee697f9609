/**
 * Workers heartbeat into Postgres; the reconciler puts tasks left `running` by a dead worker back to
 * `queued` (BullMQ's stall check redelivers their jobs; after a Redis loss, resume picks them up).
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, inArray, isNotNull, isNull, notExists, sql as frag } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../db/client.ts';
import { runs, tasks, workers } from '../db/schema/engine.ts';

export const HEARTBEAT_MS = 5_000;

export function newWorkerId(service: string): string {
  return `${service}.${hostname().replace(/[^A-Za-z0-9-]/g, '')}.${process.pid}.${randomBytes(2).toString('hex')}`;
}

export async function heartbeat(sql: Sql, workerId: string, service: string): Promise<void> {
  await drizzleOf(sql)
    .insert(workers)
    .values({ id: workerId, service, hostname: hostname(), pid: process.pid })
    .onConflictDoUpdate({ target: workers.id, set: { lastSeen: frag`now()`, stoppedAt: null } });
}

export async function markWorkerStopped(sql: Sql, workerId: string): Promise<void> {
  await drizzleOf(sql).update(workers).set({ stoppedAt: frag`now()` }).where(eq(workers.id, workerId));
}

/** Workers that have not stopped and sent a heartbeat in the last 20 seconds. */
export async function liveWorkers(sql: Sql): Promise<number> {
  const rows = await drizzleOf(sql)
    .select({ n: count() })
    .from(workers)
    .where(and(isNull(workers.stoppedAt), gt(workers.lastSeen, frag`now() - interval '20 seconds'`)));
  return rows[0]?.n ?? 0;
}

/** Returns the number of tasks given back to the queue. */
export async function reconcileOrphans(sql: Sql, staleMs = HEARTBEAT_MS * 3): Promise<number> {
  const db = drizzleOf(sql);
  const live = db
    .select({ one: frag`1` })
    .from(workers)
    .where(and(eq(workers.id, tasks.workerId), isNull(workers.stoppedAt), gt(workers.lastSeen, frag`now() - make_interval(secs => ${staleMs / 1000})`)));
  const rows = await db
    .update(tasks)
    .set({ status: 'queued', error: frag`'worker lost: ' || ${tasks.workerId}`, workerId: null })
    .where(
      and(
        inArray(tasks.runId, db.select({ id: runs.id }).from(runs).where(inArray(runs.status, ['queued', 'running']))),
        eq(tasks.status, 'running'),
        isNotNull(tasks.workerId),
        notExists(live),
      ),
    )
    .returning({ taskKey: tasks.taskKey });
  return rows.length;
}
