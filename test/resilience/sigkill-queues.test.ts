/**
 * SIGKILL a random worker process mid-task in the services whose own handlers sigkill.test.ts does not play
 * (ingester, metadata-extractor, diagnostics): each trial runs sleeping test tasks routed to the service's queue
 * on two OS processes of the service, kills one of them at random while both hold active tasks, starts a
 * replacement, and checks that the run completes with 0 tasks lost, one result per task and no completed task
 * executed again (executions counted in Postgres). The real conversation-runner, judge and reporter handlers
 * are killed in sigkill.test.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { FAST_STALL, PATIENCE_MS, killAndWait, killMidRun, spawnService, waitFor, waitForWorkerProcesses } from '../helpers/engine.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { redisConnection } from '../../shared/engine/connections.ts';

const TASKS = 6;
let infra: TestInfra;
let redis: Redis;
const pool: ChildProcess[] = [];
const figures = { trials: 0, lost: 0, missingResults: 0, reexecutedAfterCompleting: 0, rescued: 0 };

beforeAll(async () => {
  infra = await createTestInfra('resilience_sigkill_queues');
  redis = redisConnection(infra.redisUrl);
});
afterAll(async () => {
  await Promise.all(pool.map((c) => killAndWait(c, 'SIGKILL')));
  console.log(`[sigkill-queues] ${JSON.stringify(figures)}`);
  redis?.disconnect();
  await infra?.teardown();
});

const PLAN: { service: string; queue: string; trials: number }[] = [
  { service: 'ingester', queue: 'ingest', trials: 3 },
  { service: 'metadata-extractor', queue: 'metadata', trials: 3 },
  { service: 'diagnostics', queue: 'diagnostics', trials: 3 },
];

const env = () => ({
  ...infra.env,
  VAGLIO_CONCURRENCY_INGEST: '2',
  VAGLIO_CONCURRENCY_METADATA: '2',
  VAGLIO_CONCURRENCY_DIAGNOSTICS: '2',
  ...FAST_STALL,
});

async function trial(p: (typeof PLAN)[number], n: number) {
  await waitForWorkerProcesses(infra.sql, pool);
  // Long enough that a task still runs when the kill lands, whatever the poll's delay on a loaded machine.
  const tasks = Array.from({ length: TASKS }, (_, i) => ({ key: `t${n}-${i}`, kind: 'test.sleep', payload: { ms: 4_000 }, queue: p.queue }));
  const { runId } = await submitRun({ sql: infra.sql, redis, prefix: infra.prefix }, { name: `kill-${n}`, plan: 'dag', spec: {}, tasks });
  const holders = await waitFor('2 workers with active tasks', async () => {
    const rows = await infra.sql<{ worker_id: string }[]>`
      select distinct worker_id from tasks where run_id = ${runId} and status = 'running' and worker_id is not null`;
    return rows.length >= 2 ? rows.map((r) => r.worker_id) : undefined;
  }, PATIENCE_MS, 25);
  const candidates = pool.filter((c) => holders.some((w) => w.includes(`.${c.pid}.`)));
  const victim = candidates[Math.floor(Math.random() * candidates.length)]!;
  const { atKill, rows, status } = await killMidRun(infra.sql, runId, pool, victim, () => spawnService(p.service, env()));
  expect(status).toBe('completed');
  const doneAtKill = [...atKill.values()].filter((t) => t.status === 'completed').map((t) => t.task_key);
  figures.rescued += [...atKill.values()].filter((t) => t.status === 'running' && t.worker_id?.includes(`.${victim.pid}.`)).length;
  const results = await infra.sql<{ task_key: string }[]>`select task_key from task_results where run_id = ${runId}`;
  const lost = [...rows.values()].filter((t) => t.status !== 'completed');
  const missing = [...rows.keys()].filter((k) => !results.some((r) => r.task_key === k));
  const again = doneAtKill.filter((k) => rows.get(k)!.executions !== 1);
  figures.trials++;
  figures.lost += lost.length;
  figures.missingResults += missing.length;
  figures.reexecutedAfterCompleting += again.length;
  expect(lost.map((t) => `${t.task_key}:${t.status}`)).toEqual([]);
  expect(missing).toEqual([]);
  expect(again).toEqual([]);
  // The victim's tasks ran again elsewhere: two executions, at most the kind's attempts.
  for (const t of rows.values()) expect(t.executions, t.task_key).toBeLessThanOrEqual(3);
}

describe('SIGKILL a random worker process of the other services mid-task', { timeout: 6 * PATIENCE_MS }, () => {
  let n = 0;
  for (const p of PLAN) {
    it(`${p.service}: ${p.trials} trials, 0 lost, a result per task, no completed task re-run`, async () => {
      await Promise.all(pool.splice(0).map((c) => killAndWait(c, 'SIGKILL')));
      pool.push(spawnService(p.service, env()), spawnService(p.service, env()));
      for (let i = 0; i < p.trials; i++) await trial(p, n++);
    });
  }
});
