/** JUnit XML for CI systems: one testsuite per set, one testcase per case. */
import { writeFile } from 'node:fs/promises';
import type { Sql } from '../shared/db/client.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
    // XML 1.0 forbids most control characters, which attacker-controlled answers may contain.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');

export async function junitXml(sql: Sql, runId: string): Promise<string> {
  const rows = await sql<{ set_id: string; case_id: string; repeat_index: number; outcome: string; reason: string; latency_ms: number | null }[]>`
    select set_id, case_id, repeat_index, outcome, reason, latency_ms from case_results where run_id = ${runId} order by set_id, case_id, repeat_index`;
  const bySet = new Map<string, (typeof rows)[number][]>();
  for (const r of rows) bySet.set(r.set_id, [...(bySet.get(r.set_id) ?? []), r]);
  const suites = [...bySet].map(([set, cases]) => {
    const failures = cases.filter((c) => c.outcome === 'fail').length;
    const errors = cases.filter((c) => c.outcome === 'error').length;
    const skipped = cases.filter((c) => c.outcome === 'invalid').length;
    const body = cases
      .map((c) => {
        const name = esc(c.repeat_index ? `${c.case_id}#${c.repeat_index}` : c.case_id);
        const time = ((c.latency_ms ?? 0) / 1000).toFixed(3);
        const inner =
          c.outcome === 'fail'
            ? `<failure message="${esc(c.reason.slice(0, 500))}">${esc(c.reason)}</failure>`
            : c.outcome === 'error'
              ? `<error message="${esc(c.reason.slice(0, 500))}">${esc(c.reason)}</error>`
              : c.outcome === 'invalid'
                ? `<skipped message="invalid: ${esc(c.reason.slice(0, 500))}"/>`
                : '';
        return `    <testcase classname="${esc(set)}" name="${name}" time="${time}">${inner}</testcase>`;
      })
      .join('\n');
    return `  <testsuite name="${esc(set)}" tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="${skipped}">\n${body}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="vaglio ${esc(runId)}">\n${suites.join('\n')}\n</testsuites>\n`;
}

export async function writeJunit(sql: Sql, runId: string, file: string): Promise<void> {
  await writeFile(file, await junitXml(sql, runId));
}
