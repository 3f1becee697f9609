/**
 * LLM provider errors on judge calls: 5xx and 429 storms are retried within the policy and end as `error`
 * (never `fail`); the run completes. A healthy provider then gives real verdicts, and running the same cases
 * again is served by the cache: no new request reaches the provider.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { ROOT, startTestWorkers, waitForRunStatus, type InProcessWorkers } from '../helpers/engine.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { startDemoChatbot } from '../../services/demo-chatbot/index.ts';
import { demoTarget } from '../../cli/demo/index.ts';
import { evalPlan, evalPlanSchema } from '../../shared/plans/eval.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import type { Redis } from 'ioredis';

let infra: TestInfra;
let workers: InProcessWorkers;
let llm: FakeOpenAI;
let bot: { url: string; close(): Promise<void> };
let redis: Redis;

const sets = [
  {
    id: 'giudice',
    type: 'single' as const,
    cases: ['Come mi registro su inPA con lo SPID?', 'Che cos\'è un titolo equipollente?', 'Cosa è la Gazzetta Ufficiale 4a serie speciale?'].map((input, i) => ({
      id: `q${i}`,
      input,
      checks: [{ type: 'answer-presence' as const }, { type: 'general-quality' as const }],
    })),
  },
];

beforeAll(async () => {
  infra = await createTestInfra('llm_errors');
  llm = await startFakeOpenAI();
  bot = await startDemoChatbot({ databaseUrl: infra.url, corpusDir: path.join(ROOT, 'examples/corpus'), port: 0 });
  redis = redisConnection(infra.redisUrl);
  workers = await startTestWorkers(infra, ['converse', 'judge', 'report', 'control'], {
    VAGLIO_LLM_BASE_URL: llm.baseURL,
    VAGLIO_LLM_API_KEY: 'sk-test-not-a-real-key',
    VAGLIO_JUDGE_MODEL: 'judge-test-model',
  });
});
afterAll(async () => {
  await workers?.stop();
  redis?.disconnect();
  await bot?.close();
  await llm?.close();
  await infra?.teardown();
});

async function runOnce(name: string): Promise<string> {
  const input = evalPlanSchema.parse({ plan: 'eval', name, sets, target: demoTarget(bot.url) });
  const built = await evalPlan.build(input, { config: workers.config });
  const { runId } = await submitRun({ sql: infra.sql, redis, prefix: infra.prefix }, { name, plan: 'eval', spec: {}, tasks: built.tasks, shared: built.shared });
  expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 60_000)).toBe('completed');
  return runId;
}

const llmOutcomes = (runId: string) =>
  infra.sql<{ outcome: string; reason: string }[]>`select outcome, reason from check_results where run_id = ${runId} and source = 'llm'`;

describe('LLM provider errors on judge calls', () => {
  it('a failing provider gives error outcomes, never fail, and the run completes', async () => {
    let n = 0;
    llm.setHandler(() => (n++ % 2 === 0 ? { status: 503 } : { status: 429, headers: { 'retry-after': '0' } }));
    const runId = await runOnce('judge-storm');
    const out = await llmOutcomes(runId);
    expect(out).toHaveLength(3);
    for (const o of out) expect(o.outcome).toBe('error');
    // Retried within the policy: a bounded number of attempts per check.
    expect(llm.chatRequests().length).toBeGreaterThanOrEqual(3 * 2);
    expect(llm.chatRequests().length).toBeLessThanOrEqual(3 * 6);
    const cases = await infra.sql<{ outcome: string }[]>`select outcome from case_results where run_id = ${runId}`;
    expect(cases.map((c) => c.outcome)).toEqual(['error', 'error', 'error']);
  });

  it('a healthy provider gives verdicts, and a re-run is served by the cache', async () => {
    const ok = { verdict: 'pass', reason: 'ok' };
    llm.setHandler(() => ({ content: JSON.stringify({ relevance: ok, groundedness: ok, completeness: ok, abstention: { verdict: 'not_applicable', reason: 'n/a' } }) }));
    const first = await runOnce('judge-ok');
    expect((await llmOutcomes(first)).map((o) => o.outcome)).toEqual(['pass', 'pass', 'pass']);
    const before = llm.chatRequests().length;
    const second = await runOnce('judge-ok');
    expect((await llmOutcomes(second)).map((o) => o.outcome)).toEqual(['pass', 'pass', 'pass']);
    expect(llm.chatRequests().length).toBe(before);
    const cached = await infra.sql<{ n: number }[]>`select count(*)::int as n from llm_calls where run_id = ${second} and cached`;
    expect(cached[0]!.n).toBe(3);
  });
});
