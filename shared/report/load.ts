/** buildReport: the RunSummary (stored, or computed when the run has none yet) plus per-case details. */
import { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../db/client.ts';
import { reports, runs } from '../db/schema/index.ts';
import { computeSummary, type RunSummary } from '../eval/summary.ts';
import { turnSchema, type Outcome, type Turn } from '../transcript.ts';
import { excerpt } from './escape.ts';
import { quotedInReason, storedEvidence } from './evidence.ts';
import type { CaseDetail, CheckRow, DiagnosticsRow, MetadataVerdictRow, ReportData } from './types.ts';

// Stored jsonb outlives code: read it leniently and never let one odd row break a report.
const evidence = z.object({ start: z.number().int(), end: z.number().int(), snippet: z.string().default('') });
const discrepancy = z.object({
  field: z.string(),
  type: z.string(),
  message: z.string().default(''),
  textValue: z.string().optional(),
  metadataValue: z.string().optional(),
  evidence: z.array(evidence).default([]),
});
const discrepancies = z.array(discrepancy).catch([]);
// Metadata review items (issue 20): rows stored before they carried candidates and context read as empty ones.
const reviewItem = z.object({
  field: z.string(),
  question: z.string().default(''),
  candidates: z.array(z.string()).default([]),
  evidence: z.array(evidence).default([]),
  context: z.array(z.object({ before: z.string(), highlight: z.string(), after: z.string() })).default([]),
  raisedBy: z.string().default('rules'),
});
const reviewItems = z.array(reviewItem).catch([]);
const failedChecks = z
  .array(z.looseObject({ name: z.string().optional(), id: z.string().optional() }))
  .catch([]);
const silhouette = z.object({ silhouette: z.object({ value: z.number().nullable() }) }).catch({ silhouette: { value: null } });

function parseTurns(raw: unknown): Turn[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((t) => {
    const p = turnSchema.safeParse(t);
    return p.success ? [p.data] : [];
  });
}

const rank = (c: CaseDetail) => (c.regression ? 0 : c.outcome === 'fail' ? 1 : c.outcome === 'error' ? 2 : c.outcome === 'invalid' ? 3 : 4);

export async function loadSummary(sql: Sql, runId: string): Promise<RunSummary> {
  const stored = (
    await drizzleOf(sql)
      .select({ summary: reports.summary })
      .from(reports)
      .innerJoin(runs, eq(runs.id, reports.runId))
      .where(and(eq(reports.runId, runId), inArray(runs.status, ['completed', 'failed', 'canceled'])))
  )[0];
  return (stored?.summary as RunSummary | undefined) ?? computeSummary(sql, runId);
}

/**
 * Which transcripts a report carries: all of them (report files), none (the dashboard's run page, which lists
 * cases), or one case's (the dashboard's case page). Transcripts are most of a run's bytes.
 */
export type TranscriptSelection = 'all' | 'none' | { taskKey: string };

/**
 * Which cases a report carries: all (with their checks); only the red-team ones without checks (the dashboard's
 * run page, which pages its case list itself and needs the cases only for the red-team verdicts); or one case with
 * its checks (the dashboard's case page). Run-wide figures of the report (summary, tenders) are loaded either way.
 */
export type CaseSelection = 'all' | 'redteam' | { taskKey: string };

/**
 * `summary`: the run's summary when the caller has it (the report task passes the one it is computing, so
 * the rows below load meanwhile), else it is loaded.
 */
export async function buildReport(
  sql: Sql,
  runId: string,
  summaryIn?: RunSummary | Promise<RunSummary>,
  opts: { transcripts?: TranscriptSelection; cases?: CaseSelection } = {},
): Promise<ReportData> {
  const which = opts.transcripts ?? 'all';
  const selected = opts.cases ?? 'all';
  // raw SQL: a report's rows for a 2,000-case run in Drizzle took 1.7 × as long (buildReport median 161 -> 277 ms) — measured by npm run bench:dashboard
  const caseWhere = selected === 'all' ? sql`` : selected === 'redteam' ? sql`and c.family = 'redteam'` : sql`and c.task_key = ${selected.taskKey}`;
  const checkWhere = selected === 'all' ? sql`` : selected === 'redteam' ? sql`and false` : sql`and task_key = ${selected.taskKey}`;
  // Independent reads, side by side on the pool.
  const [summary, runRows, caseRows, checkRows, transcripts] = await Promise.all([
    summaryIn ?? loadSummary(sql, runId),
    sql<{ id: string; name: string; plan: string; status: string; created_at: Date; finished_at: Date | null }[]>`
      select id, name, plan, status, created_at, finished_at from runs where id = ${runId}`,
    sql<{ task_key: string; set_id: string; case_id: string; tender_id: string | null; family: string | null; repeat_index: number; tags: string[]; outcome: Outcome; reason: string; score: number | null; latency_ms: number | null; cost_usd: number | null }[]>`
      select c.task_key, c.set_id, c.case_id, c.tender_id, c.family, c.repeat_index, c.tags, c.outcome, c.reason, c.score, c.latency_ms, t.cost_usd
      from case_results c left join transcripts t on t.run_id = c.run_id and t.task_key = c.task_key
      where c.run_id = ${runId} ${caseWhere} order by c.set_id, c.case_id, c.repeat_index`,
    sql<{ task_key: string; check_id: string; type: string; outcome: Outcome; reason: string; score: number | null; turn: number | null; hard: boolean; source: string; model: string | null; details: unknown }[]>`
      select task_key, check_id, type, outcome, reason, score, turn, hard, source, model, details
      from check_results where run_id = ${runId} ${checkWhere} order by task_key, check_id`,
    which === 'none'
      ? []
      // raw SQL: a report's rows for a 2,000-case run in Drizzle took 1.7 × as long (buildReport median 161 -> 277 ms) — measured by npm run bench:dashboard
      : sql<{ task_key: string; target: string; turns: unknown; error: string | null }[]>`
      select task_key, target, error,
        -- Each turn's raw response body (kept in Postgres for debugging) repeats its answer and tool calls: a report
        -- does not copy it (it was half of a report's JSON).
        coalesce((select jsonb_agg(t - 'raw' order by o) from jsonb_array_elements(turns) with ordinality as x(t, o)), turns) as turns
      from transcripts where run_id = ${runId} ${which === 'all' ? sql`` : sql`and task_key = ${which.taskKey}`}`,
  ]);
  const run = runRows[0]!;
  const regressions = new Set(summary.failures.filter((f) => f.regression).map((f) => f.taskKey));

  const checksByTask = new Map<string, CheckRow[]>();
  for (const c of checkRows) {
    const list = checksByTask.get(c.task_key) ?? [];
    const stored = storedEvidence(c.details);
    const evidence = stored.length ? stored : quotedInReason(c.reason);
    list.push({ checkId: c.check_id, type: c.type, outcome: c.outcome, reason: c.reason, score: c.score, turn: c.turn, hard: c.hard, source: c.source, model: c.model, evidence });
    checksByTask.set(c.task_key, list);
  }
  const trByTask = new Map(transcripts.map((t) => [t.task_key, { target: t.target, turns: parseTurns(t.turns), error: t.error }]));
  const cases: CaseDetail[] = caseRows
    .map((c) => ({
      taskKey: c.task_key,
      setId: c.set_id,
      caseId: c.case_id,
      tenderId: c.tender_id,
      family: c.family,
      repeatIndex: c.repeat_index,
      tags: c.tags,
      outcome: c.outcome,
      reason: c.reason,
      score: c.score,
      regression: regressions.has(c.task_key),
      latencyMs: c.latency_ms,
      costUsd: c.cost_usd,
      // Failed checks first: they are the evidence for a ko.
      checks: (checksByTask.get(c.task_key) ?? []).sort((a, b) => Number(a.outcome === 'pass') - Number(b.outcome === 'pass')),
      transcript: trByTask.get(c.task_key) ?? null,
    }))
    .sort((a, b) => rank(a) - rank(b));

  const red = cases.filter((c) => c.family === 'redteam');
  const redFailed = red.filter((c) => c.outcome === 'fail').length;
  const redJudged = red.filter((c) => c.outcome === 'pass' || c.outcome === 'fail').length;

  // raw SQL: a report's rows for a 2,000-case run in Drizzle took 1.7 × as long (buildReport median 161 -> 277 ms) — measured by npm run bench:dashboard
  const diag = await sql<{ collection: string; verdict: 'ok' | 'ko'; failed: unknown; metrics: unknown }[]>`
    select collection, verdict, failed, metrics from diagnostics_results where run_id = ${runId} order by collection`;
  const diagnostics: DiagnosticsRow[] = diag.map((d) => ({
    collection: d.collection,
    verdict: d.verdict,
    failed: failedChecks.parse(d.failed).map((f) => ({ name: f.name ?? f.id ?? 'check', detail: JSON.stringify(f) })),
    silhouette: silhouette.parse(d.metrics).silhouette.value,
  }));

  const meta = await sql<{ tender_id: string; verdict: 'ok' | 'ko'; discrepancies: unknown; ambiguous: unknown; text: string | null }[]>`
    select m.tender_id, m.verdict, m.discrepancies, m.ambiguous, v.text from metadata_checks m
    left join tenders t on t.id = m.tender_id
    left join tender_versions v on v.tender_id = t.id and v.version = t.current_version
    where m.run_id = ${runId} order by m.verdict desc, m.tender_id`;
  const metadata: MetadataVerdictRow[] = meta.map((m) => {
    const ds = discrepancies.parse(m.discrepancies);
    const spans = ds.flatMap((d) => d.evidence);
    // Offsets are only trusted when they still point at the quoted snippet (the text may have a newer version).
    const text = m.text;
    const aligned = text !== null && spans.every((s) => !s.snippet || text.slice(s.start, s.end) === s.snippet);
    return { tenderId: m.tender_id, verdict: m.verdict, discrepancies: ds, review: reviewItems.parse(m.ambiguous), excerpt: aligned && text !== null ? excerpt(text, spans) : null };
  });
  const metaByTender = new Map(metadata.map((m) => [m.tenderId, m.verdict]));
  // Indexed on run_id; bounded so a feed that broke wholesale does not make the report huge.
  // raw SQL: a report's rows for a 2,000-case run in Drizzle took 1.7 × as long (buildReport median 161 -> 277 ms) — measured by npm run bench:dashboard
  const ingestionErrors = await sql<{ source: string; externalId: string; reason: string }[]>`
    select source, external_id as "externalId", reason from ingestion_errors where run_id = ${runId} order by id limit ${MAX_INGESTION_ERRORS}`;

  return {
    summary,
    run: { id: run.id, name: run.name, plan: run.plan, status: run.status, createdAt: run.created_at.toISOString(), finishedAt: run.finished_at?.toISOString() ?? null },
    cases,
    tenders: tenderVerdicts(summary, metaByTender),
    redteam: { total: red.length, failed: redFailed, successRate: redJudged ? redFailed / redJudged : null, groups: redteamGroups(red) },
    diagnostics,
    metadata,
    ingestionErrors: [...ingestionErrors],
  };
}

const MAX_INGESTION_ERRORS = 500;

/**
 * The report plus the previous comparable run's summary (stored, else computed), for the deltas of the email.
 * Not part of buildReport: the dashboard's run page does not need it and it can cost a summary computation.
 */
export async function withPrevious(sql: Sql, data: ReportData): Promise<ReportData> {
  const prev = data.summary.previousRunId;
  return { ...data, previous: prev ? await loadSummary(sql, prev) : null };
}

/**
 * A tender with cases that could not be played is `not tested`; else ko when one of its cases failed or its
 * metadata disagree with its text. (Summaries stored before `untested` existed count errors as untested.)
 */
function tenderVerdicts(summary: RunSummary, meta: Map<string, 'ok' | 'ko'>): ReportData['tenders'] {
  const out: ReportData['tenders'] = summary.tenders.map((t) => {
    const m = meta.get(t.tenderId) ?? null;
    const untested = t.untested ?? t.errors;
    const verdict = untested > 0 ? 'not tested' : t.failed > 0 || m === 'ko' ? 'ko' : 'ok';
    return { ...t, untested, why: t.why ?? null, verdict, metadata: m, costUsd: t.costUsd ?? null };
  });
  for (const [tenderId, m] of meta) {
    if (!out.some((t) => t.tenderId === tenderId)) out.push({ tenderId, verdict: m, cases: 0, failed: 0, errors: 0, untested: 0, why: null, metadata: m, costUsd: null });
  }
  const order = { 'not tested': 0, ko: 1, ok: 2 } as const;
  return out.sort((a, b) => order[a.verdict] - order[b.verdict] || a.tenderId.localeCompare(b.tenderId));
}

/** Red-team cases carry tags [branch, technique, pattern, transform, ...owasp ids] (shared/tasks/redteam.ts). */
function redteamGroups(red: { outcome: string; tags: string[] }[]): ReportData['redteam']['groups'] {
  const acc = new Map<string, ReportData['redteam']['groups'][number]>();
  for (const c of red) {
    if (c.outcome !== 'pass' && c.outcome !== 'fail') continue;
    const [branch, technique, pattern, transform, ...owasp] = c.tags;
    const keys: [ReportData['redteam']['groups'][number]['by'], string | undefined][] = [
      ['branch', branch],
      ['technique', technique],
      ['pattern', pattern],
      ['transform', transform],
      ...owasp.map((o) => ['owasp', o] as [ReportData['redteam']['groups'][number]['by'], string]),
    ];
    for (const [by, key] of keys) {
      if (!key) continue;
      const g = acc.get(`${by}\u0000${key}`) ?? { by, key, attacks: 0, succeeded: 0, rate: 0 };
      g.attacks++;
      if (c.outcome === 'fail') g.succeeded++;
      g.rate = g.succeeded / g.attacks;
      acc.set(`${by}\u0000${key}`, g);
    }
  }
  return [...acc.values()].sort((a, b) => b.rate - a.rate || b.succeeded - a.succeeded || a.key.localeCompare(b.key));
}
