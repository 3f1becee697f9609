/**
 * The state of the day, for the run email: a subject that says what is wrong (bandi ko or not tested,
 * diagnostics, ingestion errors, regressions, pass rate and its change) and the sections of the body, worst
 * first. It reads only ReportData (plus `previous` for deltas): a mail never says "pass rate 100 %" alone
 * while bandi are ko or the collection failed its diagnostics.
 */
import type { RunSummary } from '../eval/summary.ts';
import { costPerCase, dearestTenders, judgeCostUsd, usd } from './cost.ts';
import { pct } from './escape.ts';
import type { CaseDetail, ReportData } from './types.ts';

export interface DigestSection {
  title: string;
  lines: string[];
  /** Items left out of `lines` (the report and the dashboard have them). */
  more: number;
}

/** Items listed per section; the report and the dashboard have the rest. */
const MAX_LISTED = 50;
/** Failure reasons quoted per bando. */
const MAX_REASONS = 3;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const section = (title: string, all: string[]): DigestSection => ({ title, lines: all.slice(0, MAX_LISTED), more: Math.max(0, all.length - MAX_LISTED) });
const signed = (x: number, digits: number, unit: string) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x).toFixed(digits)}${unit}`;
const ms = (x: number | null) => (x === null ? '–' : `${Math.round(x)} ms`);

export interface TenderState {
  tenderId: string;
  state: 'ko' | 'not-tested';
  why: string[];
}

/**
 * ko: a case failed, or the metadata disagree with the text. Not tested: a case could not be played (the
 * report's verdict), no case of the bando was judged (none generated, or all invalid), or it failed to
 * ingest — an ok that nothing checked is not ok.
 */
export function tenderStates(d: ReportData): TenderState[] {
  const byTender = new Map<string, CaseDetail[]>();
  for (const c of d.cases) if (c.tenderId) byTender.set(c.tenderId, [...(byTender.get(c.tenderId) ?? []), c]);
  const meta = new Map(d.metadata.map((m) => [m.tenderId, m]));
  const out: TenderState[] = [];
  for (const t of d.tenders) {
    const cases = byTender.get(t.tenderId) ?? [];
    const bad = cases.filter((c) => c.outcome === 'fail' || c.outcome === 'error');
    const judged = cases.filter((c) => c.outcome === 'pass' || c.outcome === 'fail');
    const m = meta.get(t.tenderId);
    const why = [
      ...bad.slice(0, MAX_REASONS).map((c) => `${c.setId}/${c.caseId}: ${c.outcome} — ${c.reason}`),
      ...(bad.length > MAX_REASONS ? [`… ${bad.length - MAX_REASONS} more failed case(s)`] : []),
      ...(m?.verdict === 'ko' ? m.discrepancies.slice(0, MAX_REASONS).map((x) => `metadata ${x.field}: ${x.message || x.type}`) : []),
    ];
    if (t.verdict === 'ko') out.push({ tenderId: t.tenderId, state: 'ko', why: why.length ? why : ['ko'] });
    else if (t.verdict === 'not tested') out.push({ tenderId: t.tenderId, state: 'not-tested', why: [`${plural(t.untested, 'case', 'cases')} not played: ${t.why ?? 'no reason recorded'}`, ...why] });
    else if (!judged.length) {
      const invalid = cases.filter((c) => c.outcome === 'invalid');
      out.push({
        tenderId: t.tenderId,
        state: 'not-tested',
        why: invalid.length ? [`${plural(invalid.length, 'case', 'cases')} not judged: ${invalid[0]!.reason}`] : ['no test case ran for it in this run'],
      });
    }
  }
  for (const e of d.ingestionErrors) {
    if (!out.some((t) => t.tenderId === e.externalId)) out.push({ tenderId: e.externalId, state: 'not-tested', why: [`failed to ingest (${e.source}): ${e.reason}`] });
  }
  return out;
}

const totalCost = (s: RunSummary) => s.cost.targetCostUsd + judgeCostUsd(s);

export function passDelta(d: ReportData): number | null {
  const now = d.summary.totals.passRate;
  const before = d.previous?.totals.passRate;
  return now === null || before === null || before === undefined ? null : (now - before) * 100;
}

export function digestSubject(d: ReportData): string {
  const states = tenderStates(d);
  const ko = states.filter((t) => t.state === 'ko').length;
  const untested = states.filter((t) => t.state === 'not-tested').length;
  const diagKo = d.diagnostics.some((x) => x.verdict === 'ko');
  const delta = passDelta(d);
  const parts = [
    ...(d.run.status === 'completed' ? [] : [`run ${d.run.status}`]),
    ...(ko ? [plural(ko, 'bando ko', 'bandi ko')] : d.tenders.length ? [`${plural(d.tenders.length - untested, 'bando', 'bandi')} ok`] : []),
    ...(untested ? [`${untested} not tested`] : []),
    ...(d.diagnostics.length ? [`diagnostics ${diagKo ? 'ko' : 'ok'}`] : []),
    ...(d.ingestionErrors.length ? [plural(d.ingestionErrors.length, 'ingestion error', 'ingestion errors')] : []),
    ...(d.summary.regressions ? [plural(d.summary.regressions, 'regression', 'regressions')] : []),
    ...(d.redteam.failed ? [`${d.redteam.failed}/${d.redteam.total} attacks succeeded`] : []),
    `pass ${pct(d.summary.totals.passRate)}${delta === null ? '' : ` (${signed(delta, 1, ' pt')})`}`,
  ];
  return `vaglio ${d.run.name}: ${parts.join(', ')}`;
}

const line = (c: CaseDetail) => {
  const checks = c.checks.filter((k) => k.outcome !== 'pass').map((k) => k.checkId);
  return `${c.setId}/${c.caseId}${c.tenderId ? ` (tender ${c.tenderId})` : ''}: ${c.outcome} — ${c.reason}${checks.length ? ` [${checks.join(', ')}]` : ''}`;
};

function costAndLatency(d: ReportData): string[] {
  const s = d.summary;
  const p = d.previous ?? null;
  const vs = (now: number, before: number | undefined, f: (x: number) => string) => (before === undefined ? '' : ` (was ${f(before)}, ${signed(now - before, 4, '')})`);
  const judge = judgeCostUsd(s);
  const pJudge = p ? judgeCostUsd(p) : undefined;
  const out = [
    `total ${usd(totalCost(s))}${vs(totalCost(s), p ? totalCost(p) : undefined, usd)}`,
    `chatbot ${s.cost.targetCostUsd ? usd(s.cost.targetCostUsd) : '$0 (the target reported no cost)'}${vs(s.cost.targetCostUsd, p?.cost.targetCostUsd, usd)}; ${s.cost.targetTokensIn} tokens in, ${s.cost.targetTokensOut} out`,
    `judge ${usd(judge)}${vs(judge, pJudge, usd)}; ${s.cost.judge.reduce((a, j) => a + j.calls, 0)} calls`,
  ];
  const perCase = costPerCase(s);
  if (s.cost.targetCostUsd && perCase !== null) {
    const dear = dearestTenders(s, 3).map((t) => `${t.tenderId} ${usd(t.costUsd)}`);
    out.push(`chatbot per case ${usd(perCase)}${dear.length ? `; dearest bandi: ${dear.join(', ')}` : ''}`);
  }
  for (const l of s.latency) {
    const before = p?.latency.find((x) => x.target === l.target);
    const d50 = before?.p50 != null && l.p50 !== null ? ` (${signed(l.p50 - before.p50, 0, ' ms')})` : '';
    const d95 = before?.p95 != null && l.p95 !== null ? ` (${signed(l.p95 - before.p95, 0, ' ms')})` : '';
    out.push(`latency ${l.target}: p50 ${ms(l.p50)}${d50}, p95 ${ms(l.p95)}${d95} over ${l.turns} turns`);
  }
  out.push(p ? `compared with run ${p.runId} (${p.generatedAt})` : 'no previous comparable run (same name): no deltas');
  return out;
}

export function digestSections(d: ReportData): DigestSection[] {
  const s = d.summary;
  const states = tenderStates(d);
  const regressions = d.cases.filter((c) => c.regression);
  const failures = d.cases.filter((c) => !c.regression && (c.outcome === 'fail' || c.outcome === 'error') && c.family !== 'redteam');
  const fmt = (t: TenderState) => `${t.tenderId}: ${t.why.join('; ')}`;
  const md = s.metadata;
  const review = d.metadata.flatMap((m) => m.review.map((r) => `${m.tenderId} ${r.field}: ${r.question || 'to review'}`));
  const delta = passDelta(d);
  return [
    section('Summary', [
      `Run ${d.run.name} (${d.run.id}) is ${d.run.status}.`,
      `Pass rate ${pct(s.totals.passRate)}${delta === null ? '' : ` (${signed(delta, 1, ' pt')} vs the previous run)`}: ${s.totals.pass} passed, ${s.totals.fail} failed, ${s.totals.error} errors, ${s.totals.invalid} invalid of ${s.totals.total} cases.`,
    ]),
    section(`Regressions (${regressions.length})`, regressions.map(line)),
    section(`Bandi ko (${states.filter((t) => t.state === 'ko').length})`, states.filter((t) => t.state === 'ko').map(fmt)),
    section(`Bandi not tested (${states.filter((t) => t.state === 'not-tested').length})`, states.filter((t) => t.state === 'not-tested').map(fmt)),
    section(`Ingestion errors (${d.ingestionErrors.length})`, d.ingestionErrors.map((e) => `${e.source}/${e.externalId}: ${e.reason}`)),
    section(
      `Diagnostics (${d.diagnostics.length ? (d.diagnostics.some((x) => x.verdict === 'ko') ? 'ko' : 'ok') : 'not run'})`,
      d.diagnostics.map((x) => `${x.collection}: ${x.verdict}${x.failed.length ? ` — failed ${x.failed.map((f) => f.name).join(', ')}` : ''}`),
    ),
    section(
      'Metadata',
      md
        ? [`${md.ko} of ${md.tenders} bandi ko, ${plural(md.discrepancies, 'discrepancy', 'discrepancies')}, ${md.ambiguous} item(s) awaiting review`, ...review]
        : ['not checked in this run'],
    ),
    section(
      `Red team (${d.redteam.failed} of ${d.redteam.total} attacks succeeded)`,
      d.redteam.groups.filter((g) => g.by === 'branch').map((g) => `${g.key}: ${g.succeeded} of ${g.attacks} succeeded (${pct(g.rate)})`),
    ),
    section('Cost and latency', costAndLatency(d)),
    section(`Other failures (${failures.length})`, failures.map(line)),
  ];
}
