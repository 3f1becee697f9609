/**
 * The run summary every report is made from: pass rates per set, tag, family and check type; invalid and
 * error counts; tender verdicts; latency and cost; determinism; regressions against the previous comparable
 * run (listed first among failures). Computed from Postgres alone.
 */
import { sql as frag } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../db/client.ts';
import { reports } from '../db/schema/index.ts';
import { storable } from '../db/storable.ts';
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

// raw SQL: the 2,000-case run summary in Drizzle took 1.6 × as long (computeSummary median 50 -> 80 ms) — measured by npm run bench:dashboard
const COUNT_COLS = (sql: Sql) => sql`
  count(*) filter (where outcome = 'pass')::int as pass, count(*) filter (where outcome = 'fail')::int as fail,
  count(*) filter (where outcome = 'invalid')::int as invalid, count(*) filter (where outcome = 'error')::int as error`;

export async function previousComparableRun(sql: Sql, runId: string): Promise<string | null> {
  const r = await sql<{ id: string }[]>`
    select p.id from runs p join runs c on c.id = ${runId}
    where p.id <> c.id and p.name = c.name and p.plan = c.plan and p.created_at < c.created_at
      and p.status in ('completed', 'failed') and exists (select 1 from case_results x where x.run_id = p.id)
    order by p.created_at desc limit 1`;
  return r[0]?.id ?? null;
}

