/** HTML fragments shared by the report file and the dashboard. Every value goes through `esc`. */
import type { Turn } from '../transcript.ts';
import { usd } from './cost.ts';
import { esc, highlight, pct } from './escape.ts';
import { markedOrEscaped, marksOn, termsFor, type TurnMark } from './evidence.ts';
import { reasonHtml } from './reason.ts';
import type { CaseDetail, CheckRow, MetadataVerdictRow, ReportData } from './types.ts';

/** How filters name the family of cases that have none (plain scenario cases). */
export const NO_FAMILY = '(none)';

export const badge = (outcome: string) => `<span class="badge b-${esc(outcome)}">${esc(outcome)}</span>`;

export function checksTable(checks: CheckRow[]): string {
  if (!checks.length) return '<p class="muted">No checks.</p>';
  const rows = checks
    .map(
      (c) => `<tr class="o-${esc(c.outcome)}" data-check="${esc(c.checkId)}"><td>${badge(c.outcome)}</td><td><code>${esc(c.checkId)}</code></td><td>${esc(c.type)}${c.hard ? ' <small>(hard)</small>' : ''}</td>
<td>${c.turn === null ? '<span class="muted">last</span>' : `<a href="#turn-${c.turn}">${c.turn}</a>`}</td>
<td>${c.source === 'llm' ? `<strong>Judge${c.model ? ` ${esc(c.model)}` : ''}:</strong> ` : ''}${reasonHtml(c.reason)}</td></tr>`,
    )
    .join('\n');
  return `<div class="scroll"><table class="checks"><thead><tr><th>Outcome</th><th>Check</th><th>Type</th><th>Turn</th><th>Reason</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** How a transcript is drawn: `toolResultChars` caps each tool result shown (the whole-run report file). */
export interface TranscriptView {
  toolResultChars?: number;
}

function toolCall(t: Turn['toolCalls'][number], view: TranscriptView, terms: string[]): string {
  const args = JSON.stringify(t.arguments, null, 2);
  let result = '';
  if (t.result !== undefined) {
    const text = JSON.stringify(t.result, null, 2);
    const cap = view.toolResultChars;
    const shown = cap !== undefined && text.length > cap ? `${text.slice(0, cap)}\n… ${text.length - cap} more characters (the whole result is in the JSON report and on the case's dashboard page)` : text;
    result = `<details><summary>result</summary><pre>${esc(shown)}</pre></details>`;
  }
  return `<div class="tool"><span class="tool-name">tool call: ${esc(t.name)}</span><pre class="args">${markedOrEscaped(args, terms)}</pre>${result}</div>`;
}

/** The checks that judged a turn, as badges above it; a failing one marks the turn. */
function judgedBy(marks: TurnMark[]): string {
  if (!marks.length) return '';
  return `<div class="judged"><span class="who">judged here:</span> ${marks.map((m) => `<span class="badge b-${esc(m.outcome)}" data-judged="${esc(m.checkId)}">${esc(m.checkId)}</span>`).join(' ')}</div>`;
}

/**
 * A transcript; `marks` (the case's checks) say which turn each check judged and what it judged on: the turn gets
 * the checks' badges and the evidence is highlighted (<mark class="ev">) in the answer, the user text or the tool arguments.
 */
export function transcriptHtml(tr: CaseDetail['transcript'], view: TranscriptView = {}, marks: TurnMark[] = []): string {
  if (!tr) return '<p class="muted">No transcript.</p>';
  const turns = tr.turns
    .map((t, i) => {
      const on = marksOn(t, i === tr.turns.length - 1, marks);
      const bad = on.some((m) => m.outcome !== 'pass');
      return `<div class="turn${on.length ? ' judged-turn' : ''}${bad ? ' judged-bad' : ''}" id="turn-${t.index}" data-turn="${t.index}">
${judgedBy(on)}
<div class="msg user"><span class="who">user</span><div class="text">${markedOrEscaped(t.user, termsFor(on, 'user'))}</div></div>
${t.toolCalls.map((c) => toolCall(c, view, termsFor(on, 'tool-args'))).join('\n')}
<div class="msg assistant"><span class="who">assistant${t.latencyMs !== null ? ` · ${Math.round(t.latencyMs)} ms` : ''}</span><div class="text">${t.assistant === null ? '<em class="muted">(no reply)</em>' : markedOrEscaped(t.assistant, termsFor(on, 'assistant'))}</div></div>
${t.error ? `<div class="msg error">${esc(t.error)}</div>` : ''}
</div>`;
    })
    .join('\n');
  return `<div class="transcript" data-target="${esc(tr.target)}">${turns}${tr.error ? `<div class="msg error">${esc(tr.error)}</div>` : ''}</div>`;
}

