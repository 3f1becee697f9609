/** Read models for the dashboard: runs with live progress, and per-run trend metrics. */
import { and, asc, count, desc, eq, exists, inArray, or, sql as frag, type SQL } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../../../shared/db/client.ts';
import { caseResults, diagnosticsResults, llmCalls, runs, tasks, transcripts } from '../../../shared/db/schema/index.ts';
import { listRuns, runSummaryColumns, type RunSummary } from '../../../shared/engine/runs.ts';

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
  const one = await drizzleOf(sql).select(runSummaryColumns).from(runs).where(eq(runs.id, runId));
  return (await rowsOf(sql, one))[0];
}

/** count(*) of the rows where `cond` holds, as an int. */
const countWhere = (cond: SQL) => frag<number>`(count(*) filter (where ${cond}))::int`;

async function rowsOf(sql: Sql, runList: RunSummary[]): Promise<RunRow[]> {
  const db = drizzleOf(sql);
  const ids = runList.map((r) => r.id);
  if (!ids.length) return [];
  const [taskRows, caseRows] = await Promise.all([
    db
      .select({
        runId: tasks.runId,
        total: count(),
        done: countWhere(inArray(tasks.status, ['completed', 'failed', 'canceled'])),
        failed: countWhere(eq(tasks.status, 'failed')),
      })
      .from(tasks)
      .where(inArray(tasks.runId, ids))
      .groupBy(tasks.runId),
    db
      .select({
        runId: caseResults.runId,
        total: count(),
        pass: countWhere(eq(caseResults.outcome, 'pass')),
        judged: countWhere(inArray(caseResults.outcome, ['pass', 'fail'])),
      })
      .from(caseResults)
      .where(inArray(caseResults.runId, ids))
      .groupBy(caseResults.runId),
  ]);
  const t = new Map(taskRows.map((r) => [r.runId, r]));
  const c = new Map(caseRows.map((r) => [r.runId, r]));
  return runList.map((r) => {
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
  const db = drizzleOf(sql);
  const c = caseResults;
  const tr = transcripts;
  // Correlated subqueries, one figure each (their where clauses qualify the columns, the select lists do not).
  const of = <T>(q: { getSQL(): SQL }) => frag<T>`(${q})`;
  const rate = (outcome: 'pass' | 'fail', cond?: SQL) =>
    of<number | null>(
      db
        .select({ v: frag`count(*) filter (where ${c.outcome} = ${outcome})::float / nullif(count(*) filter (where ${c.outcome} in ('pass', 'fail')), 0)` })
        .from(c)
        .where(and(eq(c.runId, runs.id), cond)),
    );
  // Each turn's latency is in the transcript's jsonb turns.
  const latency = (p: 0.5 | 0.95) =>
    of<number | null>(
      db
        .select({ v: frag`percentile_cont(${frag.raw(String(p))}) within group (order by (x->>'latencyMs')::float)` })
        .from(frag`${tr}, jsonb_array_elements(${tr.turns}) x`)
        .where(and(eq(tr.runId, runs.id), frag`x->>'latencyMs' is not null`)),
    );
  const costOf = (t: typeof tr | typeof llmCalls) => of<number>(db.select({ v: frag`coalesce(sum(${t.costUsd}), 0)` }).from(t).where(eq(t.runId, runs.id)));
  const latest = db
    .select({
      id: runs.id,
      name: runs.name,
      createdAt: runs.createdAt,
      passRate: rate('pass').as('pass_rate'),
      chatbotCost: costOf(tr).as('chatbot_cost'),
      judgeCost: costOf(llmCalls).as('judge_cost'),
      p50: latency(0.5).as('p50'),
      p95: latency(0.95).as('p95'),
      redteam: rate('fail', eq(c.family, 'redteam')).as('redteam'),
      silhouette: of<number | null>(
        db
          .select({ v: frag`avg((${diagnosticsResults.metrics}->'silhouette'->>'value')::float)` })
          .from(diagnosticsResults)
          .where(eq(diagnosticsResults.runId, runs.id)),
      ).as('silhouette'),
    })
    .from(runs)
    .where(
      and(
        name === null ? undefined : eq(runs.name, name),
        or(
          exists(db.select({ one: frag`1` }).from(c).where(eq(c.runId, runs.id))),
          exists(db.select({ one: frag`1` }).from(diagnosticsResults).where(eq(diagnosticsResults.runId, runs.id))),
        ),
      ),
    )
    .orderBy(desc(runs.createdAt))
    .limit(limit)
    .as('latest');
  const rows = await db.select().from(latest).orderBy(asc(latest.createdAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    passRate: r.passRate,
    chatbotCostUsd: Number(r.chatbotCost),
    judgeCostUsd: Number(r.judgeCost),
    p50: r.p50,
    p95: r.p95,
    redteamSuccess: r.redteam,
    silhouette: r.silhouette,
  }));
}

export async function runNames(sql: Sql): Promise<string[]> {
  const rows = await drizzleOf(sql).selectDistinct({ name: runs.name }).from(runs).orderBy(asc(runs.name)).limit(200);
  return rows.map((r) => r.name);
}
