/**
 * The run summary every report is made from: pass rates per set, tag, family and check type; invalid and
 * error counts; tender verdicts; latency and cost; determinism; regressions against the previous comparable
 * run (listed first among failures). Computed from Postgres alone.
 */
import { and, asc, count, desc, eq, exists, inArray, lt, ne, sql as frag, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { drizzleOf, type Sql } from '../db/client.ts';
import { caseResults, checkResults, diagnosticsResults, llmCalls, metadataChecks, reports, runs, tasks, transcripts } from '../db/schema/index.ts';
import type { Outcome } from '../transcript.ts';
import type { GateDecision } from '../report/gate.ts';

export type TenderVerdict = 'ok' | 'ko' | 'not tested';

export interface Counts {
  total: number;
  pass: number;
  fail: number;
  invalid: number;
  error: number;
  /** pass / (pass + fail); null when neither. */
  passRate: number | null;
}

export interface FailedCase {
  taskKey: string;
  setId: string;
  caseId: string;
  tenderId: string | null;
  family: string | null;
  outcome: Outcome;
  reason: string;
  regression: boolean;
  failedChecks: { checkId: string; type: string; outcome: Outcome; reason: string }[];
}

export interface RunSummary {
  runId: string;
  name: string;
  status: string;
  generatedAt: string;
  totals: Counts;
  bySet: (Counts & { key: string })[];
  byTag: (Counts & { key: string })[];
  byFamily: (Counts & { key: string })[];
  byCheckType: (Counts & { key: string })[];
  /**
   * A tender is `not tested` when some of its cases could not be played (errored, or their task failed or was
   * canceled): `untested` says how many and `why` the first reasons. Never ok or ko on cases that did not run.
   */
  /** `costUsd`: what the chatbot's turns for the tender's cases cost (absent in summaries stored before it existed). */
  tenders: { tenderId: string; verdict: TenderVerdict; cases: number; failed: number; errors: number; untested: number; why: string | null; metadataKo: boolean; costUsd?: number }[];
  latency: { target: string; p50: number | null; p95: number | null; turns: number }[];
  cost: { targetTokensIn: number; targetTokensOut: number; targetCostUsd: number; judge: { model: string; calls: number; cached: number; tokensIn: number; tokensOut: number; costUsd: number; p50: number | null; p95: number | null }[] };
  determinism: { repeatedCases: number; sameAnswerShare: number | null; sameToolShare: number | null };
  previousRunId: string | null;
  regressions: number;
  failures: FailedCase[];
  /** Cases that could not be judged (a check that did not run), with why; at most 200, the count is in totals. */
  invalidCases: FailedCase[];
  tasks: { total: number; failed: number; canceled: number };
  /** The CI gate's decision (threshold, pass or not, and why), set by the report task and the CLI. */
  gate?: GateDecision;
  /** Global verdicts. */
  /** `scenarios` counts the decided ones (succeeded or defended); `invalid` the undecided (no judge, ...). */
  redteam: {
    scenarios: number;
    succeeded: number;
    invalid: number;
    successRate: number | null;
    byBranch: { branch: string; scenarios: number; succeeded: number; invalid: number }[];
    /** Detectors that could not decide (`invalid`), by reason: most often context the target file does not give (a canary, roles). */
    undecided: { detector: string; reason: string; scenarios: number }[];
  } | null;
  metadata: { tenders: number; ko: number; discrepancies: number; ambiguous: number; verdict: 'ok' | 'ko' } | null;
  diagnostics: { collection: string; verdict: string; failed: string[] }[];
}

const counts = (r: { pass: number; fail: number; invalid: number; error: number }): Counts => ({
  total: r.pass + r.fail + r.invalid + r.error,
  pass: r.pass,
  fail: r.fail,
  invalid: r.invalid,
  error: r.error,
  passRate: r.pass + r.fail ? r.pass / (r.pass + r.fail) : null,
});

/** count(*) of the rows where `cond` holds, as an int. */
const countWhere = (cond: SQL | undefined) => frag<number>`(count(*) filter (where ${cond}))::int`;
/** Cases (or checks) per outcome. */
const outcomeCounts = (outcome: typeof caseResults.outcome | typeof checkResults.outcome) => ({
  pass: countWhere(eq(outcome, 'pass')),
  fail: countWhere(eq(outcome, 'fail')),
  invalid: countWhere(eq(outcome, 'invalid')),
  error: countWhere(eq(outcome, 'error')),
});
/** group by / order by the first column (a grouped expression is not repeated, nor are its parameters). */
const FIRST = frag`1`;

export async function previousComparableRun(sql: Sql, runId: string): Promise<string | null> {
  const db = drizzleOf(sql);
  const p = alias(runs, 'p');
  const c = alias(runs, 'c');
  const r = await db
    .select({ id: p.id })
    .from(p)
    .innerJoin(c, eq(c.id, runId))
    .where(
      and(
        ne(p.id, c.id),
        eq(p.name, c.name),
        eq(p.plan, c.plan),
        lt(p.createdAt, c.createdAt),
        inArray(p.status, ['completed', 'failed']),
        frag`exists (select 1 from ${caseResults} x where x.run_id = ${p.id})`,
      ),
    )
    .orderBy(desc(p.createdAt))
    .limit(1);
  return r[0]?.id ?? null;
}

export async function computeSummary(sql: Sql, runId: string): Promise<RunSummary> {
  const db = drizzleOf(sql);
  const c = caseResults;
  const k = checkResults;
  const run = (await db.select({ name: runs.name, status: runs.status }).from(runs).where(eq(runs.id, runId)))[0];
  if (!run) throw new Error(`run ${runId} not found`);
  const oc = outcomeCounts(c.outcome);
  const inRun = eq(c.runId, runId);
  const totP = (async () => (await db.select(oc).from(c).where(inRun))[0]!)();
  const keyed = (rows: { key: string; pass: number; fail: number; invalid: number; error: number }[]) => rows.map((r) => ({ key: r.key, ...counts(r) }));
  const group = async (expr: SQL<string>) => keyed(await db.select({ key: expr, ...oc }).from(c).where(inRun).groupBy(FIRST).orderBy(FIRST));
  const bySetP = (async () => await group(frag<string>`${c.setId}`))();
  const byFamilyP = (async () => await group(frag<string>`coalesce(${c.family}, 'scenario')`))();
  const byTagP = (async () => keyed(await db.select({ key: frag<string>`t`, ...oc }).from(frag`${c}, unnest(${c.tags}) t`).where(inRun).groupBy(FIRST).orderBy(FIRST)))();
  const byCheckTypeP = (async () =>
    keyed(await db.select({ key: k.type, ...outcomeCounts(k.outcome) }).from(k).where(eq(k.runId, runId)).groupBy(FIRST).orderBy(FIRST)))();
  // A tender with a case that could not be played is "not tested" (how many, why); else ko when a case failed
  // or its metadata disagree with its text.
  const tendersP = (async () => (await tenderRows(sql, runId)).map((t) => {
    const untested = t.errors + t.lost;
    const why = untested === 0 ? null : [t.why, t.lost ? `${t.lost} case tasks failed or were canceled` : null].filter(Boolean).join(' | ');
    return {
      tenderId: t.tender_id,
      verdict: (untested > 0 ? 'not tested' : t.failed === 0 && !t.metadata_ko ? 'ok' : 'ko') as TenderVerdict,
      cases: t.cases + t.lost,
      failed: t.failed,
      errors: t.errors,
      untested,
      why,
      metadataKo: t.metadata_ko,
      costUsd: t.cost,
    };
  }))();
  const rtP = (async () =>
    await db
      .select({
        branch: frag<string>`substr(${c.setId}, 9)`,
        scenarios: countWhere(inArray(c.outcome, ['pass', 'fail'])),
        succeeded: countWhere(eq(c.outcome, 'fail')),
        invalid: countWhere(eq(c.outcome, 'invalid')),
      })
      .from(c)
      .where(and(inRun, eq(c.family, 'redteam')))
      .groupBy(FIRST)
      .orderBy(frag`3 desc`, FIRST))();
  const undecidedP = (async () =>
    await db
      .select({ detector: frag<string>`${k.details}->>'detector'`, reason: k.reason, scenarios: count() })
      .from(k)
      .innerJoin(c, and(eq(c.runId, k.runId), eq(c.taskKey, k.taskKey)))
      .where(and(eq(k.runId, runId), eq(c.family, 'redteam'), eq(k.outcome, 'invalid'), frag`${k.details} ? 'detector'`))
      .groupBy(FIRST, frag`2`)
      .orderBy(frag`3 desc`, FIRST, frag`2`))();
  const m = metadataChecks;
  const mdP = (async () =>
    (
      await db
        .select({
          tenders: count(),
          ko: countWhere(eq(m.verdict, 'ko')),
          discrepancies: frag<number>`coalesce(sum(jsonb_array_length(${m.discrepancies})), 0)::int`,
          ambiguous: frag<number>`coalesce(sum(jsonb_array_length(${m.ambiguous})), 0)::int`,
        })
        .from(m)
        .where(eq(m.runId, runId))
    )[0]!)();
  const d = diagnosticsResults;
  const diagnosticsP = (async () =>
    (await db.select({ collection: d.collection, verdict: d.verdict, failed: d.failed }).from(d).where(eq(d.runId, runId)).orderBy(asc(d.collection))).map((r) => ({
      collection: r.collection,
      verdict: r.verdict,
      failed: ((r.failed ?? []) as { name: string }[]).map((f) => f.name),
    })))();
  const tr = transcripts;
  // Each turn's latency is in the transcript's jsonb turns.
  const latencyP = (async () =>
    await db
      .select({
        target: frag<string>`${tr.target}`,
        p50: frag<number | null>`percentile_cont(0.5) within group (order by (t->>'latencyMs')::float)`,
        p95: frag<number | null>`percentile_cont(0.95) within group (order by (t->>'latencyMs')::float)`,
        turns: count(),
      })
      .from(frag`${tr}, jsonb_array_elements(${tr.turns}) t`)
      .where(and(eq(tr.runId, runId), frag`t->>'latencyMs' is not null`))
      .groupBy(FIRST))();
  const tcostP = (async () =>
    (
      await db
        .select({
          tin: frag<number>`coalesce(sum(${tr.tokensIn}), 0)::int`,
          tout: frag<number>`coalesce(sum(${tr.tokensOut}), 0)::int`,
          cost: frag<number>`coalesce(sum(${tr.costUsd}), 0)::float`,
        })
        .from(tr)
        .where(eq(tr.runId, runId))
    )[0]!)();
  const l = llmCalls;
  const judgeP = (async () =>
    await db
      .select({
        model: l.model,
        calls: count(),
        cached: countWhere(frag`${l.cached}`),
        tokensIn: frag<number>`coalesce(sum(${l.tokensIn}), 0)::int`,
        tokensOut: frag<number>`coalesce(sum(${l.tokensOut}), 0)::int`,
        costUsd: frag<number>`coalesce(sum(${l.costUsd}), 0)::float`,
        p50: frag<number | null>`percentile_cont(0.5) within group (order by ${l.latencyMs})`,
        p95: frag<number | null>`percentile_cont(0.95) within group (order by ${l.latencyMs})`,
      })
      .from(l)
      .where(eq(l.runId, runId))
      .groupBy(l.model))();
  // Repeated cases (asked more than once): how many gave one answer, and one tool sequence, every time.
  const detP = (async () => {
    const x = db
      .select({ a: frag<number>`count(distinct ${c.answerSignature})`.as('a'), t: frag<number>`count(distinct ${c.toolSignature})`.as('t') })
      .from(c)
      .where(inRun)
      .groupBy(c.setId, c.caseId)
      .having(frag`count(*) > 1`)
      .as('x');
    return (await db.select({ cases: count(), same_answer: countWhere(eq(x.a, 1)), same_tool: countWhere(eq(x.t, 1)) }).from(x))[0]!;
  })();
  const previousRunIdP = (async () => await previousComparableRun(sql, runId))();
  // The queries above run side by side on the pool; the report waits for the slowest, not their sum.
  const [tot, bySet, byFamily, byTag, byCheckType, tenders, rt, md, diagnostics, latency, tcost, judge, det, previousRunId, undecided] = await Promise.all([totP, bySetP, byFamilyP, byTagP, byCheckTypeP, tendersP, rtP, mdP, diagnosticsP, latencyP, tcostP, judgeP, detP, previousRunIdP, undecidedP]);
  const rtTotal = rt.reduce((a, r) => ({ s: a.s + r.scenarios, x: a.x + r.succeeded, i: a.i + r.invalid }), { s: 0, x: 0, i: 0 });
  const caseColumns = { taskKey: c.taskKey, setId: c.setId, caseId: c.caseId, tenderId: c.tenderId, family: c.family, outcome: c.outcome, reason: c.reason };
  // A failure is a regression when the previous comparable run passed the same case (same repeat).
  const p = alias(caseResults, 'p');
  const passedBefore = db
    .select({ one: frag`1` })
    .from(p)
    .where(and(frag`${p.runId} = ${previousRunId}`, eq(p.setId, c.setId), eq(p.caseId, c.caseId), eq(p.repeatIndex, c.repeatIndex), eq(p.outcome, 'pass')));
  const regression = frag<boolean>`${exists(passedBefore)} and ${c.outcome} = 'fail'`;
  const failedRows = await db
    .select({ ...caseColumns, regression })
    .from(c)
    .where(and(inRun, inArray(c.outcome, ['fail', 'error'])))
    .orderBy(frag`8 desc`, desc(c.outcome), asc(c.setId), asc(c.caseId), asc(c.repeatIndex));
  const invalidRows = await db
    .select(caseColumns)
    .from(c)
    .where(and(inRun, eq(c.outcome, 'invalid')))
    .orderBy(asc(c.setId), asc(c.caseId), asc(c.repeatIndex))
    .limit(200);
  // Every check that did not pass, invalid ones included: a case shows what was not evaluated beside what failed.
  const checks = await db
    .select({ taskKey: k.taskKey, checkId: k.checkId, type: k.type, outcome: k.outcome, reason: k.reason })
    .from(k)
    .where(and(eq(k.runId, runId), ne(k.outcome, 'pass')))
    .orderBy(asc(k.taskKey), asc(k.checkId));
  const byTask = new Map<string, FailedCase['failedChecks']>();
  for (const ch of checks) {
    const list = byTask.get(ch.taskKey) ?? [];
    list.push({ checkId: ch.checkId, type: ch.type, outcome: ch.outcome as Outcome, reason: ch.reason });
    byTask.set(ch.taskKey, list);
  }
  const listed = (f: { taskKey: string; setId: string; caseId: string; tenderId: string | null; family: string | null; outcome: string; reason: string; regression?: boolean }): FailedCase => ({
    taskKey: f.taskKey,
    setId: f.setId,
    caseId: f.caseId,
    tenderId: f.tenderId,
    family: f.family,
    outcome: f.outcome as Outcome,
    reason: f.reason,
    regression: f.regression ?? false,
    failedChecks: byTask.get(f.taskKey) ?? [],
  });
  const failures = failedRows.map(listed);
  const taskCounts = (
    await db
      .select({ total: count(), failed: countWhere(eq(tasks.status, 'failed')), canceled: countWhere(eq(tasks.status, 'canceled')) })
      .from(tasks)
      .where(eq(tasks.runId, runId))
  )[0]!;
  return {
    runId,
    name: run.name,
    status: run.status,
    generatedAt: new Date().toISOString(),
    totals: counts(tot),
    bySet,
    byTag,
    byFamily,
    byCheckType,
    tenders,
    latency,
    cost: { targetTokensIn: tcost.tin, targetTokensOut: tcost.tout, targetCostUsd: tcost.cost, judge },
    determinism: {
      repeatedCases: det.cases,
      sameAnswerShare: det.cases ? det.same_answer / det.cases : null,
      sameToolShare: det.cases ? det.same_tool / det.cases : null,
    },
    previousRunId,
    regressions: failures.filter((f) => f.regression).length,
    failures,
    invalidCases: invalidRows.map(listed),
    tasks: taskCounts,
    redteam: rt.length
      ? { scenarios: rtTotal.s, succeeded: rtTotal.x, invalid: rtTotal.i, successRate: rtTotal.s ? rtTotal.x / rtTotal.s : null, byBranch: rt, undecided }
      : null,
    metadata: md.tenders ? { ...md, verdict: md.ko ? 'ko' : 'ok' } : null,
    diagnostics,
  };
}

export async function saveSummary(sql: Sql, summary: RunSummary): Promise<void> {
  await drizzleOf(sql)
    .insert(reports)
    .values({ runId: summary.runId, summary })
    .onConflictDoUpdate({ target: reports.runId, set: { summary, createdAt: frag`now()` } });
}

/** Per tender: cases, failures, errors (and why), case tasks lost before a result, metadata ko, chatbot cost. */
async function tenderRows(sql: Sql, runId: string) {
  // raw SQL: not converted yet — four CTEs joined USING over a UNION of their keys; same statement as before this change
  return sql<{ tender_id: string; cases: number; failed: number; errors: number; lost: number; why: string | null; metadata_ko: boolean; cost: number }[]>`
    with c as (
      select r.tender_id, count(*)::int as cases, count(*) filter (where r.outcome = 'fail')::int as failed,
        count(*) filter (where r.outcome = 'error')::int as errors,
        left(string_agg(distinct r.reason, ' | ') filter (where r.outcome = 'error'), 300) as why,
        coalesce(sum(tr.cost_usd), 0)::float as cost
      from case_results r left join transcripts tr on tr.run_id = r.run_id and tr.task_key = r.task_key
      where r.run_id = ${runId} and r.tender_id is not null group by 1),
    l as (
      select t.payload->>'tenderId' as tender_id, count(*)::int as lost from tasks t
      where t.run_id = ${runId} and t.status in ('failed', 'canceled') and t.payload->>'tenderId' is not null
        and t.kind in ('eval.converse', 'eval.redteam')
        and not exists (select 1 from case_results r where r.run_id = t.run_id and r.task_key = t.task_key)
      group by 1),
    m as (select tender_id, verdict = 'ko' as ko from metadata_checks where run_id = ${runId}),
    k as (select tender_id from c union select tender_id from l union select tender_id from m)
    select k.tender_id, coalesce(c.cases, 0) as cases, coalesce(c.failed, 0) as failed, coalesce(c.errors, 0) as errors,
      coalesce(l.lost, 0) as lost, c.why, coalesce(m.ko, false) as metadata_ko, coalesce(c.cost, 0)::float as cost
    from k left join c using (tender_id) left join l using (tender_id) left join m using (tender_id) order by 1`;
}
