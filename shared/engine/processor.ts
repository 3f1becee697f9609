/**
 * The one job processor every worker runs. For each job it: checks the run's epoch (jobs from before a
 * resume are stale), skips tasks already terminal (at-least-once delivery), waits for dependencies that
 * are not its flow children, cancels itself when a dependency failed (unless it always runs), runs the
 * kind's handler with a signal aborted on timeout or run cancellation, and records the outcome.
 */
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db, Sql } from '../db/client.ts';
import { getKind, type TaskContext, type TaskKind } from './kinds.ts';
import { jobDataSchema, jobTaskKeys } from './flow.ts';
import type { Slots } from './slots.ts';
import { SharedValues } from './shared-values.ts';
import { RunCanceledError, type CancelBus } from './cancel-bus.ts';
import { DbUnavailableError, PermanentTaskError, isDbConnectionError } from './errors.ts';
import {
  TERMINAL,
  depResults,
  markCanceled,
  markCompleted,
  markFailed,
  markRetrying,
  markRunning,
  readClaimView,
  claimTask,
  claimTasks,
  type ClaimView,
} from './store.ts';
import { resumeRun } from './resume.ts';
import { expandRun } from './expand.ts';
import type { CompletionWriter } from './completions.ts';
import { SCHEDULE_JOB, runScheduledJob } from './schedule.ts';
import { dbReachable, storeHealth } from './store-health.ts';
import { keepWhatFits } from './hand-off.ts';
import { recordedError } from '../log-error.ts';

export class TaskTimeoutError extends Error {
  constructor(ms: number) {
    super(`task timed out after ${ms} ms`);
    this.name = 'TaskTimeoutError';
  }
}

export interface EngineDeps {
  db: Db;
  sql: Sql;
  redis: Redis;
  prefix: string;
  config: Config;
  log: Logger;
}

export interface ProcessorDeps extends EngineDeps {
  workerId: string;
  cancelBus: CancelBus;
  /** Pool for the claim statement; its commits need not wait for the WAL flush (see workers.ts). */
  claimSql?: Sql;
  /** Group commit of completions (one statement for all the tasks finishing together). */
  completions?: CompletionWriter;
  /** The slots a queue's tasks hold while they run (a queue and its batch queue share them). */
  slots?: (queue: string) => Slots | undefined;
}

/** One cache of runs' shared values per processor (see shared-values.ts). */
const sharedValuesOf = new WeakMap<Sql, SharedValues>();

/** How long a job whose non-flow dependencies are not yet terminal waits before looking again. */
const GATE_DELAY_MS = 250;
/** How long a job waits before trying again while Postgres is unreachable (plus jitter). */
const DB_RETRY_MS = 1_000;

/** Run a bookkeeping query; a connection failure becomes DbUnavailableError (job delayed, no attempt used). */
async function viaDb<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    throw isDbConnectionError(err) ? new DbUnavailableError(err) : err;
  }
}

export function makeProcessor(deps: ProcessorDeps) {
  const processJob = makeJobProcessor(deps);
  return async function process(job: Job, token?: string): Promise<unknown> {
    try {
      return await processJob(job, token);
    } catch (err) {
      if (!(err instanceof DbUnavailableError)) throw err;
      // Postgres is away: the job goes back to the queue as it is (attemptsMade unchanged), so an outage
      // never burns a task's retries nor fails it; the task row, left queued or running, is claimed again.
      deps.log.warn({ queue: job.queueName, jobId: job.id, err }, 'database unavailable; job delayed');
      await job.moveToDelayed(Date.now() + DB_RETRY_MS + Math.floor(Math.random() * DB_RETRY_MS), token);
      throw new DelayedError();
    }
  };
}

/** How one task of a job ended: done (completed or skipped), failed (retried with the job or final), or Postgres away. */
type TaskEnd = { value: Record<string, unknown> } | { error: Error; final: boolean } | { dbDown: DbUnavailableError };

