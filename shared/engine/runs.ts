/** Read models for runs: list, detail with counts per state and progress. */
import type { Sql } from '../db/client.ts';
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

export async function listRuns(sql: Sql, limit = 50): Promise<RunSummary[]> {
  return sql<RunSummary[]>`
    select id, name, plan, status, epoch, error, created_at as "createdAt", started_at as "startedAt",
      finished_at as "finishedAt" from runs order by created_at desc limit ${limit}`;
}

export async function getRun(sql: Sql, runId: string): Promise<RunDetail> {
  const r = (await sql<RunSummary[]>`
    select id, name, plan, status, epoch, error, created_at as "createdAt", started_at as "startedAt",
      finished_at as "finishedAt" from runs where id = ${runId}`)[0];
  if (!r) throw new NotFoundError(`run ${runId}`);
  const counts = await runCounts(sql, runId);
  const totals = (await sql<{ cost: number; tin: number; tout: number }[]>`
    select coalesce(sum(cost_usd), 0)::float as cost, coalesce(sum(tokens_in), 0)::int as tin,
      coalesce(sum(tokens_out), 0)::int as tout from tasks where run_id = ${runId}`)[0];
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