export function caseTitle(c: CaseDetail): string {
  const cost = c.costUsd ? ` · <span class="cost">${usd(c.costUsd)}</span>` : '';
  return `${esc(c.setId)} / ${esc(c.caseId)}${c.repeatIndex ? ` #${c.repeatIndex}` : ''}${c.tenderId ? ` · tender ${esc(c.tenderId)}` : ''}${cost}`;
}

export function caseBody(c: CaseDetail, view: TranscriptView = {}): string {
  return `<p>${badge(c.outcome)}${c.regression ? ' <span class="badge b-regression">regression</span>' : ''} ${reasonHtml(c.reason)}</p>
<h4>Checks</h4>${checksTable(c.checks)}
<h4>Transcript</h4>${transcriptHtml(c.transcript, view, c.checks)}`;
}

export function metadataHtml(rows: MetadataVerdictRow[]): string {
  if (!rows.length) return '<p class="muted">No metadata checks in this run.</p>';
  return rows
    .map((m) => {
      const list = m.discrepancies
        .map(
          (d) => `<li><strong>${esc(d.field)}</strong> <span class="badge b-fail">${esc(d.type)}</span> ${esc(d.message)}
${d.textValue !== undefined ? `<br><small>text: ${esc(d.textValue)}</small>` : ''}${d.metadataValue !== undefined ? `<br><small>metadata: ${esc(d.metadataValue)}</small>` : ''}
${d.evidence.map((e) => `<br><small>at ${e.start}–${e.end}: «${esc(e.snippet)}»</small>`).join('')}</li>`,
        )
        .join('\n');
      const text = m.excerpt
        ? `<pre class="evidence" data-offset="${m.excerpt.offset}">${m.excerpt.offset ? '… ' : ''}${highlight(m.excerpt.text, m.excerpt.spans, m.excerpt.offset)} …</pre>`
        : '';
      return `<div class="meta" data-tender="${esc(m.tenderId)}"><h4>Tender ${esc(m.tenderId)} ${badge(m.verdict === 'ok' ? 'pass' : 'fail')}</h4>${list ? `<ul>${list}</ul>` : ''}${text}${reviewHtml(m.review)}</div>`;
    })
    .join('\n');
}

/** Review items: the question, the candidate answers and the text around the evidence, highlighted. */
export function reviewHtml(items: MetadataVerdictRow['review']): string {
  if (!items.length) return '';
  const li = items
    .map(
      (r) => `<li class="review" data-field="${esc(r.field)}"><strong>${esc(r.field)}</strong> <span class="badge b-invalid">needs review</span>${r.raisedBy === 'llm-disagreement' ? ' <small>(rules and extractor model disagree)</small>' : ''} ${esc(r.question)}
${r.candidates.length ? `<br><small>candidate answers: ${r.candidates.map((c) => `<code>${esc(c)}</code>`).join(' · ')}</small>` : ''}
${r.context.map((c) => `<blockquote class="evidence">… ${esc(c.before)}<mark>${esc(c.highlight)}</mark>${esc(c.after)} …</blockquote>`).join('')}</li>`,
    )
    .join('\n');
  return `<h5>Needs review (${items.length})</h5><ul class="review-items">${li}</ul>`;
}

