/** The run page's case list: the filter form (plain GET, works without script), one page of rows, pagination. */
import { esc } from '../../../../shared/report/escape.ts';
import { badge } from '../../../../shared/report/fragments.ts';
import { reasonHtml } from '../../../../shared/report/reason.ts';
import { PAGE_SIZE, type CaseFilter, type CaseList, type CaseListRow } from '../cases.ts';

export const runUrl = (id: string) => `/dashboard/runs/${encodeURIComponent(id)}`;
export const caseUrl = (runId: string, taskKey: string) => `${runUrl(runId)}/cases/${encodeURIComponent(taskKey)}`;

const FILTER_KEYS = ['outcome', 'family', 'tender', 'check', 'branch', 'q'] as const;

/** The run page's URL for `f` with `patch` applied, at the case list. */
export function filterUrl(runId: string, f: CaseFilter, patch: Partial<CaseFilter>): string {
  const all = { ...f, ...patch };
  const qs = new URLSearchParams();
  for (const k of FILTER_KEYS) if (all[k]) qs.set(k, String(all[k]));
  if (all.page > 1) qs.set('page', String(all.page));
  const s = qs.toString();
  return `${runUrl(runId)}${s ? `?${s}` : ''}#cases`;
}

function select(name: string, label: string, options: [string, string][], value: string | undefined): string {
  const opts = options.map(([v, t]) => `<option value="${esc(v)}"${v === value ? ' selected' : ''}>${esc(t)}</option>`).join('');
  return `<label class="filter"><span>${esc(label)}</span><select name="${name}" data-autosubmit><option value="">all</option>${opts}</select></label>`;
}

function filterForm(runId: string, list: CaseList, f: CaseFilter): string {
  const o = list.facets.outcomes;
  const notPass = Object.entries(o).reduce((n, [k, v]) => n + (k === 'pass' ? 0 : v), 0);
  const outcomes: [string, string][] = [
    ['not-pass', `not passed (${notPass})`],
    ...(['fail', 'error', 'invalid', 'pass'] as const).filter((k) => o[k]).map((k): [string, string] => [k, `${k} (${o[k]})`]),
  ];
  const same = (xs: string[]): [string, string][] => xs.map((x) => [x, x]);
  return `<form class="filters" method="get" action="${esc(runUrl(runId))}#cases" role="search">
${select('outcome', 'Outcome', outcomes, f.outcome)}
${list.facets.families.length ? select('family', 'Family', same(list.facets.families), f.family) : ''}
${list.facets.tenders.length ? select('tender', 'Tender', same(list.facets.tenders), f.tender) : ''}
${list.facets.checkTypes.length ? select('check', 'Check type', same(list.facets.checkTypes), f.check) : ''}
${list.facets.branches.length ? select('branch', 'Red-team branch', same(list.facets.branches), f.branch) : ''}
<label class="filter search"><span>Search</span><input type="search" name="q" value="${esc(f.q ?? '')}" placeholder="case, tender, check, reason…"></label>
<div class="filter-actions"><button type="submit">Filter</button> <a href="${esc(runUrl(runId))}#cases">clear</a></div>
</form>`;
}

function row(runId: string, c: CaseListRow): string {
  const why = c.failedChecks.length
    ? c.failedChecks.map((k) => `<div class="why"><code>${esc(k.checkId)}</code> ${reasonHtml(k.reason)}</div>`).join('')
    : c.outcome === 'pass' ? '' : reasonHtml(c.reason);
  const kind = c.branch ? `redteam · ${esc(c.branch)}` : esc(c.family ?? '–');
  return `<tr class="o-${esc(c.outcome)}" data-task="${esc(c.taskKey)}"><td>${badge(c.outcome)}${c.regression ? ' <span class="badge b-regression">regression</span>' : ''}</td>
<td><a href="${esc(caseUrl(runId, c.taskKey))}">${esc(c.setId)} / ${esc(c.caseId)}${c.repeatIndex ? ` #${c.repeatIndex}` : ''}</a><div class="show-sm muted">${c.tenderId ? esc(c.tenderId) : kind}</div></td>
<td class="hide-sm">${c.tenderId ? esc(c.tenderId) : '–'}</td><td class="hide-sm">${kind}</td>
<td>${why}</td></tr>`;
}

function pager(runId: string, list: CaseList, f: CaseFilter): string {
  if (list.pages <= 1) return '';
  const link = (p: number, text: string, rel: string) =>
    p < 1 || p > list.pages || p === list.page ? `<span class="muted">${text}</span>` : `<a href="${esc(filterUrl(runId, f, { page: p }))}" rel="${rel}">${text}</a>`;
  return `<nav class="pager" aria-label="pages">${link(1, '« first', 'first')} ${link(list.page - 1, '‹ previous', 'prev')}
<span data-field="page">page ${list.page} of ${list.pages}</span> ${link(list.page + 1, 'next ›', 'next')} ${link(list.pages, 'last »', 'last')}</nav>`;
}

export function casesSection(runId: string, list: CaseList, f: CaseFilter): string {
  const from = (list.page - 1) * PAGE_SIZE + 1;
  const shown = list.rows.length ? `${from}–${from + list.rows.length - 1} of ${list.total}` : `0 of ${list.total}`;
  const table = list.rows.length
    ? `<div class="scroll"><table class="cases"><thead><tr><th>Outcome</th><th>Case</th><th class="hide-sm">Tender</th><th class="hide-sm">Family</th><th>Failed checks / reason</th></tr></thead>
<tbody>${list.rows.map((c) => row(runId, c)).join('\n')}</tbody></table></div>`
    : '<p class="muted" data-field="no-cases">No case matches these filters.</p>';
  return `${filterForm(runId, list, f)}
<p class="muted" data-field="case-count">Cases ${shown} (failures first)</p>
${table}
${pager(runId, list, f)}`;
}
