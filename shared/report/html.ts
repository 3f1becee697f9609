/** The self-contained HTML report: inline CSS, one inline filter script (by hash), no external assets; failures first. */
import { costPerCase, judgeCostUsd, usd } from './cost.ts';
import { esc, pct } from './escape.ts';
import { NO_FAMILY, badge, caseBody, caseTitle, countsTable, metadataHtml, tendersTable, verdictsHtml } from './fragments.ts';
import { FILTER_SCRIPT, FILTER_SCRIPT_HASH } from './filter-script.ts';
import { reasonHtml } from './reason.ts';
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
const TOOL_RESULT_CHARS = 1500;

type Case = ReportData['cases'][number];

/** The data attributes the report's filter script reads (filter-script.ts). */
function filterAttrs(c: Case): string {
  const judged = c.outcome === 'pass' ? c.checks : c.checks.filter((k) => k.outcome !== 'pass');
  const branch = c.family === 'redteam' ? (c.tags[0] ?? '') : '';
  return ` data-outcome="${esc(c.outcome)}" data-family="${esc(c.family ?? NO_FAMILY)}" data-tender="${esc(c.tenderId ?? '')}" data-branch="${esc(branch)}" data-checks="${esc([...new Set(judged.map((k) => k.type))].join(' '))}"`;
}

function filterBar(cases: Case[]): string {
  const distinct = (xs: (string | null | undefined)[]) => [...new Set(xs.filter((x): x is string => !!x))].sort();
  const select = (name: string, label: string, options: [string, string][]) =>
    options.length ? `<label class="filter"><span>${label}</span><select name="${name}"><option value="">all</option>${options.map(([v, t]) => `<option value="${esc(v)}">${esc(t)}</option>`).join('')}</select></label>` : '';
  const same = (xs: string[]): [string, string][] => xs.map((x) => [x, x]);
  const n = (o: string) => cases.filter((c) => c.outcome === o).length;
  const outcomes: [string, string][] = [['not-pass', `not passed (${cases.length - n('pass')})`], ...['fail', 'error', 'invalid', 'pass'].filter(n).map((o): [string, string] => [o, `${o} (${n(o)})`])];
  return `<form id="case-filters" class="filters" hidden role="search">
${select('outcome', 'Outcome', outcomes)}${select('family', 'Family', same(distinct(cases.map((c) => c.family ?? NO_FAMILY))))}
${select('tender', 'Tender', same(distinct(cases.map((c) => c.tenderId))))}${select('check', 'Check type', same(distinct(cases.flatMap((c) => c.checks.map((k) => k.type)))))}
${select('branch', 'Red-team branch', same(distinct(cases.filter((c) => c.family === 'redteam').map((c) => c.tags[0]))))}
<label class="filter search"><span>Search</span><input type="search" name="q" placeholder="case, tender, check, reason…"></label>
<div class="filter-actions"><button type="reset">clear</button> <span id="case-filter-count" class="muted"></span></div></form>`;
}

/** A case in one compact row (not judged, passed): what it is and why, no transcript (the JSON report has it). */
function compactRow(c: Case): string {
  // An invalid case says why in its own reason ("no judge model configured: compare-meaning not evaluated; …"),
  // the same words the terminal, JUnit, CSV and the case page show.
  const bad = c.checks.filter((k) => k.outcome !== 'pass');
  const why = bad.length && c.outcome !== 'invalid' ? bad.map((k) => `<div class="why"><code>${esc(k.checkId)}</code> ${reasonHtml(k.reason)}</div>`).join('') : reasonHtml(c.reason);
  return `<tr class="fcase o-${esc(c.outcome)}"${filterAttrs(c)}><td>${badge(c.outcome)}</td><td>${esc(c.setId)} / ${esc(c.caseId)}${c.repeatIndex ? ` #${c.repeatIndex}` : ''}</td><td class="hide-sm">${esc(c.tenderId ?? '–')}</td><td>${c.outcome === 'pass' ? '' : why}</td></tr>`;
}

