/** Report files from seeded runs: failures and regressions first, everything escaped, one row/testcase per case. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { buildReport, gate, renderCsv, renderHtml, renderJson, renderJunit, writeReportFiles, highlight } from '../../shared/report/index.ts';
import type { ReportData } from '../../shared/report/index.ts';
import { EVIDENCE, HOSTILE, LONG_RESULT_TAIL, TENDER_TEXT, seedRuns, type Seeded } from './seed.ts';
import { FILTER_SCRIPT, FILTER_SCRIPT_HASH } from '../../shared/report/filter-script.ts';

let infra: TestInfra;
let seeded: Seeded;
let data: ReportData;

beforeAll(async () => {
  infra = await createTestInfra('report');
  seeded = await seedRuns(infra.sql);
  data = await buildReport(infra.sql, seeded.runId);
});
afterAll(async () => {
  await infra?.teardown();
});

/** Minimal CSV parser (RFC 4180 quotes) so the test reads the file as a spreadsheet would. */
function parseCsv(s: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && s[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

describe('report', () => {
  it('loads details: regression first, failed checks with judge rationale, transcript with tool calls', () => {
    expect(data.summary.previousRunId).toBe(seeded.previousRunId);
    expect(data.cases.slice(0, 2).map((c) => [c.caseId, c.regression])).toEqual([['prompt-injection', true], ['deadline', true]]);
    const first = data.cases[1]!;
    expect(first.checks.filter((c) => c.outcome === 'fail').map((c) => c.checkId)).toEqual(['judge-helpful', 'says-deadline']);
    expect(first.transcript?.turns[0]?.toolCalls[0]?.arguments).toEqual({ query: 'bando T1', region: 'Emilia-Romagna' });
    // The raw response body stays in Postgres, out of the report.
    expect(JSON.stringify(data)).not.toContain('RAW-BODY-MARKER');
  });

  it('caps each tool result in the HTML report and keeps it whole in the JSON', () => {
    const html = renderHtml(data);
    expect(html).toMatch(/… \d+ more characters \(the whole result is in the JSON report/);
    expect(html).not.toContain(LONG_RESULT_TAIL);
    expect(renderJson(data)).toContain(LONG_RESULT_TAIL);
  });

  it('loads no transcript, or one case\'s, when asked (the dashboard\'s run and case pages)', async () => {
    const none = await buildReport(infra.sql, seeded.runId, undefined, { transcripts: 'none' });
    expect(none.cases.map((c) => [c.taskKey, c.outcome, c.checks.length])).toEqual(data.cases.map((c) => [c.taskKey, c.outcome, c.checks.length]));
    expect(none.cases.filter((c) => c.transcript !== null)).toEqual([]);
    const key = data.cases[1]!.taskKey;
    const one = await buildReport(infra.sql, seeded.runId, undefined, { transcripts: { taskKey: key } });
    expect(one.cases.filter((c) => c.transcript !== null).map((c) => c.taskKey)).toEqual([key]);
    expect(one.cases.find((c) => c.taskKey === key)!.transcript).toEqual(data.cases[1]!.transcript);
  });

  it('keeps the raw response bodies in Postgres', async () => {
    const raws = await infra.sql<{ n: number }[]>`
      select count(*)::int as n from transcripts where run_id = ${seeded.runId} and turns::text like '%RAW-BODY-MARKER%'`;
    expect(raws[0]!.n).toBeGreaterThan(0);
    expect(data.cases.at(-1)!.outcome).toBe('pass');
    expect(data.redteam).toMatchObject({ total: 2, failed: 1, successRate: 0.5 });
    expect(data.diagnostics[0]).toMatchObject({ collection: 'Tender', verdict: 'ko', silhouette: 0.12 });
    expect(data.tenders.find((t) => t.tenderId === 'T1')).toMatchObject({ verdict: 'ko', metadata: 'ko' });
    const ex = data.metadata[0]!.excerpt!;
    expect(ex.text.slice(ex.spans[0]!.start, ex.spans[0]!.end)).toBe(EVIDENCE);
  });

  it('renders a self-contained HTML report with failures first and no live markup from transcripts', () => {
    const html = renderHtml(data);
    // One script only: the report's own filter, allowed by its hash (no src, no link, no network).
    expect(html.split(`<script>${FILTER_SCRIPT}</script>`).join('')).not.toMatch(/<script|<link|src=|https?:\/\/(?!evil)/i);
    expect(html).toContain(`script-src '${FILTER_SCRIPT_HASH}'`);
    expect(html).not.toContain(HOSTILE);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html.indexOf('regression')).toBeLessThan(html.indexOf('data-group="passed"'));
    expect(html.indexOf('tender-qa / deadline')).toBeLessThan(html.indexOf('redteam / jailbreak'));
    expect(html).toContain('The assistant invented a date');
    const start = TENDER_TEXT.indexOf(EVIDENCE);
    expect(html).toContain(`<mark data-start="${start}" data-end="${start + EVIDENCE.length}">${EVIDENCE}</mark>`);
    expect(html).toContain('search_tenders');
  });

  it('reports red-team attack success per OWASP id and technique, worst first', () => {
    const g = data.redteam.groups;
    expect(g.find((x) => x.by === 'owasp' && x.key === 'LLM01')).toMatchObject({ attacks: 2, succeeded: 1, rate: 0.5 });
    expect(g.find((x) => x.by === 'technique' && x.key === 'direct-injection')).toMatchObject({ attacks: 1, succeeded: 1, rate: 1 });
    expect(g.find((x) => x.by === 'technique' && x.key === 'role-play')).toMatchObject({ attacks: 1, succeeded: 0 });
    expect(g[0]!.rate).toBe(1);
    const html = renderHtml(data);
    expect(html).toContain('Red team by branch, technique and OWASP id');
    expect(html.indexOf('direct-injection')).toBeLessThan(html.indexOf('role-play'));
  });

  it('writes one CSV row per case, formula-safe', () => {
    const rows = parseCsv(renderCsv(data));
    expect(rows[0]).toContain('outcome');
    expect(rows).toHaveLength(1 + data.cases.length);
    const col = (name: string) => rows[0]!.indexOf(name);
    const inject = rows.find((r) => r[col('case_id')] === 'prompt-injection')!;
    expect(inject[col('reason')]).toBe(`'=HYPERLINK("http://evil")`);
    const dl = rows.find((r) => r[col('case_id')] === 'deadline')!;
    expect(dl[col('regression')]).toBe('true');
    expect(dl[col('failed_checks')]).toContain('says-deadline');
  });

  it('writes JUnit with a suite per set and a failure or error per failed case', () => {
    const xml = renderJunit(data);
    const suites = [...xml.matchAll(/<testsuite name="([^"]+)" tests="(\d+)" failures="(\d+)" errors="(\d+)"/g)].map((m) => m.slice(1));
    expect(suites).toEqual([
      ['redteam', '2', '1', '0'],
      ['tender-qa', '3', '1', '1'],
    ]);
    expect(xml.match(/<testcase /g)).toHaveLength(5);
    expect(xml).toMatch(/<failure message="REGRESSION: wrong deadline"/);
    expect(xml).toMatch(/<error message="target timed out"/);
    expect(xml).not.toContain('</testcase>&amp; ]]>');
  });

  it('gates CI on pass rate, regressions and errors', () => {
    const g = gate(data.summary, 0.5);
    expect(g.pass).toBe(false);
    expect(g.passRate).toBeCloseTo(2 / 4);
    expect(g.failed.map((f) => f.caseId)).toContain('deadline');
    const clean = { ...data.summary, regressions: 0, totals: { ...data.summary.totals, error: 0 } };
    expect(gate(clean, 0.5).pass).toBe(true);
    expect(gate(clean, 0.51).pass).toBe(false);
    expect(() => gate(clean, 2)).toThrow(/between 0 and 1/);
  });

  it('fails a run where nothing could be evaluated or a case errored, unless errors are allowed, and says why', () => {
    const clean = { ...data.summary, regressions: 0, totals: { ...data.summary.totals, error: 0 } };
    expect(gate(clean, {})).toMatchObject({ pass: true, threshold: null, allowErrors: false });
    const errored = { ...clean, totals: { ...clean.totals, error: 2 } };
    expect(gate(errored, {})).toMatchObject({ pass: false, why: [expect.stringMatching(/^2 cases errored/)] });
    expect(gate(errored, { allowErrors: true })).toMatchObject({ pass: true, allowErrors: true, why: [expect.stringMatching(/allowed by --allow-errors/)] });
    const nothing = { ...clean, totals: { total: 3, pass: 0, fail: 0, invalid: 3, error: 0, passRate: null } };
    expect(gate(nothing, {})).toMatchObject({ pass: false, why: ['nothing could be evaluated (pass + fail = 0; 3 invalid, 0 error)'] });
    expect(gate(nothing, { allowErrors: true }).pass).toBe(false);
    expect(gate(clean, { threshold: 0.9 })).toMatchObject({ pass: false, threshold: 0.9, why: [expect.stringMatching(/below the threshold 90.0%/)] });
  });

  it('writes the four files', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vaglio-report-'));
    try {
      const files = await writeReportFiles(infra.sql, seeded.runId, dir);
      expect(JSON.parse(await readFile(files.json, 'utf8')).run.id).toBe(seeded.runId);
      expect(await readFile(files.html, 'utf8')).toContain('<!doctype html>');
      expect((await readFile(files.csv, 'utf8')).split('\r\n')[0]).toMatch(/^run_id,/);
      expect(await readFile(files.junit, 'utf8')).toMatch(/^<\?xml/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('highlights spans with marks, escaping around and inside them', () => {
    expect(highlight('a<b>cd', [{ start: 1, end: 4 }, { start: 3, end: 5 }])).toBe('a<mark data-start="1" data-end="5">&lt;b&gt;c</mark>d');
    expect(highlight('abc', [{ start: 5, end: 9 }])).toBe('abc');
  });
});
