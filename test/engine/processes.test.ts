/**
 * The engine across real OS processes: cancel reaches every worker process, a SIGKILLed worker's task is
 * finished by another, and a Redis that comes back empty is recovered by resume from Postgres.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { FAST_STALL, PATIENCE_MS, killAndWait, spawnService, startTestWorkers, taskRows, waitFor, waitForRunStatus, waitForWorkerProcesses } from '../helpers/engine.ts';
import { startPrivateRedis, type PrivateRedis } from '../helpers/private-redis.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { cancelRun } from '../../shared/engine/cancel.ts';
import { resumeRun } from '../../shared/engine/resume.ts';
import { redisConnection } from '../../shared/engine/connections.ts';

let infra: TestInfra;
let redis: Redis;
const children: ChildProcess[] = [];

beforeAll(async () => {
  infra = await createTestInfra('processes');
  redis = redisConnection(infra.redisUrl);
});
afterAll(async () => {
  await Promise.all(children.map((c) => killAndWait(c, 'SIGKILL')));
  redis?.disconnect();
  await infra?.teardown();
});

const runningCount = async (runId: string) =>
  (await infra.sql<{ n: number }[]>`select count(*)::int as n from tasks where run_id = ${runId} and status = 'running'`)[0]!.n;

// Condition waits only, each up to PATIENCE_MS: these tests hold on a loaded machine; the test's own timeout is above them all.
const TEST_TIMEOUT_MS = 4 * PATIENCE_MS;
/** The longest test.sleep (past its 2-minute timeout): only a cancel stops it with 'run canceled while running'. */
const FOREVER_MS = 600_000;

describe('engine across processes', { timeout: TEST_TIMEOUT_MS }, () => {
  it('cancel aborts running tasks in two worker processes and stops queued ones', async () => {
    const env = { ...infra.env, VAGLIO_CONCURRENCY_CONVERSE: '2', ...FAST_STALL };
    const a = spawnService('conversation-runner', env);
    const b = spawnService('conversation-runner', env);
    const api = spawnService('reporter', env); // consumes control (finalize) too
    children.push(a, b, api);
    const { runId } = await submitRun({ sql: infra.sql, redis, prefix: infra.prefix }, {
      name: 'cancel',
      plan: 'dag',
      spec: {},
      tasks: Array.from({ length: 12 }, (_, i) => ({ key: `slow-${i}`, kind: 'test.sleep', payload: { ms: FOREVER_MS } })),
    });
    // Both processes hold two tasks each.
    await waitFor('4 running tasks on 2 workers', async () => {
      const w = await infra.sql<{ n: number }[]>`
        select count(distinct worker_id)::int as n from tasks where run_id = ${runId} and status = 'running'`;
      return (await runningCount(runId)) === 4 && w[0]!.n === 2;
    }, PATIENCE_MS);
    await cancelRun({ sql: infra.sql, redis, prefix: infra.prefix }, runId);
    // Stopped mid-sleep by the cancel (a timeout would leave another reason): checked by cancel_reason below.
    expect(await waitForRunStatus(infra.sql, runId, ['canceled', 'failed', 'completed'], PATIENCE_MS)).toBe('canceled');
    const rows = await taskRows(infra.sql, runId);
    const statuses = [...rows.values()].filter((r) => r.task_key !== '_finalize').map((r) => r.status);
    expect(statuses.every((s) => s === 'canceled')).toBe(true);
    expect([...rows.values()].filter((r) => r.cancel_reason === 'run canceled while running').length).toBe(4);
    await Promise.all([a, b, api].map((c) => killAndWait(c)));
  });

  it('a worker killed with SIGKILL mid-task: another worker finishes it, one result row', async () => {
    const env = { ...infra.env, VAGLIO_CONCURRENCY_CONVERSE: '4', ...FAST_STALL };
    const victim = spawnService('conversation-runner', env);
    children.push(victim);
    await waitForWorkerProcesses(infra.sql, [victim]);
    const { runId } = await submitRun({ sql: infra.sql, redis, prefix: infra.prefix }, {
      name: 'kill',
      plan: 'dag',
      spec: {},
      tasks: Array.from({ length: 4 }, (_, i) => ({ key: `t-${i}`, kind: 'test.sleep', payload: { ms: 15_000 } })), // far longer than a poll and a kill
    });
    await waitFor('victim runs 4 tasks', async () => (await runningCount(runId)) === 4, PATIENCE_MS);
    await killAndWait(victim, 'SIGKILL');
    const rescuer = await startTestWorkers(infra, ['converse', 'control'], FAST_STALL);
    try {
      expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], PATIENCE_MS)).toBe('completed');
      const rows = await taskRows(infra.sql, runId);
      for (let i = 0; i < 4; i++) expect(rows.get(`t-${i}`)?.executions).toBe(2);
      const results = await infra.sql<{ n: number }[]>`select count(*)::int as n from task_results where run_id = ${runId}`;
      expect(results[0]!.n).toBe(5); // 4 tasks + _finalize, one row each
    } finally {
      await rescuer.stop();
    }
  });
});

describe('Redis lost mid-run', { timeout: TEST_TIMEOUT_MS }, () => {
  let priv: PrivateRedis;
  beforeAll(async () => {
    priv = await startPrivateRedis();
  });
  afterAll(async () => priv?.stop());

  it('resume rebuilds the rest from Postgres: no task lost, none executed twice after completing', async () => {
    const env = { VAGLIO_REDIS_URL: priv.url, ...FAST_STALL };
    const r = new Redis(priv.url, { maxRetriesPerRequest: 3 });
    const workers = await startTestWorkers(infra, ['converse', 'report', 'control'], env, { converse: 4 });
    try {
      const deps = { sql: infra.sql, redis: r, prefix: infra.prefix };
      const { runId } = await submitRun(deps, {
        name: 'flush',
        plan: 'dag',
        spec: {},
        tasks: [
          // 5 waves of 1 s at concurrency 4: the 4–16 completed window lasts about 3 s, many polls.
          ...Array.from({ length: 20 }, (_, i) => ({ key: `s-${i}`, kind: 'test.sleep', payload: { ms: 1000 } })),
          { key: 'sum', kind: 'test.sum', dependsOn: Array.from({ length: 20 }, (_, i) => `s-${i}`) },
        ],
      });
      await waitFor('some tasks completed', async () => {
        const c = (await taskRows(infra.sql, runId));
        const done = [...c.values()].filter((t) => t.status === 'completed').length;
        return done >= 4 && done <= 16;
      }, PATIENCE_MS, 20);
      await r.flushall();
      const completedBefore = new Set(
        [...(await taskRows(infra.sql, runId)).values()].filter((t) => t.status === 'completed').map((t) => t.task_key),
      );
      // Let in-flight work drain; with the flow gone from Redis nothing else can progress.
      await new Promise((res) => setTimeout(res, 1000));
      expect((await infra.sql<{ status: string }[]>`select status from runs where id = ${runId}`)[0]?.status).toBe('running');
      await resumeRun(deps, runId);
      expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], PATIENCE_MS)).toBe('completed');
      const rows = await taskRows(infra.sql, runId);
      expect(rows.size).toBe(22);
      for (const [k, t] of rows) {
        expect(t.status, k).toBe('completed');
        if (completedBefore.has(k)) expect(t.executions, k).toBe(1);
      }
    } finally {
      await workers.stop();
      r.disconnect();
    }
  });
});
