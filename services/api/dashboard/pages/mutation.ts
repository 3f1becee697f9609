/**
 * GET /dashboard/mutations/:id — one mutation run: the score, per operator and per set/family, the surviving
 * mutants with the check that should have caught them, and the suggested checks (as YAML, ready to paste).
 * GET /dashboard/runs/:id links here from a run that has mutation runs.
 */
import { esc } from '../../../../shared/report/escape.ts';
import { suggestionsYaml, type MutationSummary } from '../../../../shared/mutate/index.ts';
import type { Tally } from '../../../../shared/mutate/report.ts';

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)} %`);
const SURVIVORS_SHOWN = 200;

function tallyRows(entries: [string, Tally & { description?: string }][]): string {
  return entries
    .map(
      ([k, t]) => `<tr><td><code>${esc(k)}</code>${t.description ? `<br><small class="muted">${esc(t.description)}</small>` : ''}</td>
<td class="num">${t.killed}</td><td class="num">${t.survived}</td><td class="num hide-sm">${t.notApplicable}</td><td class="num"><strong>${pct(t.score)}</strong></td></tr>`,
    )
    .join('\n');
}

const table = (first: string, rows: string) =>
  `<div class="scroll"><table><thead><tr><th>${first}</th><th class="num">Killed</th><th class="num">Survived</th><th class="num hide-sm">Not applicable</th><th class="num">Score</th></tr></thead><tbody>${rows}</tbody></table></div>`;

export function mutationPage(id: string, createdAt: Date, s: MutationSummary): string {
  const survivors = s.survivors
    .slice(0, SURVIVORS_SHOWN)
    .map(
      (v) => `<tr><td><code>${esc(v.operator)}</code></td><td><a href="/dashboard/runs/${encodeURIComponent(s.sourceRunId)}/cases/${encodeURIComponent(v.taskKey)}"><code>${esc(v.taskKey)}</code></a></td>
<td>${v.shouldHaveCaught === 'no check covers this' ? '<em>no check covers this</em>' : esc(v.shouldHaveCaught)}</td><td class="hide-sm">${esc(v.detail)}</td></tr>`,
    )
    .join('\n');
  const gate = s.gate ? `<p><strong>Gate ${s.gate.passed ? 'passed' : 'failed'}</strong>: ${esc(s.gate.why)}</p>` : '';
  return `<h1>Mutation testing <code>${esc(id)}</code></h1>
<p>Of run <a href="/dashboard/runs/${encodeURIComponent(s.sourceRunId)}"><code>${esc(s.sourceRunId)}</code></a>, ${esc(createdAt.toISOString().slice(0, 19).replace('T', ' '))}.
Faults were written into ${s.subjects} stored transcripts (no chatbot was called) and the run's own checks and detectors were applied to each.</p>
<p class="big"><strong data-score>${pct(s.score)}</strong> of the mutants the suite claims to cover were caught (${pct(s.overallScore)} of all applicable mutants) ·
killed ${s.killed} · survived ${s.survived} · not applicable ${s.notApplicable}</p>
${gate}
${s.llmNotExercised ? `<p class="muted">${s.llmNotExercised} LLM check(s) were not exercised: no judge model configured.</p>` : ''}
<h2>By operator</h2>
${table('Operator', tallyRows(Object.entries(s.byOperator)))}
<h2>By set and family</h2>
${table('Set / family', tallyRows(Object.entries(s.bySet)))}
<h2 id="survivors">Surviving mutants (${s.survivors.length}${s.survivors.length > SURVIVORS_SHOWN ? `, first ${SURVIVORS_SHOWN}` : ''})</h2>
${s.survivors.length ? `<div class="scroll"><table><thead><tr><th>Operator</th><th>Case</th><th>Should have caught it</th><th class="hide-sm">What changed</th></tr></thead><tbody>${survivors}</tbody></table></div>` : '<p>None: every applicable mutant was caught.</p>'}
<h2>Suggested checks</h2>
${s.suggestions.length ? `<p class="muted">Each passes on the case's original answer and fails on the mutant that survived. Add them to the sets named.</p><pre>${esc(suggestionsYaml(s))}</pre>` : '<p>None.</p>'}`;
}

/** The run page's list of its mutation runs (empty string when there is none). */
export function mutationLinks(rows: { id: string; createdAt: Date; score: number | null; mutants: number }[]): string {
  if (rows.length === 0) return '';
  const items = rows
    .map((m) => `<li><a href="/dashboard/mutations/${encodeURIComponent(m.id)}"><code>${esc(m.id)}</code></a>: score ${pct(m.score)} over ${m.mutants} mutants</li>`)
    .join('');
  return `<section id="mutations"><h2>Mutation testing</h2><ul>${items}</ul></section>`;
}
