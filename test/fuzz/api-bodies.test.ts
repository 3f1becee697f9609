/**
 * Hostile run requests: the request schema and the plan build on 10,000 random bodies (a run or a named
 * 400, never another exception), then 300 real POST /runs against the running api: 400 or 201, never 500,
 * and nothing written or enqueued for a rejected body.
 */
import fc from 'fast-check';
import { ZodError } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../shared/config.ts';
import { PLANS, runRequestSchema } from '../../shared/plans/index.ts';
import { ValidationError } from '../../shared/engine/errors.ts';
import { TargetConfigError } from '../../shared/targets/index.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { testConfig } from '../helpers/engine.ts';
import { startApi, type ApiHandle } from '../../services/api/server.ts';
import { FUZZ_RUNS, fuzzParams } from './budget.ts';

/** NUL and other control characters (and a lone surrogate): Postgres refuses U+0000 in text. */
const nasty = fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\u0085', '\ud800');
const withNasty = fc.tuple(fc.string({ maxLength: 5 }), nasty, fc.string({ maxLength: 5 })).map(([a, c, b]) => `${a}${c}${b}`);
const plan = fc.oneof(fc.constantFrom('dag', 'eval', 'daily', 'DAG', '', '__proto__'), fc.string());
const task = fc.record(
  { key: fc.oneof(fc.constantFrom('a', 'b', 'x:y', ''), fc.string(), withNasty), kind: fc.oneof(fc.constantFrom('test.noop', 'test.sum', 'eval.converse', 'nope'), fc.string()), dependsOn: fc.array(fc.constantFrom('a', 'b', 'ghost'), { maxLength: 2 }), payload: fc.oneof(fc.constant({ value: 1 }), fc.object({ maxDepth: 1 }), withNasty.map((v) => ({ value: v })), withNasty.map((k) => ({ [k]: 1 }))) },
  { requiredKeys: [] },
);
const target = fc.record({ type: fc.constantFrom('http', 'openai', 'x'), url: fc.oneof(fc.webUrl(), fc.string()), response: fc.oneof(fc.constant({ answer: 'answer' }), fc.object({ maxDepth: 1 })) }, { requiredKeys: [] });
const requestish = fc.record(
  { plan, name: fc.oneof(fc.string(), fc.integer(), withNasty), tasks: fc.array(task, { maxLength: 4 }), sets: fc.array(fc.object({ maxDepth: 2 }), { maxLength: 2 }), target, repeat: fc.oneof(fc.integer(), fc.double()) },
  { requiredKeys: [] },
);
// Bodies that must make a run (plan: dag is strict, so a random record with extra keys rarely is one).
const validDag = fc.record({ plan: fc.constant('dag'), name: fc.string({ minLength: 1, maxLength: 40 }), tasks: fc.constant([{ key: 'a', kind: 'test.noop' }, { key: 'b', kind: 'test.noop', dependsOn: ['a'] }]) });
const anyBody = fc.oneof(requestish, validDag, fc.json({ maxDepth: 3 }).map((j) => JSON.parse(j) as unknown));
const config = loadConfig({});

/** 'run' when the body would create a run, 'rejected' when it is refused with named problems. */
async function validate(body: unknown): Promise<'run' | 'rejected'> {
  const parsed = runRequestSchema.safeParse(body);
  if (!parsed.success) {
    expect(parsed.error.issues.length).toBeGreaterThan(0);
    return 'rejected';
  }
  try {
    const built = await PLANS[parsed.data.plan].build(parsed.data, { config });
    expect(Array.isArray(built.tasks)).toBe(true);
    return 'run';
  } catch (err) {
    if (err instanceof ValidationError || err instanceof ZodError || err instanceof TargetConfigError) return 'rejected';
    throw err;
  }
}

describe('fuzzing run requests', () => {
  it(`runRequestSchema + plan build: ${FUZZ_RUNS} random bodies → a run or named problems`, async () => {
    const seen = { n: 0 };
    const tally = { run: 0, rejected: 0 };
    await fc.assert(fc.asyncProperty(anyBody, async (b) => void tally[await validate(b)]++), fuzzParams(seen));
    expect(seen.n).toBeGreaterThanOrEqual(FUZZ_RUNS);
    expect(tally.rejected).toBeGreaterThan(0);
    expect(tally.run).toBeGreaterThan(0);
  });

  describe('against the running api', () => {
    let infra: TestInfra;
    let api: ApiHandle;
    const token = 'fuzz-token-0123456789abcdef';
    beforeAll(async () => {
      infra = await createTestInfra('fuzz_api_bodies');
      api = await startApi({ services: ['api'], config: testConfig(infra), token, port: 0, handleSignals: false });
    });
    afterAll(async () => {
      await api?.stop();
      await infra?.teardown();
    });

    it('300 random bodies: 400 or 201, never 500; a rejected body writes and enqueues nothing', async () => {
      const statuses = new Map<number, number>();
      const seen = { n: 0 };
      const raw = fc.oneof(anyBody.map((b) => JSON.stringify(b)), fc.string({ maxLength: 100 }), fc.constantFrom('{"plan":', 'null', '[]', '"dag"', '{"plan":"dag","tasks":[{"key":"a","kind":"test.noop"'));
      await fc.assert(
        fc.asyncProperty(raw, async (body) => {
          const res = await fetch(`${api.url}/runs`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          expect([201, 400]).toContain(res.status);
        }),
        fuzzParams(seen, 300),
      );
      expect(seen.n).toBeGreaterThanOrEqual(300);
      const created = statuses.get(201) ?? 0;
      expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
      const runs = (await infra.sql<{ n: number }[]>`select count(*)::int as n from runs`)[0]!.n;
      expect(runs).toBe(created);
      // Every task row belongs to a created run, and every BullMQ job to a task row.
      const tasks = (await infra.sql<{ n: number }[]>`select count(*)::int as n from tasks`)[0]!.n;
      const jobHashes = (await api.services.redis.keys(`${infra.prefix}:*`)).filter((k) => /:[^:]+\.[^:]+$/.test(k));
      expect(jobHashes.length).toBeLessThanOrEqual(tasks);
      if (created === 0) expect(await api.services.redis.keys(`${infra.prefix}:*:id`)).toEqual([]);
    });
  });
});