function compactTable(cases: Case[]): string {
  return `<div class="scroll"><table class="cases"><thead><tr><th>Outcome</th><th>Case</th><th class="hide-sm">Tender</th><th>Why</th></tr></thead><tbody>${cases.map(compactRow).join('\n')}</tbody></table></div>`;
}

/** Passed cases as counts per set, with the plain list one click away (filterable like the failures). */
function passedSection(passing: Case[]): string {
  const bySet = new Map<string, number>();
  for (const c of passing) bySet.set(c.setId, (bySet.get(c.setId) ?? 0) + 1);
  const counts = [...bySet].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return `<div class="scroll"><table class="passed-counts"><thead><tr><th>Set</th><th>Passed</th></tr></thead><tbody>${counts.map(([k, n]) => `<tr><td>${esc(k)}</td><td>${n}</td></tr>`).join('')}</tbody></table></div>
${passing.length ? `<details class="passed-list"><summary>List the passed cases</summary>${compactTable(passing)}</details>` : ''}`;
}

/**
 * The report file: failures (fail, error; regressions first) in full with their transcripts; cases that could not be
 * judged (invalid) as compact rows; passed cases as counts per set. One inline script (by hash) filters them.
 */
export function renderHtml(d: ReportData): string {
  const failing = d.cases.filter((c) => c.outcome === 'fail' || c.outcome === 'error');
  const invalid = d.cases.filter((c) => c.outcome === 'invalid');
  const passing = d.cases.filter((c) => c.outcome === 'pass');
  const caseBlock = (c: Case) =>
    `<details class="case fcase o-${esc(c.outcome)}"${filterAttrs(c)} open><summary>${c.regression ? '<span class="badge b-regression">regression</span> ' : ''}<span class="badge b-${esc(c.outcome)}">${esc(c.outcome)}</span> ${caseTitle(c)}</summary>${caseBody(c, { toolResultChars: TOOL_RESULT_CHARS })}</details>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src '${FILTER_SCRIPT_HASH}'">
<title>vaglio report — ${esc(d.run.name)}</title><style>${CSS}</style></head>
<body><main>
<h1>${esc(d.run.name)} <span class="badge b-${esc(d.run.status)}">${esc(d.run.status)}</span></h1>
<p class="muted">Run <code>${esc(d.run.id)}</code> · plan ${esc(d.run.plan)} · created ${esc(d.run.createdAt)}${d.summary.previousRunId ? ` · compared with <code>${esc(d.summary.previousRunId)}</code>` : ''}</p>
${summaryCards(d)}
<h2>Global verdicts</h2>${verdictsHtml(d)}
<h2 id="cases">Cases</h2>
${filterBar(d.cases)}
<section data-group="failures"><h3>Failures (<span data-group-count>${failing.length}</span>)</h3>
${failing.length ? failing.map(caseBlock).join('\n') : '<p>No failures.</p>'}</section>
<section data-group="invalid"><h3>Not judged (<span data-group-count>${invalid.length}</span>)</h3>
${invalid.length ? `<p class="muted">These cases could not be judged (invalid): they count neither as passed nor as failed.</p>${compactTable(invalid)}` : '<p class="muted">Every case was judged.</p>'}</section>
<section data-group="passed"><h3>Passed (<span data-group-count>${passing.length}</span>)</h3>${passedSection(passing)}</section>
<h2>Tenders</h2>${tendersTable(d)}
<h2>Metadata discrepancies and review items</h2>${metadataHtml(d.metadata.filter((m) => m.verdict === 'ko' || m.review.length))}
<h2>Breakdown</h2>
${countsTable('Set', d.summary.bySet)}${countsTable('Family', d.summary.byFamily)}${countsTable('Tag', d.summary.byTag)}${countsTable('Check type', d.summary.byCheckType)}
<p class="muted">Generated ${esc(d.summary.generatedAt)} by vaglio. Transcripts of every case are in the JSON report.</p>
</main><script>${FILTER_SCRIPT}</script></body></html>
`;
}