/** `branchLink`: where a red-team branch's row links (the dashboard's case list filtered on it). */
export function verdictsHtml(d: ReportData, branchLink?: (branch: string) => string): string {
  const diag = d.diagnostics.length
    ? d.diagnostics
        .map((x) => `<li>${esc(x.collection)}: ${badge(x.verdict === 'ok' ? 'pass' : 'fail')} silhouette ${x.silhouette === null ? '–' : x.silhouette.toFixed(3)}${x.failed.length ? ` — failed: ${x.failed.map((f) => esc(f.name)).join(', ')}` : ''}</li>`)
        .join('')
    : '<li class="muted">no diagnostics in this run</li>';
  const metaKo = d.metadata.filter((m) => m.verdict === 'ko').length;
  return `<ul class="verdicts">
<li>Red team: ${d.redteam.total ? `${d.redteam.failed} of ${d.redteam.total} attacks succeeded (${pct(d.redteam.successRate)}) ${badge(d.redteam.failed ? 'fail' : 'pass')}` : '<span class="muted">no red-team cases</span>'}</li>
${redteamTable(d, branchLink)}
<li>Metadata: ${d.metadata.length ? `${metaKo} of ${d.metadata.length} tenders with discrepancies ${badge(metaKo ? 'fail' : 'pass')}` : '<span class="muted">no metadata checks</span>'}</li>
<li>Diagnostics:<ul>${diag}</ul></li></ul>`;
}

export function countsTable(title: string, rows: { key: string; total: number; pass: number; fail: number; invalid: number; error: number; passRate: number | null }[]): string {
  if (!rows.length) return '';
  return `<h3>${esc(title)}</h3><div class="scroll"><table><thead><tr><th>${esc(title)}</th><th>Cases</th><th>Pass</th><th>Fail</th><th>Error</th><th>Invalid</th><th>Pass rate</th></tr></thead><tbody>
${rows.map((r) => `<tr><td>${esc(r.key)}</td><td>${r.total}</td><td>${r.pass}</td><td>${r.fail}</td><td>${r.error}</td><td>${r.invalid}</td><td>${pct(r.passRate)}</td></tr>`).join('\n')}
</tbody></table></div>`;
}

export function tendersTable(d: ReportData, link?: (tenderId: string) => string): string {
  if (!d.tenders.length) return '<p class="muted">No tenders.</p>';
  const cls = { ok: 'pass', ko: 'fail', 'not tested': 'error' } as const;
  const verdict = (t: ReportData['tenders'][number]) =>
    t.verdict === 'not tested' ? `${badge('not tested')} <small>${t.untested} of ${t.cases} cases not played${t.why ? `: ${esc(t.why)}` : ''}</small>` : badge(t.verdict);
  return `<div class="scroll"><table><thead><tr><th>Tender</th><th>Verdict</th><th>Cases</th><th>Failed</th><th>Errors</th><th>Metadata</th><th>Chatbot cost</th></tr></thead><tbody>
${d.tenders.map((t) => `<tr class="o-${cls[t.verdict]}" data-tender="${esc(t.tenderId)}"><td>${link ? `<a href="${esc(link(t.tenderId))}">${esc(t.tenderId)}</a>` : esc(t.tenderId)}</td><td>${verdict(t)}</td><td>${t.cases}</td><td>${t.failed}</td><td>${t.errors}</td><td>${t.metadata ? badge(t.metadata) : '–'}</td><td>${t.costUsd ? usd(t.costUsd) : '–'}</td></tr>`).join('\n')}
</tbody></table></div>`;
}

/** Attack success per branch, technique and OWASP id, one table each (worst first). */
export function redteamTable(d: ReportData, branchLink?: (branch: string) => string): string {
  const titles = { branch: 'Branch', technique: 'Technique', owasp: 'OWASP id' } as const;
  const tables = (['branch', 'technique', 'owasp'] as const)
    .map((by) => {
      const rows = d.redteam.groups.filter((g) => g.by === by);
      if (!rows.length) return '';
      const key = (k: string) => (by === 'branch' && branchLink ? `<a href="${esc(branchLink(k))}">${esc(k)}</a>` : esc(k));
      return `<div class="scroll"><table class="redteam" data-by="${by}"><thead><tr><th>${titles[by]}</th><th>attacks</th><th>succeeded</th><th>rate</th></tr></thead><tbody>
${rows.map((g) => `<tr><td>${key(g.key)}</td><td>${g.attacks}</td><td>${g.succeeded}</td><td>${pct(g.rate)}</td></tr>`).join('\n')}
</tbody></table></div>`;
    })
    .filter(Boolean);
  return tables.length ? `<li>Red team by branch, technique and OWASP id (worst first):${tables.join('')}</li>` : '';
}
