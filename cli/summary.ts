/** The run summary as a person reads it in a terminal: failures (regressions first), counts, gate. */
import type { RunSummary } from '../shared/eval/summary.ts';
import { costPerCase, dearestTenders, judgeCostUsd, usd } from '../shared/report/cost.ts';
import { gate, type GateOptions } from '../shared/report/gate.ts';

const pct = (x: number | null) => (x === null ? 'n/a' : `${(x * 100).toFixed(1)}%`);

/** Prints the summary; with gate options, also the gate's decision and why, and returns its exit code (1 = failed). */
export function printSummary(s: RunSummary, gateOpts: GateOptions | undefined, out: NodeJS.WritableStream): number {
  const t = s.totals;
  if (s.failures.length) {
    out.write(`\nfailures (${s.failures.length}${s.regressions ? `, ${s.regressions} regressions vs ${s.previousRunId}` : ''}):\n`);
    for (const f of s.failures.slice(0, 50)) {
      out.write(`  ${f.regression ? 'REGRESSION ' : ''}${f.outcome.toUpperCase()} ${f.setId}/${f.caseId}${f.tenderId ? ` [${f.tenderId}]` : ''}\n`);
      for (const c of f.failedChecks.slice(0, 4)) out.write(`      ${c.checkId}: ${c.reason.slice(0, 200)}\n`);
      if (!f.failedChecks.length) out.write(`      ${f.reason.slice(0, 200)}\n`);
    }
    if (s.failures.length > 50) out.write(`  ... and ${s.failures.length - 50} more (see the report)\n`);
  }
  // Cases that could not be judged say why (summaries stored before this list existed have none).
  const invalid = s.invalidCases ?? [];
  if (invalid.length) {
    out.write(`\nnot evaluated (${t.invalid} invalid):\n`);
    for (const f of invalid.slice(0, 20)) out.write(`  INVALID ${f.setId}/${f.caseId}${f.tenderId ? ` [${f.tenderId}]` : ''}: ${f.reason.slice(0, 200)}\n`);
    if (t.invalid > 20) out.write(`  ... and ${t.invalid - 20} more (see the report)\n`);
  }
  out.write(`\nrun ${s.runId} (${s.status}): ${t.total} cases — pass ${t.pass}, fail ${t.fail}, invalid ${t.invalid}, error ${t.error}\n`);
  out.write(`pass rate ${pct(t.passRate)} = pass / (pass + fail); invalid and error are not counted in it\n`);
  printSets(s.bySet, out);
  if (s.redteam?.undecided.length) {
    const n = s.redteam.undecided.reduce((a, u) => a + u.scenarios, 0);
    out.write(`red-team detectors that could not decide (invalid, ${n} in all):\n`);
    for (const u of s.redteam.undecided.slice(0, 10)) out.write(`  ${u.detector.padEnd(26)} ${String(u.scenarios).padStart(4)}  ${u.reason.slice(0, 120)}\n`);
  }
  for (const l of s.latency) out.write(`latency ${l.target}: p50 ${Math.round(l.p50 ?? 0)} ms, p95 ${Math.round(l.p95 ?? 0)} ms over ${l.turns} turns\n`);
  printCost(s, out);
  if (s.determinism.repeatedCases) {
    out.write(`determinism: same answer ${pct(s.determinism.sameAnswerShare)}, same tools ${pct(s.determinism.sameToolShare)} over ${s.determinism.repeatedCases} repeated cases\n`);
  }
  if (gateOpts) {
    const g = gate(s, gateOpts);
    out.write(`gate: ${g.pass ? 'PASS' : 'FAIL'} (${g.why.join('; ')})\n`);
    return g.pass ? 0 : 1;
  }
  return 0;
}

/**
 * Sets with a failure or an error one per line (aligned on the longest name), worst first; the all-green ones
 * (nothing failed or errored) collapsed into one line, so 40 generated sets at 100% do not bury the one that is not.
 */
export function printSets(sets: RunSummary['bySet'], out: NodeJS.WritableStream): void {
  const green = sets.filter((x) => x.fail === 0 && x.error === 0);
  const other = sets.filter((x) => x.fail > 0 || x.error > 0).sort((a, b) => (a.passRate ?? 0) - (b.passRate ?? 0) || a.key.localeCompare(b.key));
  const width = Math.max(0, ...other.map((x) => x.key.length));
  for (const set of other) out.write(`  ${set.key.padEnd(width)}  ${pct(set.passRate).padStart(6)}  (${set.pass}/${set.pass + set.fail}, invalid ${set.invalid}, error ${set.error})\n`);
  if (green.length) {
    const pass = green.reduce((a, x) => a + x.pass, 0);
    const invalid = green.reduce((a, x) => a + x.invalid, 0);
    const names = green.length === 1 ? green[0]!.key : `${green.length} sets`;
    out.write(`  ${other.length ? 'the other ' : ''}${names}: all green (${pass} passed${invalid ? `, ${invalid} invalid` : ''})\n`);
  }
}

/** The run's cost: the chatbot's (per case and the dearest bandi, when the target reported or was priced) and the judge's. */
function printCost(s: RunSummary, out: NodeJS.WritableStream): void {
  const chatbot = s.cost.targetCostUsd ? usd(s.cost.targetCostUsd) : '$0, not reported (add `pricing` to the target file)';
  const perCase = costPerCase(s);
  out.write(`cost: chatbot ${chatbot} for ${s.cost.targetTokensIn}+${s.cost.targetTokensOut} tokens${s.cost.targetCostUsd && perCase !== null ? `, ${usd(perCase)} per case` : ''}; judge ${usd(judgeCostUsd(s))}\n`);
  const dear = dearestTenders(s, 5);
  if (dear.length) out.write(`  dearest bandi: ${dear.map((t) => `${t.tenderId} ${usd(t.costUsd)} (${t.cases} cases)`).join(', ')}\n`);
}
