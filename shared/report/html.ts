/** The self-contained HTML report: inline CSS, no scripts, no external assets; failures and regressions first. */
import { costPerCase, judgeCostUsd, usd } from './cost.ts';
import { esc, pct } from './escape.ts';
import { caseBody, caseTitle, countsTable, metadataHtml, tendersTable, verdictsHtml } from './fragments.ts';
import { CSS } from './style.ts';
import type { ReportData } from './types.ts';

export function summaryCards(d: ReportData): string {
  const s = d.summary;
  const judgeCost = judgeCostUsd(s);
  const perCase = costPerCase(s);
  const p95 = s.latency.map((l) => l.p95).filter((x): x is number => x !== null);
  const card = (k: string, v: string) => `<div class="card"><div class="v">${esc(v)}</div><div class="k">${esc(k)}</div></div>`;
  return `<div class="cards">
${card('pass rate', pct(s.totals.passRate))}${card('cases', String(s.totals.total))}${card('failed', String(s.totals.fail))}
${card('errors', String(s.totals.error))}${card('regressions', String(s.regressions))}
${card('chatbot cost', s.cost.targetCostUsd ? usd(s.cost.targetCostUsd) : '$0 (not reported)')}${card('chatbot cost per case', perCase !== null && s.cost.targetCostUsd ? usd(perCase) : '–')}${card('judge cost', usd(judgeCost))}${card('latency p95', p95.length ? `${Math.round(Math.max(...p95))} ms` : '–')}
</div>`;
}

/**
 * Each tool result shown in the whole-run report, at most (a tender text per case made the demo's report 12 MB);
 * the JSON report and the dashboard's case page show it whole.
 */
const TOOL_RESULT_CHARS = 4000;

export function renderHtml(d: ReportData): string {
  const failing = d.cases.filter((c) => c.outcome !== 'pass');
  const passing = d.cases.filter((c) => c.outcome === 'pass');
  const caseBlock = (c: ReportData['cases'][number], open: boolean) =>
    `<details class="case o-${esc(c.outcome)}"${open ? ' open' : ''}><summary>${c.regression ? '<span class="badge b-regression">regression</span> ' : ''}<span class="badge b-${esc(c.outcome)}">${esc(c.outcome)}</span> ${caseTitle(c)}</summary>${caseBody(c, { toolResultChars: TOOL_RESULT_CHARS })}</details>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>vaglio report — ${esc(d.run.name)}</title><style>${CSS}</style></head>
<body><main>
<h1>${esc(d.run.name)} <span class="badge b-${esc(d.run.status)}">${esc(d.run.status)}</span></h1>
<p class="muted">Run <code>${esc(d.run.id)}</code> · plan ${esc(d.run.plan)} · created ${esc(d.run.createdAt)}${d.summary.previousRunId ? ` · compared with <code>${esc(d.summary.previousRunId)}</code>` : ''}</p>
${summaryCards(d)}
<h2>Global verdicts</h2>${verdictsHtml(d)}
<h2>Failures (${failing.length})</h2>
${failing.length ? failing.map((c) => caseBlock(c, true)).join('\n') : '<p>No failures.</p>'}
<h2>Tenders</h2>${tendersTable(d)}
<h2>Metadata discrepancies and review items</h2>${metadataHtml(d.metadata.filter((m) => m.verdict === 'ko' || m.review.length))}
<h2>Breakdown</h2>
${countsTable('Set', d.summary.bySet)}${countsTable('Family', d.summary.byFamily)}${countsTable('Tag', d.summary.byTag)}${countsTable('Check type', d.summary.byCheckType)}
<h2>Passed cases (${passing.length})</h2>
${passing.map((c) => caseBlock(c, false)).join('\n')}
<p class="muted">Generated ${esc(d.summary.generatedAt)} by vaglio.</p>
</main></body></html>
`;
}
