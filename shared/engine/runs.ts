/** Read models for runs: list, detail with counts per state and progress. */
import { asc, desc, eq, sql as frag } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../db/client.ts';
import { runs, tasks } from '../db/schema/engine.ts';
import { runCounts, type RunCounts } from './store.ts';
import { NotFoundError } from './errors.ts';

export interface RunSummary {
  id: string;
  name: string;
  plan: string;
  status: string;
  epoch: number;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface RunDetail extends RunSummary {
  counts: RunCounts;
  /** Share of tasks in a terminal state. */
  progress: number;
  costUsd: number;
  tokensIn: number;
  tokensOut: number;
}

/** The columns of a RunSummary, for selects of runs. */
export const runSummaryColumns = {
  id: runs.id,
  name: runs.name,
  plan: runs.plan,
  status: runs.status,
  epoch: runs.epoch,
  error: runs.error,
  createdAt: runs.createdAt,
  startedAt: runs.startedAt,
  finishedAt: runs.finishedAt,
};

export async function listRuns(sql: Sql, limit = 50): Promise<RunSummary[]> {
  return drizzleOf(sql).select(runSummaryColumns).from(runs).orderBy(desc(runs.createdAt)).limit(limit);
}

/** A run's tasks as the API lists them (at most 5,000, by key). */
export async function listTasks(sql: Sql, runId: string) {
  return drizzleOf(sql)
    .select({
      key: tasks.taskKey,
      kind: tasks.kind,
      queue: tasks.queue,
      status: tasks.status,
      attempts: tasks.attempts,
      executions: tasks.executions,
      error: tasks.error,
      cancelReason: tasks.cancelReason,
      latencyMs: tasks.latencyMs,
      costUsd: tasks.costUsd,
      startedAt: tasks.startedAt,
      finishedAt: tasks.finishedAt,
    })
    .from(tasks)
    .where(eq(tasks.runId, runId))
    .orderBy(asc(tasks.taskKey))
    .limit(5000);
}

export async function runExists(sql: Sql, runId: string): Promise<boolean> {
  return (await drizzleOf(sql).select({ id: runs.id }).from(runs).where(eq(runs.id, runId))).length > 0;
}

export async function getRun(sql: Sql, runId: string): Promise<RunDetail> {
  const db = drizzleOf(sql);
  const r = (await db.select(runSummaryColumns).from(runs).where(eq(runs.id, runId)))[0];
  if (!r) throw new NotFoundError(`run ${runId}`);
  const counts = await runCounts(sql, runId);
  const totals = (
    await db
      .select({
        cost: frag<number>`coalesce(sum(${tasks.costUsd}), 0)::float`,
        tin: frag<number>`coalesce(sum(${tasks.tokensIn}), 0)::int`,
        tout: frag<number>`coalesce(sum(${tasks.tokensOut}), 0)::int`,
      })
      .from(tasks)
      .where(eq(tasks.runId, runId))
  )[0];
  const done = counts.completed + counts.failed + counts.canceled;
  return {
    ...r,
    counts,
    progress: counts.total ? done / counts.total : 0,
    costUsd: totals?.cost ?? 0,
    tokensIn: totals?.tin ?? 0,
    tokensOut: totals?.tout ?? 0,
  };
}
