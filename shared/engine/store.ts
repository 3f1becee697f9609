/**
 * Postgres side of the task lifecycle. Every transition is a guarded UPDATE (a completed task is never
 * reopened by a late duplicate; a task leaves `running` only once), so at-least-once delivery from BullMQ
 * never produces duplicate results or double dead letters.
 */
import { count, eq } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../db/client.ts';
import { tasks, type TaskStatus } from '../db/schema/engine.ts';
import type { Completion } from './completions.ts';
import { storable, storableText } from '../db/storable.ts';

export const TERMINAL: readonly TaskStatus[] = ['completed', 'failed', 'canceled'];

export interface ClaimView {
  status: TaskStatus;
  kind: string;
  payload: unknown;
  alwaysRun: boolean;
  flowParent: string | null;
  epoch: number;
  cancelRequested: boolean;
  deps: { key: string; status: TaskStatus; flowParent: string | null }[];
}

interface ViewRow {
  status: TaskStatus;
  kind: string;
  payload: unknown;
  always_run: boolean;
  flow_parent: string | null;
  epoch: number;
  cancel_requested: boolean;
  deps: { key: string; status: TaskStatus; flowParent: string | null }[];
}

const toView = (r: ViewRow): ClaimView => ({
  status: r.status,
  kind: r.kind,
  payload: r.payload,
  alwaysRun: r.always_run,
  flowParent: r.flow_parent,
  epoch: r.epoch,
  cancelRequested: r.cancel_requested,
  deps: r.deps,
});

export async function readClaimView(sql: Sql, runId: string, taskKey: string): Promise<ClaimView | undefined> {
  // raw SQL: task lifecycle hot path (claim, complete, retry, fail, cancel, dependency results), one guarded statement per transition — measured by npm run bench:engine
  const rows = await sql<ViewRow[]>`
    select t.status, t.kind, t.payload, t.always_run, t.flow_parent, r.epoch, r.cancel_requested,
      coalesce((select json_agg(json_build_object('key', d.task_key, 'status', d.status, 'flowParent', d.flow_parent))
                from tasks d where d.run_id = t.run_id and d.task_key = any(t.depends_on)), '[]'::json) as deps
    from tasks t join runs r on r.id = t.run_id
    where t.run_id = ${runId} and t.task_key = ${taskKey}`;
  return rows[0] ? toView(rows[0]) : undefined;
}

/**
 * The common path in one round trip: read the task with its run and dependencies and, when its epoch is
 * current, the run not canceling, the task not terminal and every dependency completed, mark it running.
 * `claimed` tells whether that happened; otherwise the caller decides from the view (gate, cancel, skip).
 * Kept apart from claimTasks on purpose: looking one task up by its whole key costs Postgres half as much as
 * `task_key = any(...)` (bench:engine), and most jobs carry one task.
 * started_at is clock_timestamp(), read after the statement's snapshot: now() is taken when the transaction begins,
 * which on a loaded machine can precede the commit of the dependency this very statement sees completed.
 */
export async function claimTask(
  sql: Sql,
  a: { runId: string; taskKey: string; epoch: number; attempt: number; workerId: string; jobId: string },
): Promise<(ClaimView & { claimed: boolean }) | undefined> {
  // raw SQL: task lifecycle hot path (claim, complete, retry, fail, cancel, dependency results), one guarded statement per transition — measured by npm run bench:engine
  const rows = await sql<(ViewRow & { claimed: number })[]>`
    with v as (
      select t.status, t.kind, t.payload, t.always_run, t.flow_parent, r.epoch, r.cancel_requested,
        coalesce((select json_agg(json_build_object('key', d.task_key, 'status', d.status, 'flowParent', d.flow_parent))
                  from tasks d where d.run_id = t.run_id and d.task_key = any(t.depends_on)), '[]'::json) as deps
      from tasks t join runs r on r.id = t.run_id
      where t.run_id = ${a.runId} and t.task_key = ${a.taskKey}
    ), upd as (
      update tasks set status = 'running', attempts = ${a.attempt}, executions = executions + 1,
        started_at = clock_timestamp(), worker_id = ${a.workerId}, job_id = ${a.jobId}, error = null
      from v
      where tasks.run_id = ${a.runId} and tasks.task_key = ${a.taskKey} and tasks.status in ('queued', 'running')
        and v.epoch = ${a.epoch} and not v.cancel_requested
        and not exists (select 1 from json_array_elements(v.deps) d where d->>'status' <> 'completed')
      returning 1
    )
    select v.*, (select count(*) from upd)::int as claimed from v`;
  const r = rows[0];
  if (!r) return undefined;
  return { ...toView(r), status: r.claimed ? 'running' : r.status, claimed: r.claimed === 1 };
}

