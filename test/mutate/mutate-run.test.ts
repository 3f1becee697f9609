/**
 * Mutation testing end to end: a run against a chatbot written for this test (its own tool names, roles
 * declared in its target file), played through real workers, Redis and Postgres; then `vaglio mutate`
 * in-process, as a plan through the workers, and as the CLI with its gate.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { ROOT, startTestWorkers, waitForRunStatus, type InProcessWorkers } from '../helpers/engine.ts';
import { loadScenarios } from '../../shared/scenarios/index.ts';
import { evalPlan, evalPlanSchema } from '../../shared/plans/eval.ts';
import { PLANS, runRequestSchema } from '../../shared/plans/index.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import { getMutationRun, mutateRun } from '../../shared/mutate/index.ts';
import type { MutationSummary } from '../../shared/mutate/report.ts';
import { fixtureTarget, startFixtureBot, SUITE_YAML } from './fixture-bot.ts';

let infra: TestInfra;
let workers: InProcessWorkers;
let bot: Awaited<ReturnType<typeof startFixtureBot>>;
let redis: Redis;
let runId: string;
let suiteDir: string;

async function submit(request: unknown): Promise<string> {
  const input = runRequestSchema.parse(request);
  const built = await PLANS[input.plan].build(input, { config: workers.config });
  const r = await submitRun({ sql: infra.sql, redis, prefix: infra.prefix }, { name: built.name, plan: input.plan, spec: {}, tasks: built.tasks, shared: built.shared });
  return r.runId;
}

beforeAll(async () => {
  infra = await createTestInfra('mutate_run');
  bot = await startFixtureBot();
  redis = redisConnection(infra.redisUrl);
  workers = await startTestWorkers(infra, ['converse', 'judge', 'report', 'control']);
  suiteDir = mkdtempSync(path.join(tmpdir(), 'vaglio-mut-'));
  writeFileSync(path.join(suiteDir, 'suite.yaml'), SUITE_YAML);
  const sets = await loadScenarios([path.join(suiteDir, 'suite.yaml')]);
  const input = evalPlanSchema.parse({ plan: 'eval', name: 'mut-source', sets, target: fixtureTarget(bot.url), today: '2026-12-01' });
  const built = await evalPlan.build(input, { config: workers.config });
  runId = (await submitRun({ sql: infra.sql, redis, prefix: infra.prefix }, { name: 'mut-source', plan: 'eval', spec: {}, tasks: built.tasks, shared: built.shared })).runId;
  expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 60_000)).toBe('completed');
});
afterAll(async () => {
  await workers?.stop();
  redis?.disconnect();
  await bot?.close();
  await infra?.teardown();
});

describe('vaglio mutate', () => {
  it('kills what the suite checks, lists what it does not, and says why an operator does not apply', async () => {
    const outcomes = await infra.sql<{ outcome: string }[]>`select outcome from case_results where run_id = ${runId}`;
    expect(outcomes.map((o) => o.outcome)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass', 'pass']);
    const { id, summary } = await mutateRun(infra.db, runId);
    // The tender tool found through the target's roles: dropping it or swapping its id is caught by tool-use.
    // (The posts case has no tool check: its mutant survives, outside the covered score.)
    // (One deadline case names the role, not the tool: the mutants are judged with the run's roles.)
    expect(summary.byOperator['drop-tender-call']).toMatchObject({ killed: 3, survived: 1, notApplicable: 2, score: 1 });
    expect(summary.byOperator['swap-tender-id']).toMatchObject({ killed: 3, survived: 1 });
    // A shifted deadline is caught where a date check pins it (2 cases), not by a `contains: "2026"` that
    // claims to look at the date but does not pin it: that survivor counts against the score.
    expect(summary.byOperator['shift-date-day']).toMatchObject({ killed: 2, survived: 1, score: 2 / 3 });
    expect(summary.survivors.find((s) => s.operator === 'shift-date-day')).toMatchObject({ taskKey: expect.stringContaining('scadenza-nuoro'), shouldHaveCaught: 'contains' });
    // ... a wrong count is not: the suite has no fact check on posts, and says so.
    const posts = summary.survivors.filter((s) => s.operator === 'change-count');
    expect(posts.map((s) => s.taskKey)).toEqual([expect.stringContaining('posti-lecco')]);
    expect(posts[0]!.shouldHaveCaught).toBe('no check covers this');
    // The search tool's text output widened with bandi outside the query: no search-results check covers it.
    expect(summary.survivors.some((s) => s.operator === 'drop-search-filter' && s.taskKey.includes('cerca-puglia'))).toBe(true);
    // ... while a search-results check that names what must not come back kills it (covered: it counts in the score).
    expect(summary.byOperator['drop-search-filter']).toMatchObject({ killed: 1, score: 1 });
    // Stored, with the summary the dashboard and the API read.
    const row = await getMutationRun(infra.db, id);
    expect(row?.sourceRunId).toBe(runId);
    expect((row?.summary as MutationSummary).survivors.length).toBe(summary.survivors.length);
    // A verified suggestion for the uncovered count: a fact-match pinning the posts the original answer gave.
    expect(summary.suggestions).toContainEqual(expect.objectContaining({ operator: 'change-count', check: { type: 'fact-match', kind: 'number', value: 3 } }));
  });

  it('runs as a plan through the workers (what POST /runs/:id/mutations submits)', async () => {
    const mutRun = await submit({ plan: 'mutate', sourceRun: runId, operators: ['drop-tender-call'], minScore: 0.9 });
    expect(await waitForRunStatus(infra.sql, mutRun, ['completed', 'failed'], 60_000)).toBe('completed');
    const rows = await infra.sql<{ score: number; gate_passed: boolean; operators: string[] }[]>`
      select score, gate_passed, operators from mutation_runs where source_run_id = ${runId} and operators = ${['drop-tender-call']}`;
    expect(rows).toEqual([{ score: 1, gate_passed: true, operators: ['drop-tender-call'] }]);
  });

  it('runs as an option of an eval run: after the report, on the run\'s own transcripts', async () => {
    const sets = await loadScenarios([path.join(suiteDir, 'suite.yaml')]);
    const own = await submit({ plan: 'eval', name: 'with-mutate', sets, target: fixtureTarget(bot.url), today: '2026-12-01', mutate: { operators: ['swap-tender-id'], minScore: 0.9 } });
    expect(await waitForRunStatus(infra.sql, own, ['completed', 'failed'], 60_000)).toBe('completed');
    const rows = await infra.sql<{ score: number; gate_passed: boolean; killed: number }[]>`
      select score, gate_passed, killed from mutation_runs where source_run_id = ${own}`;
    expect(rows).toEqual([{ score: 1, gate_passed: true, killed: 3 }]);
    // An unknown operator in the option is refused before the run exists.
    await expect(submit({ plan: 'eval', sets, target: fixtureTarget(bot.url), mutate: { operators: ['nope'] } })).rejects.toThrow(/mutate\.operators: unknown operator/);
  });

  it('refuses a plan naming an unknown operator before anything is enqueued', async () => {
    const before = (await infra.sql`select id from runs`).length;
    await expect(submit({ plan: 'mutate', sourceRun: runId, operators: ['no-such-op'] })).rejects.toThrow(/operators: unknown operator\(s\): no-such-op/);
    expect((await infra.sql`select id from runs`).length).toBe(before);
  });

  it('is a CI gate from the command line', async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'vaglio-mut-cli-')), 'nested', 'm.json');
    const cli = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'cli/vaglio.ts'), 'mutate', ...args], { env: { ...process.env, ...infra.env } });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
    const strict = await cli([runId, '--min-score', '1', '--json', out]);
    expect(strict.code, strict.stderr).toBe(1);
    expect(strict.stdout).toMatch(/gate: FAILED \(score 0\.\d+ < 1\)/);
    expect(strict.stdout).toContain('change-count on case.mut-suite.posti-lecco');
    expect((JSON.parse(readFileSync(out, 'utf8')) as MutationSummary).gate?.passed).toBe(false);
    const lenient = await cli([runId, '--operators', 'drop-tender-call,swap-tender-id', '--min-score', '0.9']);
    expect(lenient.code, lenient.stderr).toBe(0);
    const bad = await cli([runId, '--min-score', '95']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('did you mean 0.95');
    const unknown = await cli(['run_that_does_not_exist']);
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining('run_that_does_not_exist not found') });
  }, 180_000);
});

