/** GET /dashboard/runs/:id (summary, cases, tenders, metadata evidence) and /dashboard/runs/:id/cases/:taskKey. */
import { esc, pct } from '../../../../shared/report/escape.ts';
import { caseBody, caseTitle, countsTable, metadataHtml, tendersTable, verdictsHtml } from '../../../../shared/report/fragments.ts';
import { summaryCards } from '../../../../shared/report/html.ts';
import type { ReportData } from '../../../../shared/report/types.ts';
import type { CaseFilter, CaseList } from '../cases.ts';
import type { RunRow } from '../data.ts';
import { progressBar } from '../layout.ts';
import { casesSection, runUrl } from './cases.ts';

export function runPage(d: ReportData, live: RunRow | undefined, list: CaseList, filter: CaseFilter): string {
  const dl = (['html', 'json', 'csv', 'xml'] as const)
    .map((f) => `<a href="/runs/${encodeURIComponent(d.run.id)}/report.${f}" download>${f === 'xml' ? 'JUnit XML' : f.toUpperCase()}</a>`)
    .join(' · ');
  const metaKo = d.metadata.filter((m) => m.verdict === 'ko');
  // Tenders whose metadata are wrong or need a person's review (issue 20: review items with the text highlighted).
  const metaShown = d.metadata.filter((m) => m.verdict === 'ko' || m.review.length);
  const reviewCount = d.metadata.reduce((n, m) => n + m.review.length, 0);
  return `<p><a href="/dashboard">← Runs</a></p>
<div data-run-id="${esc(d.run.id)}" data-status="${esc(live?.status ?? d.run.status)}" data-reload-on-finish data-poll>
<h1>${esc(d.run.name)} <span class="badge b-${esc(live?.status ?? d.run.status)}" data-field="status">${esc(live?.status ?? d.run.status)}</span></h1>
<p class="muted"><code>${esc(d.run.id)}</code> · plan ${esc(d.run.plan)} · ${live ? progressBar(live.progress) : ''}</p></div>
<p>Download report: ${dl}</p>
${summaryCards(d)}
<h2 id="cases">Cases</h2>
${casesSection(d.run.id, list, filter)}
<h2>Global verdicts</h2>${verdictsHtml(d, (b) => `${runUrl(d.run.id)}?branch=${encodeURIComponent(b)}#cases`)}
<h2>Tenders</h2>${tendersTable(d, (t) => `${runUrl(d.run.id)}?tender=${encodeURIComponent(t)}#cases`)}
<h2>Metadata discrepancies (${metaKo.length}) and review items (${reviewCount})</h2>${metadataHtml(metaShown)}
<h2>Breakdown</h2>
${countsTable('Set', d.summary.bySet)}${countsTable('Family', d.summary.byFamily)}${countsTable('Tag', d.summary.byTag)}${countsTable('Check type', d.summary.byCheckType)}
<p class="muted">Pass rate ${pct(d.summary.totals.passRate)} over ${d.summary.totals.total} cases${d.summary.previousRunId ? `; compared with <a href="${esc(runUrl(d.summary.previousRunId))}">the previous run</a>` : ''}.</p>`;
}

export function casePage(d: ReportData, c: ReportData['cases'][number]): string {
  return `<p><a href="${esc(runUrl(d.run.id))}#cases">← ${esc(d.run.name)}</a></p>
<h1>${caseTitle(c)}</h1>
<p class="muted">task <code>${esc(c.taskKey)}</code>${c.family ? ` · family ${esc(c.family)}` : ''}${c.tags.length ? ` · tags ${c.tags.map(esc).join(', ')}` : ''}${c.latencyMs !== null ? ` · ${c.latencyMs} ms` : ''}</p>
${c.family !== 'redteam' ? `<p><a class="button" href="/runs/${encodeURIComponent(d.run.id)}/cases/${encodeURIComponent(c.taskKey)}/regression.yaml">Turn into a regression case (YAML)</a></p>` : ''}
${caseBody(c)}`;
}
