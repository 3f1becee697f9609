/**
 * An evaluation end to end: scenario files (single and conversation, every check family) against the demo
 * chatbot over HTTP, through Redis, worker processes' code and Postgres; every case's outcome is asserted
 * (its tag says what it must be), then the CLI's exit code as a CI gate.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { ROOT, startTestWorkers, waitForRunStatus, type InProcessWorkers } from '../helpers/engine.ts';
import { startDemoChatbot } from '../../services/demo-chatbot/index.ts';
import { loadScenarios } from '../../shared/scenarios/index.ts';
import { loadTargetConfig } from '../../shared/targets/index.ts';
import { evalPlan, evalPlanSchema } from '../../shared/plans/eval.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { computeSummary } from '../../shared/eval/summary.ts';
import { regressionFromRun, writeRegression } from '../../shared/eval/capture.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import type { Redis } from 'ioredis';
import { writeReports } from '../../cli/reports.ts';

const FIXTURES = path.join(ROOT, 'test/e2e/fixtures/scenarios');
let infra: TestInfra;
let workers: InProcessWorkers;
let bot: { url: string; close(): Promise<void> };
let redis: Redis;
let targetFile: string;

beforeAll(async () => {
  infra = await createTestInfra('e2e_eval');
  bot = await startDemoChatbot({ databaseUrl: infra.url, corpusDir: path.join(ROOT, 'examples/corpus'), port: 0 });
  const dir = mkdtempSync(path.join(tmpdir(), 'vaglio-e2e-'));
  const target = parse(readFileSync(path.join(ROOT, 'scenarios/targets/demo-chatbot.yaml'), 'utf8')) as Record<string, unknown>;
  target.url = `${bot.url}/chat`;
  targetFile = path.join(dir, 'target.yaml');
  writeFileSync(targetFile, stringify(target));
  redis = redisConnection(infra.redisUrl);
  workers = await startTestWorkers(infra, ['converse', 'judge', 'report', 'control']);
});
afterAll(async () => {
  await workers?.stop();
  redis?.disconnect();
  await bot?.close();
  await infra?.teardown();
});

describe('evaluation end to end', () => {
  it('gives every case the outcome it must have', async () => {
    const sets = await loadScenarios([FIXTURES]);
    const cases = sets.flatMap((s) => s.cases.map((c) => ({ set: s.id, id: c.id, expect: c.tags?.find((t) => t.startsWith('expect-'))?.slice(7) })));
    expect(cases.length).toBeGreaterThanOrEqual(20);
    const input = evalPlanSchema.parse({ plan: 'eval', name: 'e2e', sets, target: await loadTargetConfig(targetFile), today: '2026-12-01' });
    const built = await evalPlan.build(input, { config: workers.config });
    const { runId } = await submitRun({ sql: infra.sql, redis, prefix: infra.prefix }, { name: 'e2e', plan: 'eval', spec: {}, tasks: built.tasks, shared: built.shared });
    expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 60_000)).toBe('completed');
    const rows = await infra.sql<{ set_id: string; case_id: string; outcome: string; reason: string }[]>`
      select set_id, case_id, outcome, reason from case_results where run_id = ${runId}`;
    const got = new Map(rows.map((r) => [`${r.set_id}/${r.case_id}`, r]));
    for (const c of cases) {
      const r = got.get(`${c.set}/${c.id}`);
      expect(r?.outcome, `${c.set}/${c.id}: ${r?.reason}`).toBe(c.expect);
    }
    // LLM checks without a judge model are invalid with the reason, never a guess.
    const llm = await infra.sql<{ outcome: string; reason: string }[]>`
      select outcome, reason from check_results where run_id = ${runId} and type in ('general-quality', 'compare-meaning', 'custom')`;
    expect(llm.length).toBe(3);
    for (const l of llm) expect(l).toEqual({ outcome: 'invalid', reason: 'no judge model configured' });
    // Every transcript keeps the tool calls with their arguments.
    const t = await infra.sql<{ turns: { toolCalls: { name: string; arguments: Record<string, unknown> }[] }[] }[]>`
      select turns from transcripts where run_id = ${runId} and task_key like 'case.bandi-single.scadenza-bergamo.%'`;
    expect(t[0]?.turns[0]?.toolCalls[0]).toMatchObject({ name: 'get_tender_text', arguments: { id: 'demo-001-comune-bergamo-istruttore-amm' } });
    const summary = await computeSummary(infra.sql, runId);
    const expected = (o: string) => cases.filter((c) => c.expect === o).length;
    expect(summary.totals).toMatchObject({ pass: expected('pass'), fail: expected('fail'), invalid: expected('invalid'), error: 0 });
    expect(summary.failures.map((f) => f.caseId).sort()).toEqual(cases.filter((c) => c.expect === 'fail').map((c) => c.id).sort());
    expect(summary.latency[0]?.p95).toBeGreaterThan(0);
    // The report files are written before the run's root closes it, yet they give the status it ended with.
    const reportDir = path.join(workers.config.VAGLIO_REPORT_DIR, runId);
    const json = JSON.parse(readFileSync(path.join(reportDir, `${runId}.json`), 'utf8')) as {
      run: { status: string; createdAt: string; finishedAt: string | null };
      summary: { status: string };
    };
    expect(json.run.status).toBe('completed');
    // ... and when it ended: within a second of the end the run's root recorded.
    const ended = (await infra.sql<{ finished_at: Date }[]>`select finished_at from runs where id = ${runId}`)[0]!.finished_at;
    expect(Math.abs(Date.parse(json.run.finishedAt ?? '') - ended.getTime())).toBeLessThan(1000);
    expect(json.summary.status).toBe('completed');
    const stored = await infra.sql<{ status: string }[]>`select summary->>'status' as status from reports where run_id = ${runId}`;
    expect(stored[0]?.status).toBe('completed');
    expect(readFileSync(path.join(reportDir, `${runId}.html`), 'utf8')).toContain('<span class="badge b-completed">completed</span>');
    // The CLI shows the files the report task wrote, and writes them again only where it is asked to.
    const elsewhere = path.join(mkdtempSync(path.join(tmpdir(), 'vaglio-out-')), 'r');
    expect(await writeReports(infra.sql, runId, elsewhere)).toMatchObject({ json: path.join(reportDir, `${runId}.json`) });
    expect(existsSync(elsewhere)).toBe(false);
    expect(await writeReports(infra.sql, runId, reportDir, elsewhere)).toMatchObject({ json: path.join(elsewhere, `${runId}.json`) });
    expect(JSON.parse(readFileSync(path.join(elsewhere, `${runId}.json`), 'utf8'))).toMatchObject({ run: { id: runId, status: 'completed' } });

    // One command turns the failing conversation into a regression case that loads and keeps its failing check.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'vaglio-reg-')), 'regressions.yaml');
    const failing = (await infra.sql<{ task_key: string }[]>`
      select task_key from case_results where run_id = ${runId} and case_id = 'scadenza-sbagliata'`)[0]!.task_key;
    await writeRegression(await regressionFromRun(infra.sql, runId, failing), file);
    await writeRegression(await regressionFromRun(infra.sql, runId, (await infra.sql<{ task_key: string }[]>`
      select task_key from case_results where run_id = ${runId} and case_id = 'esatta'`)[0]!.task_key), file);
    const [reg] = await loadScenarios([file]);
    expect(reg!.cases.map((c) => c.id)).toEqual([expect.stringMatching(/^reg-scadenza-sbagliata-/), expect.stringMatching(/^reg-esatta-/)]);
    expect(reg!.cases[0]!.input).toBe('Qual è la scadenza del concorso del Comune di Bergamo per istruttore amministrativo?');
    expect(reg!.cases[0]!.checks).toContainEqual(expect.objectContaining({ type: 'fact-match', value: '2027-02-15' }));
    expect(reg!.cases[0]!.notes).toMatch(/failed: fact-match/);
  });

  it('the CLI gate exits 1 below the threshold and 0 above it, and writes JUnit', async () => {
    const env = { ...process.env, ...infra.env, VAGLIO_LOG_LEVEL: 'warn' };
    const dir = mkdtempSync(path.join(tmpdir(), 'vaglio-cli-'));
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'cli/vaglio.ts'), 'run', ...args], { env, cwd: ROOT });
        let out = '';
        let err = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.on('exit', (code) => resolve({ code, out, err }));
      });
    const junit = path.join(dir, 'out.xml');
    const low = await run([path.join(FIXTURES, 'bandi-single.yaml'), '--target', targetFile, '--threshold', '0.95', '--junit', junit, '--today', '2026-12-01']);
    expect(low.code, low.err).toBe(1);
    expect(low.out).toMatch(/gate: FAIL/);
    expect(low.out).toMatch(/FAIL bandi-single\/scadenza-sbagliata/);
    const xml = readFileSync(junit, 'utf8');
    const single = (await loadScenarios([path.join(FIXTURES, 'bandi-single.yaml')]))[0]!;
    const fails = single.cases.filter((c) => c.tags?.includes('expect-fail')).length;
    // Cases that could not be judged are errors for CI, never passes.
    const invalid = single.cases.filter((c) => c.tags?.includes('expect-invalid')).length;
    expect(invalid).toBeGreaterThan(0);
    expect(xml).toContain(`<testsuite name="bandi-single" tests="${single.cases.length}" failures="${fails}" errors="${invalid}"`);
    const high = await run([path.join(FIXTURES, 'bandi-single.yaml'), '--target', targetFile, '--threshold', '0.5']);
    expect(high.code, high.err).toBe(0);
    expect(high.out).toMatch(/gate: PASS/);
    const bad = await run([path.join(ROOT, 'test/e2e/fixtures/bad-scenario.yaml'), '--target', targetFile]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/bad-scenario\.yaml:6:\d+ .*cases\[0\]\.checks\[0\]\.type/);
    expect(bad.err).toMatch(/nothing was enqueued/);

    // A chatbot nobody can reach: every case errors. Without a threshold the gate still fails, says why, and
    // the JSON records it; --allow-errors does not make an evaluation of nothing pass.
    const down = parse(readFileSync(targetFile, 'utf8')) as Record<string, unknown>;
    const downFile = path.join(dir, 'down.yaml');
    writeFileSync(downFile, stringify({ ...down, url: 'http://127.0.0.1:9/chat', retries: 0, timeoutMs: 2000 }));
    const json = path.join(dir, 'down.json');
    const unreachable = await run([path.join(FIXTURES, 'bandi-single.yaml'), '--target', downFile, '--json', json, '--name', 'down']);
    expect(unreachable.code, unreachable.err).toBe(1);
    expect(unreachable.out).toMatch(/gate: FAIL \(nothing could be evaluated \(pass \+ fail = 0; \d+ invalid, \d+ error\); \d+ cases errored/);
    const written = JSON.parse(readFileSync(json, 'utf8')) as { gate: { pass: boolean; threshold: number | null; why: string[] } };
    expect(written.gate).toMatchObject({ pass: false, threshold: null, allowErrors: false });
    expect(written.gate.why[0]).toMatch(/^nothing could be evaluated/);
    const allowed = await run([path.join(FIXTURES, 'bandi-single.yaml'), '--target', downFile, '--allow-errors', '--name', 'down']);
    expect(allowed.code).toBe(1);
    expect(allowed.out).toMatch(/allowed by --allow-errors/);
  }, 240_000);
});
