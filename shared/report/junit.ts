/**
 * JUnit XML for CI: one <testsuite> per set, one <testcase> per case; fail → <failure>, error/invalid → <error>
 * (invalid means the case could not be judged, which CI should treat as broken, not as a pass).
 */
import { xmlEsc } from './escape.ts';
import type { CaseDetail, ReportData } from './types.ts';

function testcase(c: CaseDetail): string {
  const name = `${c.caseId}${c.repeatIndex ? `#${c.repeatIndex}` : ''}`;
  const time = ((c.latencyMs ?? 0) / 1000).toFixed(3);
  const open = `<testcase classname="${xmlEsc(c.setId)}" name="${xmlEsc(name)}" time="${time}">`;
  const detail = c.checks
    .filter((k) => k.outcome !== 'pass')
    .map((k) => `${k.checkId} (${k.type}): ${k.outcome}: ${k.reason}`)
    .join('\n');
  const reason = `${c.regression ? 'REGRESSION: ' : ''}${c.reason}`;
  if (c.outcome === 'pass') return `${open}</testcase>`;
  const el = c.outcome === 'fail' ? 'failure' : 'error';
  return `${open}<${el} message="${xmlEsc(reason)}" type="${xmlEsc(c.outcome)}">${xmlEsc(detail || reason)}</${el}></testcase>`;
}

export function renderJunit(d: ReportData): string {
  const bySet = new Map<string, CaseDetail[]>();
  for (const c of d.cases) bySet.set(c.setId, [...(bySet.get(c.setId) ?? []), c]);
  const suites = [...bySet.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([set, cases]) => {
      const failures = cases.filter((c) => c.outcome === 'fail').length;
      const errors = cases.filter((c) => c.outcome === 'error' || c.outcome === 'invalid').length;
      const time = cases.reduce((a, c) => a + (c.latencyMs ?? 0), 0) / 1000;
      return `  <testsuite name="${xmlEsc(set)}" tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="0" time="${time.toFixed(3)}">
${cases.map((c) => `    ${testcase(c)}`).join('\n')}
  </testsuite>`;
    });
  const t = d.summary.totals;
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${xmlEsc(d.run.name)}" tests="${d.cases.length}" failures="${t.fail}" errors="${t.error + t.invalid}">
${suites.join('\n')}
</testsuites>
`;
}