/** claimTask for the tasks of a batch job, in one statement. Tasks missing from Postgres are missing from the map. */
export async function claimTasks(
  sql: Sql,
  a: { runId: string; taskKeys: string[]; epoch: number; attempt: number; workerId: string; jobId: string },
): Promise<Map<string, ClaimView & { claimed: boolean }>> {
  // raw SQL: task lifecycle hot path (claim, complete, retry, fail, cancel, dependency results), one guarded statement per transition — measured by npm run bench:engine
  const rows = await sql<(ViewRow & { task_key: string; claimed: boolean })[]>`
    with v as (
      select t.task_key, t.status, t.kind, t.payload, t.always_run, t.flow_parent, r.epoch, r.cancel_requested,
        coalesce((select json_agg(json_build_object('key', d.task_key, 'status', d.status, 'flowParent', d.flow_parent))
                  from tasks d where d.run_id = t.run_id and d.task_key = any(t.depends_on)), '[]'::json) as deps
      from tasks t join runs r on r.id = t.run_id
      where t.run_id = ${a.runId} and t.task_key = any(${a.taskKeys}::text[])
    ), upd as (
      update tasks set status = 'running', attempts = ${a.attempt}, executions = executions + 1,
        started_at = clock_timestamp(), worker_id = ${a.workerId}, job_id = ${a.jobId}, error = null
      from v
      where tasks.run_id = ${a.runId} and tasks.task_key = v.task_key and tasks.status in ('queued', 'running')
        and v.epoch = ${a.epoch} and not v.cancel_requested
        and not exists (select 1 from json_array_elements(v.deps) d where d->>'status' <> 'completed')
      returning tasks.task_key
    )
    select v.*, v.task_key in (select task_key from upd) as claimed from v`;
  return new Map(rows.map((r) => [r.task_key, { ...toView(r), status: r.claimed ? 'running' : r.status, claimed: r.claimed }]));
}

/** queued|running → running. Returns false when the task is already terminal (skip the job). */
export async function markRunning(
  sql: Sql,
  a: { runId: string; taskKey: string; attempt: number; workerId: string; jobId: string },
): Promise<boolean> {
  // raw SQL: task lifecycle hot path (claim, complete, retry, fail, cancel, dependency results), one guarded statement per transition — measured by npm run bench:engine
  const rows = await sql`
    update tasks set status = 'running', attempts = ${a.attempt}, executions = executions + 1,
      started_at = clock_timestamp(), worker_id = ${a.workerId}, job_id = ${a.jobId}, error = null
    where run_id = ${a.runId} and task_key = ${a.taskKey} and status in ('queued', 'running')
    returning 1`;
  return rows.length === 1;
}

/** One completion on its own (CompletionWriter writes them in groups). */
export async function markCompleted(sql: Sql, a: Completion): Promise<boolean> {
  const result = sql.json((storable(a.result) ?? null) as Parameters<Sql['json']>[0]);
  const rows = await sql`
    with ins as (
      insert into task_results (run_id, task_key, result) select ${a.runId}, ${a.taskKey}, ${result} where ${a.result !== undefined}
      on conflict (run_id, task_key) do update set result = excluded.result, created_at = now()
    )
    update tasks set status = 'completed', finished_at = now(), latency_ms = ${a.latencyMs},
      cost_usd = cost_usd + ${a.costUsd}, tokens_in = tokens_in + ${a.tokensIn},
      tokens_out = tokens_out + ${a.tokensOut}, error = null
    where run_id = ${a.runId} and task_key = ${a.taskKey} and status <> 'completed'
    returning 1`;
  return rows.length === 1;
}