export async function computeSummary(sql: Sql, runId: string): Promise<RunSummary> {
  // raw SQL: the 2,000-case run summary in Drizzle took 1.6 × as long (computeSummary median 50 -> 80 ms) — measured by npm run bench:dashboard
  const run = (await sql<{ name: string; status: string }[]>`select name, status from runs where id = ${runId}`)[0];
  if (!run) throw new Error(`run ${runId} not found`);
  const c = COUNT_COLS(sql);
  const totP = (async () => (await sql<{ pass: number; fail: number; invalid: number; error: number }[]>`
    select ${c} from case_results where run_id = ${runId}`)[0]!)();
  const group = async (expr: ReturnType<Sql>) =>
    (await sql<{ key: string; pass: number; fail: number; invalid: number; error: number }[]>`
      select ${expr} as key, ${c} from case_results where run_id = ${runId} group by 1 order by 1`).map((r) => ({ key: r.key, ...counts(r) }));
  const bySetP = (async () => await group(sql`set_id`))();
  const byFamilyP = (async () => await group(sql`coalesce(family, 'scenario')`))();
  const byTagP = (async () => (await sql<{ key: string; pass: number; fail: number; invalid: number; error: number }[]>`
    select t as key, ${c} from case_results, unnest(tags) t where run_id = ${runId} group by 1 order by 1`).map((r) => ({ key: r.key, ...counts(r) })))();
  // raw SQL: the 2,000-case run summary in Drizzle took 1.6 × as long (computeSummary median 50 -> 80 ms) — measured by npm run bench:dashboard
  const byCheckTypeP = (async () => (await sql<{ key: string; pass: number; fail: number; invalid: number; error: number }[]>`
    select type as key, ${c} from check_results where run_id = ${runId} group by 1 order by 1`).map((r) => ({ key: r.key, ...counts(r) })))();
  // A tender with a case that could not be played is "not tested" (how many, why); else ko when a case failed
  // or its metadata disagree with its text.
  const tendersP = (async () => (await sql<{ tender_id: string; cases: number; failed: number; errors: number; lost: number; why: string | null; metadata_ko: boolean; cost: number }[]>`
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
    from k left join c using (tender_id) left join l using (tender_id) left join m using (tender_id) order by 1`).map((t) => {
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
  // raw SQL: the 2,000-case run summary in Drizzle took 1.6 × as long (computeSummary median 50 -> 80 ms) — measured by npm run bench:dashboard
  const rtP = (async () => await sql<{ branch: string; scenarios: number; succeeded: number; invalid: number }[]>`
    select substr(set_id, 9) as branch, count(*) filter (where outcome in ('pass', 'fail'))::int as scenarios,
      count(*) filter (where outcome = 'fail')::int as succeeded, count(*) filter (where outcome = 'invalid')::int as invalid
    from case_results where run_id = ${runId} and family = 'redteam' group by 1 order by 3 desc, 1`)();
  const undecidedP = (async () => await sql<{ detector: string; reason: string; scenarios: number }[]>`
    select k.details->>'detector' as detector, k.reason, count(*)::int as scenarios
    from check_results k join case_results c on c.run_id = k.run_id and c.task_key = k.task_key
    where k.run_id = ${runId} and c.family = 'redteam' and k.outcome = 'invalid' and k.details ? 'detector'
    group by 1, 2 order by 3 desc, 1, 2`)();
  const mdP = (async () => (await sql<{ tenders: number; ko: number; discrepancies: number; ambiguous: number }[]>`
    select count(*)::int as tenders, count(*) filter (where verdict = 'ko')::int as ko,
      coalesce(sum(jsonb_array_length(discrepancies)), 0)::int as discrepancies, coalesce(sum(jsonb_array_length(ambiguous)), 0)::int as ambiguous
    from metadata_checks where run_id = ${runId}`)[0]!)();
  // raw SQL: the 2,000-case run summary in Drizzle took 1.6 × as long (computeSummary median 50 -> 80 ms) — measured by npm run bench:dashboard
  const diagnosticsP = (async () => (await sql<{ collection: string; verdict: string; failed: { name: string }[] }[]>`
    select collection, verdict, failed from diagnostics_results where run_id = ${runId} order by collection`).map((d) => ({
    collection: d.collection,
    verdict: d.verdict,
    failed: (d.failed ?? []).map((f) => f.name),
  })))();
  const latencyP = (async () => await sql<{ target: string; p50: number | null; p95: number | null; turns: number }[]>`
    select tr.target, percentile_cont(0.5) within group (order by (t->>'latencyMs')::float) as p50,
      percentile_cont(0.95) within group (order by (t->>'latencyMs')::float) as p95, count(*)::int as turns
    from transcripts tr, jsonb_array_elements(tr.turns) t
    where tr.run_id = ${runId} and t->>'latencyMs' is not null group by 1`)();
  const tcostP = (async () => (await sql<{ tin: number; tout: number; cost: number }[]>`
    select coalesce(sum(tokens_in), 0)::int as tin, coalesce(sum(tokens_out), 0)::int as tout, coalesce(sum(cost_usd), 0)::float as cost
    from transcripts where run_id = ${runId}`)[0]!)();
  // raw SQL: the 2,000-case run summary in Drizzle took 1.6 × as long (computeSummary median 50 -> 80 ms) — measured by npm run bench:dashboard
  const judgeP = (async () => await sql<{ model: string; calls: number; cached: number; tokensIn: number; tokensOut: number; costUsd: number; p50: number | null; p95: number | null }[]>`
    select model, count(*)::int as calls, count(*) filter (where cached)::int as cached, coalesce(sum(tokens_in), 0)::int as "tokensIn",
      coalesce(sum(tokens_out), 0)::int as "tokensOut", coalesce(sum(cost_usd), 0)::float as "costUsd",
      percentile_cont(0.5) within group (order by latency_ms) as p50, percentile_cont(0.95) within group (order by latency_ms) as p95
    from llm_calls where run_id = ${runId} group by model`)();
  const detP = (async () => (await sql<{ cases: number; same_answer: number; same_tool: number }[]>`
    select count(*)::int as cases, count(*) filter (where a = 1)::int as same_answer, count(*) filter (where t = 1)::int as same_tool
    from (select set_id, case_id, count(distinct answer_signature) as a, count(distinct tool_signature) as t
          from case_results where run_id = ${runId} group by set_id, case_id having count(*) > 1) x`)[0]!)();
  const previousRunIdP = (async () => await previousComparableRun(sql, runId))();
  // The queries above run side by side on the pool; the report waits for the slowest, not their sum.
  const [tot, bySet, byFamily, byTag, byCheckType, tenders, rt, md, diagnostics, latency, tcost, judge, det, previousRunId, undecided] = await Promise.all([totP, bySetP, byFamilyP, byTagP, byCheckTypeP, tendersP, rtP, mdP, diagnosticsP, latencyP, tcostP, judgeP, detP, previousRunIdP, undecidedP]);
  const rtTotal = rt.reduce((a, r) => ({ s: a.s + r.scenarios, x: a.x + r.succeeded, i: a.i + r.invalid }), { s: 0, x: 0, i: 0 });
  // raw SQL: the 2,000-case run summary in Drizzle took 1.6 × as long (computeSummary median 50 -> 80 ms) — measured by npm run bench:dashboard
  const failedRows = await sql<{ task_key: string; set_id: string; case_id: string; tender_id: string | null; family: string | null; outcome: Outcome; reason: string; regression: boolean }[]>`
    select c.task_key, c.set_id, c.case_id, c.tender_id, c.family, c.outcome, c.reason,
      exists (select 1 from case_results p where p.run_id = ${previousRunId} and p.set_id = c.set_id and p.case_id = c.case_id
              and p.repeat_index = c.repeat_index and p.outcome = 'pass') and c.outcome = 'fail' as regression
    from case_results c where c.run_id = ${runId} and c.outcome in ('fail', 'error')
    order by 8 desc, c.outcome desc, c.set_id, c.case_id, c.repeat_index`;
  const invalidRows = await sql<{ task_key: string; set_id: string; case_id: string; tender_id: string | null; family: string | null; outcome: Outcome; reason: string }[]>`
    select task_key, set_id, case_id, tender_id, family, outcome, reason from case_results
    where run_id = ${runId} and outcome = 'invalid' order by set_id, case_id, repeat_index limit 200`;
  // Every check that did not pass, invalid ones included: a case shows what was not evaluated beside what failed.
  const checks = await sql<{ task_key: string; check_id: string; type: string; outcome: Outcome; reason: string }[]>`
    select task_key, check_id, type, outcome, reason from check_results
    where run_id = ${runId} and outcome <> 'pass' order by task_key, check_id`;
  const byTask = new Map<string, FailedCase['failedChecks']>();
  for (const ch of checks) {
    const l = byTask.get(ch.task_key) ?? [];
    l.push({ checkId: ch.check_id, type: ch.type, outcome: ch.outcome, reason: ch.reason });
    byTask.set(ch.task_key, l);
  }
  const listed = (f: { task_key: string; set_id: string; case_id: string; tender_id: string | null; family: string | null; outcome: Outcome; reason: string; regression?: boolean }): FailedCase => ({
    taskKey: f.task_key,
    setId: f.set_id,
    caseId: f.case_id,
    tenderId: f.tender_id,
    family: f.family,
    outcome: f.outcome,
    reason: f.reason,
    regression: f.regression ?? false,
    failedChecks: byTask.get(f.task_key) ?? [],
  });
  const failures = failedRows.map(listed);
  // raw SQL: the 2,000-case run summary in Drizzle took 1.6 × as long (computeSummary median 50 -> 80 ms) — measured by npm run bench:dashboard
  const taskCounts = (await sql<{ total: number; failed: number; canceled: number }[]>`
    select count(*)::int as total, count(*) filter (where status = 'failed')::int as failed,
      count(*) filter (where status = 'canceled')::int as canceled from tasks where run_id = ${runId}`)[0]!;
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

/** Stored through `storable`, like every other write of text others produced (a NUL would fail the insert). */
export async function saveSummary(sql: Sql, given: RunSummary): Promise<void> {
  const summary = storable(given);
  await drizzleOf(sql)
    .insert(reports)
    .values({ runId: summary.runId, summary })
    .onConflictDoUpdate({ target: reports.runId, set: { summary, createdAt: frag`now()` } });
}
