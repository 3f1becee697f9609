/**
 * Redis restarted empty mid-run (a private redis-server, killed and started again with no data; the shared
 * Redis is never touched): resume rebuilds the rest from Postgres, the run completes, and no task that had
 * completed is executed again. With real conversations against a counting target: a case completed before the
 * restart is asked exactly once, any other at most its attempts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { FAST_STALL, startTestWorkers, taskRows, waitFor, waitForRunStatus } from '../helpers/engine.ts';
import { startPrivateRedis, type PrivateRedis } from '../helpers/private-redis.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { resumeRun } from '../../shared/engine/resume.ts';
import { caseTasks, reportTask } from '../../shared/plans/eval.ts';
import { testSetSchema } from '../../shared/scenarios/index.ts';
import { targetConfigSchema } from '../../shared/targets/index.ts';
import { startStormTarget, stormSet } from './storm-target.ts';

/** The converse task's engine attempts (shared/tasks/converse.ts). */
const ATTEMPTS = 3;

let infra: TestInfra;
let priv: PrivateRedis;

beforeAll(async () => {
  infra = await createTestInfra('resilience_redis_restart');
  priv = await startPrivateRedis();
});
afterAll(async () => {
  await priv?.stop();
  await infra?.teardown();
});

describe('Redis restarted empty mid-run', () => {
  it('resume completes the run from Postgres; no completed task runs again', async () => {
    const fast = { VAGLIO_REDIS_URL: priv.url, ...FAST_STALL };
    const workers = await startTestWorkers(infra, ['converse', 'report', 'control'], fast, { converse: 4 });
    const r = new Redis(priv.url, { maxRetriesPerRequest: 3 });
    r.on('error', () => {}); // refused while the server restarts; commands retry
    try {
      const deps = { sql: infra.sql, redis: r, prefix: infra.prefix };
      const n = 24;
      const { runId } = await submitRun(deps, {
        name: 'redis-restart',
        plan: 'dag',
        spec: {},
        tasks: [
          ...Array.from({ length: n }, (_, i) => ({ key: `s-${i}`, kind: 'test.sleep', payload: { ms: 200 } })),
          { key: 'sum', kind: 'test.sum', dependsOn: Array.from({ length: n }, (_, i) => `s-${i}`) },
        ],
      });
      await waitFor('some tasks completed', async () => {
        const done = [...(await taskRows(infra.sql, runId)).values()].filter((t) => t.status === 'completed').length;
        return done >= 4 && done <= 16;
      }, 20_000, 20);
      await priv.restartEmpty();
      // Let in-flight work settle; with the flow gone nothing else progresses.
      await new Promise((res) => setTimeout(res, 1500));
      const completedBefore = new Set(
        [...(await taskRows(infra.sql, runId)).values()].filter((t) => t.status === 'completed').map((t) => t.task_key),
      );
      expect((await infra.sql<{ status: string }[]>`select status from runs where id = ${runId}`)[0]?.status).toBe('running');
      const resumed = await resumeRun(deps, runId);
      expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 30_000)).toBe('completed');
      const rows = await waitFor('every task settled', async () => {
        const m = await taskRows(infra.sql, runId);
        return [...m.values()].every((t) => t.status === 'completed') ? m : undefined;
      }, 10_000);
      expect(rows.size).toBe(n + 2);
      for (const [k, t] of rows) if (completedBefore.has(k)) expect(t.executions, k).toBe(1);
      const results = await infra.sql<{ n: number }[]>`select count(*)::int as n from task_results where run_id = ${runId}`;
      expect(results[0]!.n).toBe(n + 2);
      console.log(`[redis-restart] tasks=${n + 2} completedBeforeRestart=${completedBefore.size} relaunched=${resumed.relaunched.length}`);
    } finally {
      await workers.stop();
      r.disconnect();
    }
  }, 60_000);

  it('conversations: a case completed before the restart is asked once, any other at most its attempts', async () => {
    const target = await startStormTarget(() => 'ok', { delayMs: 300 });
    const fast = { VAGLIO_REDIS_URL: priv.url, ...FAST_STALL };
    const workers = await startTestWorkers(infra, ['converse', 'report', 'control'], fast, { converse: 4 });
    const r = new Redis(priv.url, { maxRetriesPerRequest: 3 });
    r.on('error', () => {});
    try {
      const deps = { sql: infra.sql, redis: r, prefix: infra.prefix };
      const n = 24;
      const set = testSetSchema.parse(stormSet(n, 'restart'));
      const cfg = targetConfigSchema.parse({ type: 'http', url: target.url, body: { message: '{{message}}' }, response: { answer: 'answer' } });
      const cases = caseTasks([set], cfg);
      const { runId } = await submitRun(deps, { name: 'redis-restart-cases', plan: 'eval', spec: {}, tasks: [...cases, reportTask(cases)] });
      await waitFor('some cases stored', async () => {
        const done = (await infra.sql<{ n: number }[]>`select count(*)::int as n from case_results where run_id = ${runId}`)[0]!.n;
        return done >= 4 && done <= 16;
      }, 30_000, 20);
      await priv.restartEmpty();
      // Conversations in flight finish and are stored (Postgres is up); nothing new starts without the flow.
      await new Promise((res) => setTimeout(res, 1500));
      const caseOf = (key: string) => /\.(c\d+)\.r\d+$/.exec(key)?.[1];
      const completedBefore = new Set(
        [...(await taskRows(infra.sql, runId)).values()].filter((t) => t.status === 'completed' && caseOf(t.task_key)).map((t) => caseOf(t.task_key)!),
      );
      const askedBefore = target.total();
      const resumed = await resumeRun(deps, runId);
      expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 60_000)).toBe('completed');
      const stored = await infra.sql<{ case_id: string; n: number }[]>`select case_id, count(*)::int as n from case_results where run_id = ${runId} group by case_id`;
      expect(stored.length).toBe(n);
      expect(stored.every((x) => x.n === 1)).toBe(true);
      const perCase = set.cases.map((c) => ({ id: c.id, asked: target.perCase.get(c.id) ?? 0 }));
      for (const { id, asked } of perCase) {
        expect(asked, id).toBeGreaterThanOrEqual(1);
        expect(asked, id).toBeLessThanOrEqual(completedBefore.has(id) ? 1 : ATTEMPTS);
      }
      const twice = perCase.filter((c) => c.asked > 1).length;
      console.log(
        `[redis-restart cases] cases=${n} completedBeforeRestart=${completedBefore.size} requestsBeforeResume=${askedBefore} requests=${target.total()} casesAskedTwice=${twice} maxPerCase=${Math.max(...perCase.map((c) => c.asked))} relaunched=${resumed.relaunched.length}`,
      );
    } finally {
      await workers.stop();
      r.disconnect();
      await target.close();
    }
  }, 120_000);
});
