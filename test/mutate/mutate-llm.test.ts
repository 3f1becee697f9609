/**
 * Mutation testing with LLM checks: without a judge model they are "not exercised" (and a case they decide
 * cannot be mutated: its original is not a pass); with one (a scripted OpenAI-compatible server — this says
 * nothing about a judge's quality, only that mutants reach it) a deflected answer is killed by compare-meaning.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { startTestWorkers, waitForRunStatus, type InProcessWorkers } from '../helpers/engine.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { loadScenarios } from '../../shared/scenarios/index.ts';
import { evalPlan, evalPlanSchema } from '../../shared/plans/eval.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import { loadConfig } from '../../shared/config.ts';
import { makeLlmJudge } from '../../shared/eval/llm-judge.ts';
import { llmFor } from '../../shared/tasks/llm.ts';
import { mutateRun } from '../../shared/mutate/index.ts';
import { fixtureTarget, startFixtureBot } from './fixture-bot.ts';

const SUITE = `
id: mut-llm
type: single
cases:
  - id: posti-lecco
    input: Quanti posti ha il bando BX-101?
    checks:
      - { type: compare-meaning, value: "Il bando BX-101 mette a concorso 3 posti." }
`;

let infra: TestInfra;
let workers: InProcessWorkers;
let bot: Awaited<ReturnType<typeof startFixtureBot>>;
let judge: FakeOpenAI;
let redis: Redis;
let runId: string;

beforeAll(async () => {
  infra = await createTestInfra('mutate_llm');
  bot = await startFixtureBot();
  redis = redisConnection(infra.redisUrl);
  // The scripted judge: an answer that gives nothing scores low, the bot's own answer high.
  judge = await startFakeOpenAI((req) =>
    JSON.stringify(req.body.messages ?? []).includes('non sono in grado')
      ? { content: JSON.stringify({ score: 0.1, reason: 'no number of posts given' }) }
      : { content: JSON.stringify({ score: 0.95, reason: 'same meaning' }) },
  );
  // The run itself has no judge model: its case is `invalid`, as a user without a model would see.
  workers = await startTestWorkers(infra, ['converse', 'judge', 'report', 'control']);
  const dir = mkdtempSync(path.join(tmpdir(), 'vaglio-mut-llm-'));
  writeFileSync(path.join(dir, 'suite.yaml'), SUITE);
  const sets = await loadScenarios([path.join(dir, 'suite.yaml')]);
  const input = evalPlanSchema.parse({ plan: 'eval', name: 'mut-llm', sets, target: fixtureTarget(bot.url), today: '2026-12-01' });
  const built = await evalPlan.build(input, { config: workers.config });
  runId = (await submitRun({ sql: infra.sql, redis, prefix: infra.prefix }, { name: 'mut-llm', plan: 'eval', spec: {}, tasks: built.tasks, shared: built.shared })).runId;
  expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 60_000)).toBe('completed');
});
afterAll(async () => {
  await workers?.stop();
  redis?.disconnect();
  await judge?.close();
  await bot?.close();
  await infra?.teardown();
});

describe('vaglio mutate with LLM checks', () => {
  it('without a judge model: the LLM check is not exercised and the case cannot be told apart', async () => {
    const [row] = await infra.sql<{ outcome: string }[]>`select outcome from case_results where run_id = ${runId}`;
    expect(row?.outcome).toBe('invalid');
    const { summary } = await mutateRun(infra.db, runId, { only: ['deflect'] });
    expect(summary.llmNotExercised).toBe(1);
    expect(summary.byOperator.deflect).toMatchObject({ killed: 0, survived: 0, notApplicable: 1 });
    expect(judge.chatRequests()).toHaveLength(0);
  });

  it('with a judge model: the original passes compare-meaning and the deflected mutant is killed by it', async () => {
    const cfg = loadConfig({ ...process.env, ...infra.env, VAGLIO_LLM_BASE_URL: judge.baseURL, VAGLIO_LLM_API_KEY: 'sk-test', VAGLIO_JUDGE_MODEL: 'judge-test' });
    const llm = llmFor({ config: cfg, db: infra.db, redis, prefix: infra.prefix });
    const llmJudge = makeLlmJudge(cfg, llm, { runId, taskKey: 'mutate', signal: new AbortController().signal });
    const { summary } = await mutateRun(infra.db, runId, { only: ['deflect'], llmJudge });
    expect(summary.llmNotExercised).toBe(0);
    expect(summary.byOperator.deflect).toMatchObject({ killed: 1, survived: 0, score: 1 });
    // The judge saw both the original answer and the mutant.
    const prompts = judge.chatRequests().map((r) => JSON.stringify(r.body.messages));
    expect(prompts.some((p) => p.includes('mette a concorso 3 posti'))).toBe(true);
    expect(prompts.some((p) => p.includes('non sono in grado'))).toBe(true);
  });
});