/** A failed attempt that will be retried: back to queued with the last error. */
/*
 * An error's text is stored through storableText (a NUL as ␀): Postgres text cannot hold a NUL, and a failure
 * that cannot be recorded leaves its task running until its job is found lost.
 */
export async function markRetrying(sql: Sql, runId: string, taskKey: string, error: string): Promise<void> {
  // raw SQL: task lifecycle hot path (claim, complete, retry, fail, cancel, dependency results), one guarded statement per transition — measured by npm run bench:engine
  await sql`update tasks set status = 'queued', error = ${storableText(error)}
    where run_id = ${runId} and task_key = ${taskKey} and status = 'running'`;
}

/** Final failure: the task becomes failed and (once) gets a dead letter. */
export async function markFailed(
  sql: Sql,
  given: { runId: string; taskKey: string; queue: string; jobId: string | undefined; error: string; stack?: string; attempts: number },
): Promise<boolean> {
  const a = { ...given, error: storableText(given.error), stack: given.stack === undefined ? undefined : storableText(given.stack) };
  return sql.begin(async (tx) => {
    const rows = await tx<{ payload: unknown }[]>`
      update tasks set status = 'failed', error = ${a.error}, finished_at = now()
      where run_id = ${a.runId} and task_key = ${a.taskKey} and status not in ('completed', 'failed', 'canceled')
      returning payload`;
    const row = rows[0];
    if (!row) return false;
    // raw SQL: task lifecycle hot path (claim, complete, retry, fail, cancel, dependency results), one guarded statement per transition — measured by npm run bench:engine
    await tx`insert into dead_letters (run_id, task_key, queue, job_id, payload, error, stack, attempts)
      values (${a.runId}, ${a.taskKey}, ${a.queue}, ${a.jobId ?? null}, ${tx.json(row.payload as Parameters<Sql['json']>[0])},
              ${a.error}, ${a.stack ?? null}, ${a.attempts})`;
    return true;
  });
}

export async function markCanceled(sql: Sql, runId: string, taskKey: string, reason: string): Promise<boolean> {
  const rows = await sql`
    update tasks set status = 'canceled', cancel_reason = ${reason}, finished_at = now()
    where run_id = ${runId} and task_key = ${taskKey} and status not in ('completed', 'failed', 'canceled')
    returning 1`;
  return rows.length === 1;
}

export async function depResults(sql: Sql, runId: string, taskKey: string): Promise<Map<string, unknown>> {
  // raw SQL: task lifecycle hot path (claim, complete, retry, fail, cancel, dependency results), one guarded statement per transition — measured by npm run bench:engine
  const rows = await sql<{ task_key: string; result: unknown }[]>`
    select r.task_key, r.result from task_results r
    join tasks t on t.run_id = r.run_id and t.task_key = r.task_key and t.status = 'completed'
    where r.run_id = ${runId}
      and r.task_key = any(select unnest(depends_on) from tasks where run_id = ${runId} and task_key = ${taskKey})`;
  return new Map(rows.map((r) => [r.task_key, r.result]));
}

export interface RunCounts {
  total: number;
  queued: number;
  running: number;
  completed: number;
  failed: number;
  canceled: number;
}

export async function runCounts(sql: Sql, runId: string): Promise<RunCounts> {
  const rows = await drizzleOf(sql).select({ status: tasks.status, n: count() }).from(tasks).where(eq(tasks.runId, runId)).groupBy(tasks.status);
  const c: RunCounts = { total: 0, queued: 0, running: 0, completed: 0, failed: 0, canceled: 0 };
  for (const r of rows) {
    c[r.status] = r.n;
    c.total += r.n;
  }
  return c;
}
