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
import { getKind, type TaskContext } from './kinds.ts';
import { jobDataSchema } from './flow.ts';
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
  type ClaimView,
} from './store.ts';
import { resumeRun } from './resume.ts';
import { expandRun } from './expand.ts';
import type { CompletionWriter } from './completions.ts';
import { SCHEDULE_JOB, runScheduledJob } from './schedule.ts';

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
}

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

/** Whether Postgres answers a trivial query within 2 s. */
async function dbReachable(sql: Sql): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((r) => (timer = setTimeout(() => r(false), 2_000)));
  try {
    return await Promise.race([sql`select 1`.then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
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
      deps.log.warn({ queue: job.queueName, jobId: job.id, err: err.message }, 'database unavailable; job delayed');
      await job.moveToDelayed(Date.now() + DB_RETRY_MS + Math.floor(Math.random() * DB_RETRY_MS), token);
      throw new DelayedError();
    }
  };
}

function makeJobProcessor(deps: ProcessorDeps) {
  const { sql } = deps;
  return async function processJob(job: Job, token?: string): Promise<unknown> {
    if (job.name === SCHEDULE_JOB) return runScheduledJob(deps, job);
    const data = jobDataSchema.parse(job.data);
    const { runId, taskKey } = data;
    const log = deps.log.child({ queue: job.queueName, runId, taskKey, jobId: job.id });

    /** Why a task that could not be claimed in one step is skipped, waits, or may run after all (undefined). */
    const decideUnclaimed = async (view: ClaimView, alwaysRun: boolean): Promise<Record<string, unknown> | undefined> => {
      if (view.epoch !== data.epoch) return { skipped: 'stale epoch' };
      if (view.status === 'failed') {
        // Only a manual retry (e.g. Bull Board's button) re-delivers a failed job: treat it as a reprocess,
        // which relaunches the task and what depends on it in a new epoch and keeps run state consistent.
        await resumeRun(deps, runId, { onlyTasks: [taskKey] });
        return { reprocessed: true };
      }
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
    const attempt = job.attemptsMade + 1;
    const jobId = String(job.id);
    const view = await viaDb(() => claimTask(deps.claimSql ?? sql, { runId, taskKey, epoch: data.epoch, attempt, workerId: deps.workerId, jobId }));
    if (!view) throw new PermanentTaskError(`task ${runId}/${taskKey} does not exist in Postgres`);
    const kind = getKind(view.kind);
    if (!kind) throw new PermanentTaskError(`unknown task kind ${view.kind}`);
    if (!view.claimed) {
      const skip = await viaDb(() => decideUnclaimed(view, kind.alwaysRun ?? false));
      if (skip) return skip;
      const ok = await viaDb(() => markRunning(sql, { runId, taskKey, attempt, workerId: deps.workerId, jobId }));
      if (!ok) return { skipped: 'terminal' };
    }

    const started = performance.now();
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(new TaskTimeoutError(kind.timeoutMs)), kind.timeoutMs);
    const unregister = deps.cancelBus.register(runId, ac);
    const usage = { costUsd: 0, tokensIn: 0, tokensOut: 0 };
    const ctx: TaskContext = {
      runId,
      taskKey,
      attempt,
      signal: ac.signal,
      log,
      db: deps.db,
      sql,
      redis: deps.redis,
      prefix: deps.prefix,
      config: deps.config,
      depResults: () => depResults(sql, runId, taskKey),
      expand: (tasks, o) => expandRun(deps, { runId, epoch: data.epoch, attachTo: o?.attachTo ?? 'report', tasks }),
      addUsage: (u) => {
        usage.costUsd += u.costUsd ?? 0;
        usage.tokensIn += u.tokensIn ?? 0;
        usage.tokensOut += u.tokensOut ?? 0;
      },
    };
    try {
      const payload = kind.payload.parse(view.payload);
      const result = await raceAbort(kind.handler(payload, ctx), ac.signal);
      const completion = { runId, taskKey, result, latencyMs: Math.round(performance.now() - started), ...usage };
      await viaDb(() => (deps.completions ? deps.completions.complete(completion) : markCompleted(sql, completion)));
      return { ok: true };
    } catch (err) {
      if (err instanceof DbUnavailableError) throw err;
      // A handler's own query failing because Postgres is away is the outage, not the task.
      if (isDbConnectionError(err) && !(await dbReachable(sql))) throw new DbUnavailableError(err);
      const reason = ac.signal.aborted ? ac.signal.reason : err;
      if (reason instanceof RunCanceledError) {
        await viaDb(() => markCanceled(sql, runId, taskKey, 'run canceled while running'));
        return { skipped: 'canceled' };
      }
      const e = reason instanceof Error ? reason : new Error(String(reason));
      const final = e instanceof UnrecoverableError || attempt >= (job.opts.attempts ?? 1);
      if (final) {
        await viaDb(() =>
          markFailed(sql, {
            runId,
            taskKey,
            queue: job.queueName,
            jobId: String(job.id),
            error: e.message,
            stack: e.stack,
            attempts: attempt,
          }),
        );
        log.warn({ err: e.message, attempt }, 'task failed after its retries');
      } else {
        await viaDb(() => markRetrying(sql, runId, taskKey, e.message));
        log.info({ err: e.message, attempt }, 'task attempt failed; will retry');
      }
      throw e;
    } finally {
      clearTimeout(timer);
      unregister();
    }
  };
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
