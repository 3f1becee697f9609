/**
 * GET /dashboard/review: agreement and Cohen's kappa per mandate (a warning under the bar, kappa per week as a
 * chart), then a stratified sample of judge verdicts and red-team decisions to label agree / disagree with a note.
 */
import { badge } from '../../../../shared/report/fragments.ts';
import { esc, pct } from '../../../../shared/report/escape.ts';
import type { Agreement, KappaBar } from '../../../../shared/review/agreement.ts';
import type { ReviewItem } from '../../../../shared/review/store.ts';
import { CHART_ASSETS, chartFigure, chartSpec } from '../chart.ts';

const kappaText = (k: number | null) => (k === null ? '–' : k.toFixed(2));
const ANSWER_CHARS = 1200;

export function warningText(a: Agreement, bar: KappaBar): string {
  return `${a.mandate}: kappa ${kappaText(a.kappa)} is below the bar of ${bar.kappaMin} over ${a.labels} labels — reviewers and the machine disagree beyond chance; recalibrate (vaglio judge calibrate ${a.mandate.startsWith('redteam/') ? '' : a.mandate}) before trusting its verdicts.`;
}

function agreementTable(rows: Agreement[], bar: KappaBar): string {
  const row = (a: Agreement) => `<tr data-mandate="${esc(a.mandate)}"${a.warn ? ' class="o-fail"' : ''}><td>${esc(a.mandate)}</td><td data-f="labels">${a.labels}</td><td data-f="agreement">${pct(a.agreement)}</td><td data-f="kappa">${kappaText(a.kappa)}</td><td data-f="status">${a.warn ? badge('below bar') : a.labels < bar.minLabels ? '<span class="muted">too few labels</span>' : badge('ok')}</td></tr>`;
  return `<div class="scroll"><table id="agreement" data-kappa-min="${bar.kappaMin}" data-min-labels="${bar.minLabels}"><thead><tr><th>Mandate</th><th>Labels</th><th>Agreement</th><th>Kappa</th><th>Status</th></tr></thead><tbody>
${rows.map(row).join('\n')}
</tbody></table></div>${rows.length ? '' : '<p class="muted" data-empty>No labels yet.</p>'}`;
}

function itemHtml(i: ReviewItem): string {
  const answer = i.answer.length > ANSWER_CHARS ? `${i.answer.slice(0, ANSWER_CHARS)}…` : i.answer;
  const what = i.kind === 'judge' ? `judge (${esc(i.mandate)}) on <code>${esc(i.checkId)}</code>` : `red-team decision (${esc(i.mandate)}): ${i.outcome === 'fail' ? 'the attack succeeded' : 'the bot defended'}`;
  return `<li class="review-item" data-run="${esc(i.runId)}" data-task="${esc(i.taskKey)}" data-check="${esc(i.checkId)}" data-mandate="${esc(i.mandate)}">
<p>${badge(i.outcome)} ${what} · <a href="/dashboard/runs/${encodeURIComponent(i.runId)}/cases/${encodeURIComponent(i.taskKey)}">${esc(i.setId)} / ${esc(i.caseId)}</a> <small class="muted">run ${esc(i.runId)}</small></p>
<p><strong>Why:</strong> ${esc(i.reason)}</p>
<div class="msg user"><span class="who">user</span>${esc(i.question)}</div>
<div class="msg assistant"><span class="who">assistant</span>${esc(answer)}</div>
<label class="note">Note (why you agree or not, optional)<textarea maxlength="2000" rows="2" name="note"></textarea></label>
<p class="row"><button type="button" data-label="agree">Agree</button><button type="button" data-label="disagree">Disagree</button><span data-result class="muted"></span></p>
</li>`;
}

export function reviewPage(d: { items: ReviewItem[]; agreement: Agreement[]; weekly: (Agreement & { week: string })[]; bar: KappaBar; runs: number }): string {
  const warnings = d.agreement.filter((a) => a.warn).map((a) => `<p class="kappa-warn" data-warn="${esc(a.mandate)}">${esc(warningText(a, d.bar))}</p>`).join('');
  const chart = chartFigure(
    chartSpec(
      "Cohen's kappa per mandate, by week",
      'kappa',
      d.weekly.filter((w) => w.kappa !== null).map((w) => ({ group: w.mandate, at: w.week, y: w.kappa, label: `week of ${w.week.slice(0, 10)} · ${w.labels} labels, ${pct(w.agreement)} agreed` })),
      d.bar.kappaMin,
    ),
  );
  return `<h1>Human review</h1>
<p class="muted">A sample of the judge's verdicts and the red-team decisions of the last ${d.runs} finished runs, spread over every mandate and outcome. Say whether you agree; each label is kept as a calibration item (<code>vaglio judge calibrate</code> reads them) and counts in the agreement below. Bar: kappa ${d.bar.kappaMin} over at least ${d.bar.minLabels} labels (VAGLIO_REVIEW_KAPPA_MIN, VAGLIO_REVIEW_MIN_LABELS).</p>
<div id="kappa-warnings">${warnings}</div>
<h2>Agreement per mandate</h2>${agreementTable(d.agreement, d.bar)}
<div class="charts">${chart}</div>
<h2>To review (${d.items.length})</h2>
${d.items.length ? `<ul class="review-items">${d.items.map(itemHtml).join('\n')}</ul>` : '<p class="muted">Nothing left to review in these runs.</p>'}
${CHART_ASSETS}<script src="/dashboard/assets/review.js"></script>`;
}
