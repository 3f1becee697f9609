/** A target's `rateLimit` is shared, through Redis, by every target object built from the same config. */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTarget, type TargetConfigInput } from '../../shared/targets/index.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { json, startTargetServer, type TargetServer } from './target-server.ts';

let infra: TestInfra;
let redis: Redis;
let server: TargetServer;
beforeAll(async () => {
  infra = await createTestInfra('targets_ratelimit');
  redis = new Redis(infra.redisUrl);
});
afterAll(async () => {
  redis?.disconnect();
  await infra?.teardown();
});
beforeEach(async () => {
  server = await startTargetServer();
});
afterEach(async () => server.close());

describe('target rate limit', () => {
  it('keeps in-flight requests at maxInFlight across targets built separately (as two workers would)', async () => {
    let inFlight = 0;
    let peak = 0;
    server.answer((_req, res) => {
      peak = Math.max(peak, ++inFlight);
      setTimeout(() => {
        inFlight--;
        json(res, 200, { answer: 'ok' });
      }, 60);
    });
    const config: TargetConfigInput = {
      type: 'http',
      name: 'limited-bot',
      url: server.url,
      body: { q: '{{message}}' },
      response: { answer: 'answer' },
      rateLimit: { maxInFlight: 2, ratePerSec: 100 },
    };
    const targets = [createTarget(config, { redis, prefix: infra.prefix }), createTarget(config, { redis, prefix: infra.prefix })];
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => targets[i % 2]?.send({ message: `m${i}`, history: [], vars: {} }, AbortSignal.timeout(10_000))),
    );
    expect(replies.map((r) => r?.text)).toEqual(Array(10).fill('ok'));
    expect(peak).toBeLessThanOrEqual(2);
    expect(await redis.zcard(`${infra.prefix}:rl:target-limited-bot:inflight`)).toBe(0);
  });
});
