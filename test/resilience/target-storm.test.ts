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
      // Started in any 1 s window: the rate (the limiter allows no burst), plus 2 for arrivals bunched on the way.
      expect(target.peakPerSecond()).toBeLessThanOrEqual(LIMIT.ratePerSec + 2);
      const errors = rows.filter((r) => r.outcome === 'error').length;
      console.log(
        `[target-storm] cases=${CASES} requests=${target.total()} errors=${errors} fails=${rows.filter((r) => r.outcome === 'fail').length} ` +
          `maxPerCase=${Math.max(...target.perCase.values())} peakInFlight=${target.peakInFlight()} peakPerSecond=${target.peakPerSecond()}`,
      );
    } finally {
      await target.close();
    }
  }, 60_000);

  it('waits Retry-After (seconds) before retrying, backs off exponentially on 5xx, and does not wait a Retry-After past its limit', async () => {
    const BASE = 200;
    // Upper tolerance: the adapter's 50 ms of jitter plus 200 ms of scheduling on a loaded machine.
    const SLACK = 250;
    const act: Record<string, (nth: number) => StormAction> = {
      c0: (nth) => (nth === 1 ? '429' : 'ok'),
      c1: () => '500',
      c2: (nth) => (nth === 1 ? '429' : 'ok'),
      c3: () => '429',
    };
    const retryAfter: Record<string, string> = { c0: '1', c2: '2', c3: '120' };
    const target = await startStormTarget((caseId, nth) => act[caseId]!(nth), { retryAfter: (caseId) => retryAfter[caseId] ?? '1' });
    try {
      const set = testSetSchema.parse(stormSet(4, 'spacing'));
      const cfg = targetConfigSchema.parse({
        type: 'http',
        url: target.url,
        body: { message: '{{message}}' },
        response: { answer: 'answer' },
        retries: RETRIES,
        retryBaseMs: BASE,
        maxRetryAfterMs: 60_000,
      });
      const cases = caseTasks([set], cfg);
      const { runId } = await submitRun({ sql: infra.sql, redis, prefix: infra.prefix }, { name: 'spacing', plan: 'eval', spec: {}, tasks: [...cases, reportTask(cases)] });
      expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 50_000)).toBe('failed');
      const gaps = (caseId: string) => {
        const t = target.times.get(caseId) ?? [];
        return t.slice(1).map((x, i) => x - t[i]!);
      };
      // 429 with Retry-After: 1 and 2: the retry comes after the time asked, and not much later.
      const [g0] = gaps('c0');
      const [g2] = gaps('c2');
      expect(target.perCase.get('c0')).toBe(2);
      expect(g0).toBeGreaterThanOrEqual(1000);
      expect(g0).toBeLessThanOrEqual(1000 + SLACK);
      expect(g2).toBeGreaterThanOrEqual(2000);
      expect(g2).toBeLessThanOrEqual(2000 + SLACK);
      // 5xx without Retry-After: "equal jitter" backoff, in [base·2^k / 2, base·2^k] before retry k + 1.
      const g1 = gaps('c1');
      expect(target.perCase.get('c1')).toBe((1 + RETRIES) * ATTEMPTS);
      for (let k = 0; k < RETRIES; k++) {
        expect(g1[k], `5xx retry ${k + 1}`).toBeGreaterThanOrEqual((BASE * 2 ** k) / 2);
        expect(g1[k], `5xx retry ${k + 1}`).toBeLessThanOrEqual(BASE * 2 ** k + SLACK);
      }
      // Retry-After: 120 is past maxRetryAfterMs (60 s): not waited, one request per engine attempt.
      expect(target.perCase.get('c3')).toBe(ATTEMPTS);
      console.log(`[target-storm spacing] Retry-After 1 s → ${g0} ms, 2 s → ${g2} ms; 5xx backoff (base ${BASE} ms) → ${g1.slice(0, RETRIES).join(', ')} ms; Retry-After 120 s → ${target.perCase.get('c3')} requests (1 per attempt)`);
    } finally {
      await target.close();
    }
  }, 60_000);
});