function makeJobProcessor(deps: ProcessorDeps) {
  const { sql } = deps;
  let sharedValues = sharedValuesOf.get(sql);
  if (!sharedValues) sharedValuesOf.set(sql, (sharedValues = new SharedValues(sql)));
  const health = storeHealth(sql);
  return async function processJob(job: Job, token?: string): Promise<unknown> {
    if (job.name === SCHEDULE_JOB) return runScheduledJob(deps, job);
    let data = jobDataSchema.parse(job.data);
    const { runId } = data;
    const attempt = job.attemptsMade + 1;
    const jobId = String(job.id);
    const slots = deps.slots?.(job.queueName);
    // A batch keeps only the tasks this process can start now (hand-off.ts); their slots are already held.
    let reserved = 0;
    if (slots && (data.taskKeys || data.handedOff)) ({ data, reserved } = await keepWhatFits(job, data, slots, deps, token));
    const keys = jobTaskKeys(data);

    /** Why a task that could not be claimed in one step is skipped, waits, or may run after all (undefined). */
    const decideUnclaimed = async (taskKey: string, view: ClaimView, alwaysRun: boolean): Promise<Record<string, unknown> | 'reprocess' | undefined> => {
      if (view.epoch !== data.epoch) return { skipped: 'stale epoch' };
      if (view.status === 'failed' && data.settled?.includes(taskKey)) return { skipped: 'failed' };
      // Only a manual retry (e.g. Bull Board's button) re-delivers a failed job: treat it as a reprocess,
      // which relaunches the task and what depends on it in a new epoch and keeps run state consistent.
      if (view.status === 'failed') return 'reprocess';
      if (TERMINAL.includes(view.status)) return { skipped: view.status };
      if (view.cancelRequested && !alwaysRun) {
        await markCanceled(sql, runId, taskKey, 'run canceled');
        return { skipped: 'canceled' };
      }
      // Flow children are finished when BullMQ runs us; a child that failed in the queue without reaching
      // Postgres (stalled too often) is recorded as failed here.
      let pending = view.deps.filter((d) => !TERMINAL.includes(d.status));
      const lostChildren = pending.filter((d) => d.flowParent === taskKey);
      for (const d of lostChildren) {
        await markFailed(sql, {
          runId,
          taskKey: d.key,
          queue: job.queueName,
          jobId: undefined,
          error: 'job failed in the queue without a recorded outcome (stalled or lost)',
          attempts: 0,
        });
      }
      pending = pending.filter((d) => d.flowParent !== taskKey);
      if (pending.length) {
        // Tasks of a batch share their dependencies, so this holds for the whole job.
        await job.moveToDelayed(Date.now() + GATE_DELAY_MS, token);
        throw new DelayedError();
      }
      const failedDep = (lostChildren.length ? (await readClaimView(sql, runId, taskKey))?.deps ?? view.deps : view.deps).find(
        (d) => d.status === 'failed' || d.status === 'canceled',
      );
      if (failedDep && !alwaysRun) {
        await markCanceled(sql, runId, taskKey, `upstream task ${failedDep.key} ${failedDep.status}`);
        return { skipped: 'upstream' };
      }
      return undefined;
    };

    /** Runs one claimed task's handler and records its outcome; never throws. */
    const runTask = async (taskKey: string, kind: TaskKind, payloadIn: unknown, slotHeld = false): Promise<TaskEnd> => {
      // Made when first used: most tasks never log, and a child logger per task is not free.
      let logger: Logger | undefined;
      const log = () => (logger ??= deps.log.child({ queue: job.queueName, runId, taskKey, jobId: job.id }));
      const ac = new AbortController();
      // Registered before waiting for a slot, so a cancel also reaches the tasks of a batch still waiting.
      const unregister = deps.cancelBus.register(runId, ac);
      let holding = slotHeld;
      const releaseSlot = () => {
        if (holding) slots!.release();
        holding = false;
      };
      let timer: NodeJS.Timeout | undefined;
      let untrack: (() => void) | undefined;
      let started = performance.now();
      const usage = { costUsd: 0, tokensIn: 0, tokensOut: 0 };
      const ctx: TaskContext = {
        runId,
        taskKey,
        attempt,
        signal: ac.signal,
        get log() {
          return log();
        },
        db: deps.db,
        sql,
        redis: deps.redis,
        prefix: deps.prefix,
        config: deps.config,
        depResults: () => depResults(sql, runId, taskKey),
        expand: (tasks, o) => expandRun(deps, { runId, epoch: data.epoch, attachTo: o?.attachTo ?? 'report', tasks }),
        releaseSlot,
        shared: (value, schema) => sharedValues.resolve(runId, value, schema),
        persist: (write) => health.untilStored(write, { log: log(), onWait: () => clearTimeout(timer) }),
        addUsage: (u) => {
          usage.costUsd += u.costUsd ?? 0;
          usage.tokensIn += u.tokensIn ?? 0;
          usage.tokensOut += u.tokensOut ?? 0;
        },
      };
      try {
        if (slots && !holding) {
          await slots.acquire(ac.signal);
          holding = true;
        }
        // Postgres was seen down (by any task of this process): do not start work it could not store. The
        // job goes back to the queue and this task, never started, runs once Postgres answers.
        if (!(await health.usable())) return { dbDown: new DbUnavailableError(new Error('Postgres unreachable: task not started')) };
        untrack = deps.completions?.track();
        // The timeout counts from here: waiting for a slot is not the task's time.
        started = performance.now();
        timer = setTimeout(() => ac.abort(new TaskTimeoutError(kind.timeoutMs)), kind.timeoutMs);
        const payload = kind.payload.parse(payloadIn);
        const result = await raceAbort(kind.handler(payload, ctx), ac.signal);
        releaseSlot();
        const completion = { runId, taskKey, result, latencyMs: Math.round(performance.now() - started), ...usage };
        // The work is done: an outage now delays its record, never repeats the work.
        clearTimeout(timer);
        await health.untilStored(() => (deps.completions ? deps.completions.complete(completion) : markCompleted(sql, completion)), { log: log() });
        return { value: { ok: true } };
      } catch (err) {
        try {
          if (err instanceof DbUnavailableError) return { dbDown: err };
          // A handler's own query failing because Postgres is away is the outage, not the task.
          if (isDbConnectionError(err) && !(await dbReachable(sql))) {
            health.down();
            return { dbDown: new DbUnavailableError(err) };
          }
          const reason = ac.signal.aborted ? ac.signal.reason : err;
          if (reason instanceof RunCanceledError) {
            await health.untilStored(() => markCanceled(sql, runId, taskKey, 'run canceled while running'));
            return { value: { skipped: 'canceled' } };
          }
          const e = reason instanceof Error ? reason : new Error(String(reason));
          const final = e instanceof UnrecoverableError || attempt >= (job.opts.attempts ?? 1);
          // Stored as a log line shows it: a database error's statement and parameters are a citizen's words.
          const recorded = recordedError(e);
          // The attempt's outcome is kept until stored, like a success's.
          if (final) {
            await health.untilStored(() =>
              markFailed(sql, { runId, taskKey, queue: job.queueName, jobId, error: recorded.message, stack: recorded.stack, attempts: attempt }),
            );
            log().warn({ err: e, attempt }, 'task failed after its retries');
          } else {
            await health.untilStored(() => markRetrying(sql, runId, taskKey, recorded.message));
            log().info({ err: e, attempt }, 'task attempt failed; will retry');
          }
          return { error: forQueue(e), final };
        } catch (bookkeeping) {
          if (bookkeeping instanceof DbUnavailableError) return { dbDown: bookkeeping };
          return { error: forQueue(bookkeeping instanceof Error ? bookkeeping : new Error(String(bookkeeping))), final: false };
        }
      } finally {
        clearTimeout(timer);
        unregister();
        releaseSlot();
        untrack?.();
      }
    };

    // Reserved slots not handed to a task (the claim fails, the job waits, a task is skipped) are given back.
    let unusedReserved = reserved;
    const giveBackReserved = () => {
      for (; unusedReserved > 0; unusedReserved--) slots!.release();
    };
    try {
      return await claimAndRun();
    } finally {
      giveBackReserved();
    }

    async function claimAndRun(): Promise<unknown> {
      const claimSql = deps.claimSql ?? sql;
      const claim = { runId, epoch: data.epoch, attempt, workerId: deps.workerId, jobId };
      const views = await viaDb(async () => {
        if (data.taskKeys) return claimTasks(claimSql, { ...claim, taskKeys: keys });
        // One task: the statement that looks it up by its whole key (the index's fastest path).
        const v = await claimTask(claimSql, { ...claim, taskKey: data.taskKey });
        return new Map(v ? [[data.taskKey, v]] : []);
      });
      const skipped: Record<string, unknown>[] = [];
      const reprocess: string[] = [];
      const toRun: { taskKey: string; kind: TaskKind; payload: unknown }[] = [];
      for (const taskKey of keys) {
        const view = views.get(taskKey);
        const kind = view && getKind(view.kind);
        if (!data.taskKeys) {
          if (!view) throw new PermanentTaskError(`task ${runId}/${taskKey} does not exist in Postgres`);
          if (!kind) throw new PermanentTaskError(`unknown task kind ${view.kind}`);
        } else if (!view || !kind) {
          // One bad task must not hold its batch: record it (when it exists) and go on with the others.
          const error = view ? `unknown task kind ${view.kind}` : `task ${runId}/${taskKey} does not exist in Postgres`;
          deps.log.error({ runId, taskKey, jobId }, error);
          if (view) await viaDb(() => markFailed(sql, { runId, taskKey, queue: job.queueName, jobId, error, attempts: attempt }));
          skipped.push({ skipped: 'invalid', taskKey });
          continue;
        }
        if (!view.claimed) {
          const decision = await viaDb(() => decideUnclaimed(taskKey, view, kind.alwaysRun ?? false));
          if (decision === 'reprocess') {
            reprocess.push(taskKey);
            continue;
          }
          if (decision) {
            skipped.push(decision);
            continue;
          }
          const ok = await viaDb(() => markRunning(sql, { runId, taskKey, attempt, workerId: deps.workerId, jobId }));
          if (!ok) {
            skipped.push({ skipped: 'terminal' });
            continue;
          }
        }
        toRun.push({ taskKey, kind, payload: view.payload });
      }
      if (reprocess.length) await resumeRun(deps, runId, { onlyTasks: reprocess });
      // The first tasks to run take the reserved slots; the rest (if any) wait for a slot as usual.
      const held = Math.min(unusedReserved, toRun.length);
      unusedReserved -= held;
      giveBackReserved();

      if (!data.taskKeys) {
        if (reprocess.length) return { reprocessed: true };
        if (skipped.length) return skipped[0];
        const end = await runTask(toRun[0]!.taskKey, toRun[0]!.kind, toRun[0]!.payload, held > 0);
        if ('dbDown' in end) throw end.dbDown;
        if ('error' in end) throw end.error;
        return end.value;
      }

      // A batch: its tasks run side by side (each holding one of the queue's slots); the job's own outcome
      // only steers BullMQ: retried while a task will retry (done ones are skipped then), failed when the
      // failures are final (each failed task has its own dead letter).
      const ends = await Promise.all(toRun.map((t, i) => runTask(t.taskKey, t.kind, t.payload, i < held)));
      const failed = toRun.map((t, i) => ({ key: t.taskKey, end: ends[i]! })).filter((f) => 'error' in f.end);
      const finals = failed.filter((f) => (f.end as { final: boolean }).final).map((f) => f.key);
      const down = ends.find((e): e is { dbDown: DbUnavailableError } => 'dbDown' in e);
      if (down) {
        // Tasks not started (or whose handler met the outage) go back to the queue with the job; the ones
        // stored meanwhile are skipped when it returns, and the ones failed for good must stay failed.
        if (finals.length) await job.updateData({ ...data, settled: [...(data.settled ?? []), ...finals] });
        throw down.dbDown;
      }
      if (failed.length) {
        const first = failed[0]!.end as { error: Error };
        const msg = `${failed.length} of ${keys.length} tasks failed (first: ${first.error.message})`;
        if (finals.length < failed.length) {
          // The job runs again for the tasks that will retry; the ones failed for good stay failed.
          if (finals.length) await job.updateData({ ...data, settled: [...(data.settled ?? []), ...finals] });
          throw new Error(msg);
        }
        // The job fails: a manual retry of it later reprocesses every failed task of the batch.
        if (data.settled) await job.updateData({ ...data, settled: undefined });
        throw new UnrecoverableError(msg);
      }
      return { ran: toRun.length, skipped: skipped.length, reprocessed: reprocess.length };
    }
  };
}

/**
 * The error handed to BullMQ, which keeps its message and stack in Redis (Bull Board shows them): `e` itself
 * unless its text is withheld (a database error), then a copy with the recorded text, as retryable as `e`.
 */
function forQueue(e: Error): Error {
  const recorded = recordedError(e);
  if (recorded.message === e.message) return e;
  const copy = e instanceof UnrecoverableError ? new UnrecoverableError(recorded.message) : new Error(recorded.message);
  copy.name = e.name;
  copy.stack = recorded.stack;
  return copy;
}

/** Resolve with the work, or reject as soon as the signal aborts (a handler that ignores it cannot hold). */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
