/** Two independent LLM clients (as two workers would be) share one provider limit through Redis. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { loadConfig } from '../../shared/config.ts';
import { llmForRole, redisLimiterFactory } from '../../shared/llm/index.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

let infra: TestInfra;
let fake: FakeOpenAI;
const redises: Redis[] = [];

beforeAll(async () => {
  infra = await createTestInfra('llm ratelimit');
  fake = await startFakeOpenAI(() => ({ content: 'ok', delayMs: 40 }));
});
afterAll(async () => {
  for (const r of redises) r.disconnect();
  await fake?.close();
  await infra?.teardown();
});

function worker() {
  const redis = new Redis(infra.redisUrl, { maxRetriesPerRequest: 1 });
  redises.push(redis);
  const config = loadConfig({ ...infra.env, VAGLIO_LLM_BASE_URL: fake.baseURL, VAGLIO_SIMULATOR_MODEL: 'm' });
  return llmForRole(config, 'simulator', {
    limiterFactory: redisLimiterFactory({ redis, prefix: infra.prefix }),
    limits: { default: { maxInFlight: 2 } },
  })!;
}

describe('provider limit across workers', () => {
  it('never has more requests in flight at the provider than the shared limit', async () => {
    const a = worker();
    const b = worker();
    const calls = Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).complete({ messages: [{ role: 'user', content: `q${i}` }] }));
    const results = await Promise.all(calls);
    expect(results.map((r) => r.text)).toEqual(Array(12).fill('ok'));
    expect(fake.requests).toHaveLength(12);
    expect(fake.peakInFlight()).toBe(2);
  });
});
