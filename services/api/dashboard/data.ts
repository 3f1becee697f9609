/** Read models for the dashboard: runs with live progress, and per-run trend metrics. */
import type { Sql } from '../../../shared/db/client.ts';
import { listRuns } from '../../../shared/engine/runs.ts';

export interface RunRow {
  id: string;
  name: string;
  plan: string;
  status: string;
  createdAt: string;
  finishedAt: string | null;
  tasks: number;
  done: number;
  failedTasks: number;
  /** Terminal tasks / all tasks. */
  progress: number;
  cases: number;
  passRate: number | null;
}

export async function runRows(sql: Sql, limit = 100): Promise<RunRow[]> {
  return rowsOf(sql, await listRuns(sql, limit));
}

/** One run's row (the run page's live status), without listing the others. */
export async function runRow(sql: Sql, runId: string): Promise<RunRow | undefined> {
  const runs = await sql<Awaited<ReturnType<typeof listRuns>>>`
    select id, name, plan, status, epoch, error, created_at as "createdAt", started_at as "startedAt",
      finished_at as "finishedAt" from runs where id = ${runId}`;
  return (await rowsOf(sql, runs))[0];
}

async function rowsOf(sql: Sql, runs: Awaited<ReturnType<typeof listRuns>>): Promise<RunRow[]> {
  const ids = runs.map((r) => r.id);
  const tasks = await sql<{ run_id: string; total: number; done: number; failed: number }[]>`
    select run_id, count(*)::int as total, count(*) filter (where status in ('completed', 'failed', 'canceled'))::int as done,
      count(*) filter (where status = 'failed')::int as failed
    from tasks where run_id = any(${ids}::text[]) group by run_id`;
  const cases = await sql<{ run_id: string; total: number; pass: number; judged: number }[]>`
    select run_id, count(*)::int as total, count(*) filter (where outcome = 'pass')::int as pass,
      count(*) filter (where outcome in ('pass', 'fail'))::int as judged
    from case_results where run_id = any(${ids}::text[]) group by run_id`;
  const t = new Map(tasks.map((r) => [r.run_id, r]));
  const c = new Map(cases.map((r) => [r.run_id, r]));
  return runs.map((r) => {
    const tr = t.get(r.id);
    const cr = c.get(r.id);
    return {
      id: r.id,
      name: r.name,
      plan: r.plan,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      tasks: tr?.total ?? 0,
      done: tr?.done ?? 0,
      failedTasks: tr?.failed ?? 0,
      progress: tr?.total ? tr.done / tr.total : 0,
      cases: cr?.total ?? 0,
      passRate: cr?.judged ? cr.pass / cr.judged : null,
    };
  });
}

export interface TrendRow {
  id: string;
  name: string;
  createdAt: string;
  passRate: number | null;
  /** What the chatbot's turns cost (reported or priced with the target's `pricing`). */
  chatbotCostUsd: number;
  /** What the judge's LLM calls cost. */
  judgeCostUsd: number;
  p50: number | null;
  p95: number | null;
  /** Share of red-team cases that failed, i.e. attacks that worked. */
  redteamSuccess: number | null;
  silhouette: number | null;
}

/** The last `limit` runs (oldest first), optionally of one name; runs without results are skipped. */
export async function trendRows(sql: Sql, name: string | null, limit = 60): Promise<TrendRow[]> {
  const rows = await sql<{ id: string; name: string; created_at: Date; pass_rate: number | null; chatbot_cost: number; judge_cost: number; p50: number | null; p95: number | null; redteam: number | null; silhouette: number | null }[]>`
    select * from (
      select r.id, r.name, r.created_at,
        (select count(*) filter (where outcome = 'pass')::float / nullif(count(*) filter (where outcome in ('pass', 'fail')), 0)
           from case_results c where c.run_id = r.id) as pass_rate,
        (select coalesce(sum(cost_usd), 0) from transcripts t where t.run_id = r.id) as chatbot_cost,
        (select coalesce(sum(cost_usd), 0) from llm_calls l where l.run_id = r.id) as judge_cost,
        (select percentile_cont(0.5) within group (order by (x->>'latencyMs')::float)
           from transcripts tr, jsonb_array_elements(tr.turns) x where tr.run_id = r.id and x->>'latencyMs' is not null) as p50,
        (select percentile_cont(0.95) within group (order by (x->>'latencyMs')::float)
           from transcripts tr, jsonb_array_elements(tr.turns) x where tr.run_id = r.id and x->>'latencyMs' is not null) as p95,
        (select count(*) filter (where outcome = 'fail')::float / nullif(count(*) filter (where outcome in ('pass', 'fail')), 0)
           from case_results c where c.run_id = r.id and c.family = 'redteam') as redteam,
        (select avg((d.metrics->'silhouette'->>'value')::float) from diagnostics_results d where d.run_id = r.id) as silhouette
      from runs r
      where (${name}::text is null or r.name = ${name})
        and (exists (select 1 from case_results c where c.run_id = r.id) or exists (select 1 from diagnostics_results d where d.run_id = r.id))
      order by r.created_at desc limit ${limit}) x
    order by created_at asc`;
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.created_at.toISOString(),
    passRate: r.pass_rate,
    chatbotCostUsd: Number(r.chatbot_cost),
    judgeCostUsd: Number(r.judge_cost),
    p50: r.p50,
    p95: r.p95,
    redteamSuccess: r.redteam,
    silhouette: r.silhouette,
  }));
}

export async function runNames(sql: Sql): Promise<string[]> {
  return (await sql<{ name: string }[]>`select distinct name from runs order by name limit 200`).map((r) => r.name);
}
