/**
 * Target storms against a real HTTP target: 5xx on half the requests, 429 with Retry-After, hangs past the
 * timeout, truncated JSON. An eval with a rate limit on the target must count every case that the target
 * fails (after its retries) as `error`, never `fail`; an unavailable target (5xx, 429, timeouts) is a task failure the
 * engine retries and then dead-letters (so resume relaunches it), a malformed reply is not retried; retries stay
 * within the policy (requests per case counted at the server: adapter retries × engine attempts); the peak rate
 * and in-flight requests the target saw stay within the limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { startTestWorkers, waitForRunStatus, type InProcessWorkers } from '../helpers/engine.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import { caseTasks, reportTask } from '../../shared/plans/eval.ts';
import { testSetSchema } from '../../shared/scenarios/index.ts';
import { targetConfigSchema } from '../../shared/targets/index.ts';
import { startStormTarget, stormSet, type StormAction } from './storm-target.ts';

const CASES = 24;
const RETRIES = 2;
/** The converse task's engine attempts (shared/tasks/converse.ts). */
const ATTEMPTS = 3;
const LIMIT = { ratePerSec: 20, maxInFlight: 4 };
let infra: TestInfra;
let redis: Redis;
let workers: InProcessWorkers;

beforeAll(async () => {
  infra = await createTestInfra('resilience_target_storm');
  redis = redisConnection(infra.redisUrl);
  workers = await startTestWorkers(infra, ['converse', 'report', 'control'], {}, { converse: 12 });
});
afterAll(async () => {
  await workers?.stop();
  redis?.disconnect();
  await infra?.teardown();
});

// Case i's behaviour: by i % 6. Two kinds recover within the retries, four never do.
const plan: Record<number, { name: string; act: (nth: number) => StormAction; ok: boolean }> = {
  0: { name: '5xx every other request (recovers)', act: (nth) => (nth % 2 ? '500' : 'ok'), ok: true },
  1: { name: '429 Retry-After once (recovers)', act: (nth) => (nth === 1 ? '429' : 'ok'), ok: true },
  2: { name: '5xx always', act: () => '500', ok: false },
  3: { name: '429 always', act: () => '429', ok: false },
  4: { name: 'hangs past the timeout', act: () => 'hang', ok: false },
  5: { name: 'truncated JSON', act: () => 'truncated', ok: false },
};
const planFor = (caseId: string) => plan[Number(caseId.slice(1)) % 6]!;

describe('target storms under a rate limit', () => {
  it('failed cases are errors (never fails), retries within policy, rate and in-flight within the limit', async () => {
    const target = await startStormTarget((caseId, nth) => planFor(caseId).act(nth), { retryAfterS: 1 });
    try {
      const set = testSetSchema.parse(stormSet(CASES));
      const cfg = targetConfigSchema.parse({
        type: 'http',
        name: 'storm',
        url: target.url,
        body: { message: '{{message}}' },
        response: { answer: 'answer' },
        timeoutMs: 800,
        retries: RETRIES,
        retryBaseMs: 50,
        rateLimit: LIMIT,
      });
      const cases = caseTasks([set], cfg);
      const { runId } = await submitRun({ sql: infra.sql, redis, prefix: infra.prefix }, {
        name: 'storm',
        plan: 'eval',
        spec: {},
        tasks: [...cases, reportTask(cases)],
      });
      // The cases the target never answered are dead-lettered: the run ends failed, with its report.
      expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 50_000)).toBe('failed');
      const dead = await infra.sql<{ task_key: string }[]>`select task_key from dead_letters where run_id = ${runId}`;
      expect(dead.length).toBe([...Array(CASES).keys()].filter((i) => !plan[i % 6]!.ok && plan[i % 6]!.act(1) !== 'truncated').length);
      const rows = await infra.sql<{ case_id: string; outcome: string; reason: string }[]>`
        select case_id, outcome, reason from case_results where run_id = ${runId}`;
      expect(rows.length).toBe(CASES);
      for (const r of rows) {
        const p = planFor(r.case_id);
        expect(r.outcome, `${r.case_id} (${p.name}): ${r.reason}`).toBe(p.ok ? 'pass' : 'error');
      }
      // Requests per case: (1 + retries) per engine attempt at most; a malformed (truncated) reply is not retried.
      for (const [caseId, n] of target.perCase) {
        expect(n, caseId).toBeLessThanOrEqual((1 + RETRIES) * ATTEMPTS);
        if (planFor(caseId).ok) expect(n, caseId).toBeLessThanOrEqual(1 + RETRIES);
        if (planFor(caseId).act(1) === 'truncated') expect(n, caseId).toBe(1);
        if (!planFor(caseId).ok && planFor(caseId).act(1) === '500') expect(n, caseId).toBe((1 + RETRIES) * ATTEMPTS);
      }
      expect(target.peakInFlight()).toBeLessThanOrEqual(LIMIT.maxInFlight);
      // Started in any 1 s window: the rate plus the bucket's one-second burst at most.
      expect(target.peakPerSecond()).toBeLessThanOrEqual(2 * LIMIT.ratePerSec);
      const errors = rows.filter((r) => r.outcome === 'error').length;
      console.log(
        `[target-storm] cases=${CASES} requests=${target.total()} errors=${errors} fails=${rows.filter((r) => r.outcome === 'fail').length} ` +
          `maxPerCase=${Math.max(...target.perCase.values())} peakInFlight=${target.peakInFlight()} peakPerSecond=${target.peakPerSecond()}`,
      );
    } finally {
      await target.close();
    }
  }, 60_000);
});
