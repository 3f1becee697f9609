/**
 * Batch jobs on real Redis and Postgres: sibling tasks of a batchable kind travel together, but each keeps
 * its own row, attempts, failure and dead letter; a batch never runs more conversations than the queue's
 * concurrency (checked on a real HTTP target) and a process never claims more cases than it can play (the rest
 * are handed back: two worker processes share a batch); a worker killed mid-batch loses nothing and repeats
 * nothing that had completed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { FAST_STALL, PATIENCE_MS, killAndWait, spawnService, startTestWorkers, taskRows, waitFor, waitForRunStatus, waitForWorkerProcesses } from '../helpers/engine.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { cancelRun } from '../../shared/engine/cancel.ts';
import { listDeadLetters } from '../../shared/engine/dead-letters.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import { evalPlan, evalPlanSchema } from '../../shared/plans/eval.ts';
import { startStormTarget, stormSet } from '../resilience/storm-target.ts';

let infra: TestInfra;
let redis: Redis;
const children: ChildProcess[] = [];
const deps = () => ({ sql: infra.sql, redis, prefix: infra.prefix });

beforeAll(async () => {
  infra = await createTestInfra('batch');
  redis = redisConnection(infra.redisUrl);
});
afterAll(async () => {
  await Promise.all(children.map((c) => killAndWait(c, 'SIGKILL')));
  redis?.disconnect();
  await infra?.teardown();
});

function casesPlan(n: number, url: string) {
  return evalPlanSchema.parse({
    plan: 'eval',
    sets: [
      {
        id: 'batch',
        type: 'single',
        cases: Array.from({ length: n }, (_, i) => ({ id: `c${i}`, input: `Quando scade il bando ${i}?`, checks: [{ type: 'contains', value: '31 gennaio 2027' }] })),
      },
    ],
    target: { type: 'http', url, body: { message: '{{message}}' }, response: { answer: 'answer' } },
  });
}

/** A chatbot that answers after `ms` and records how many requests it had in flight at most. */
async function countingTarget(ms: number) {
  let inFlight = 0;
  let peak = 0;
  let total = 0;
  const server = http.createServer((req, res) => {
    inFlight++;
    total++;
    peak = Math.max(peak, inFlight);
    req.resume();
    req.on('end', () =>
      setTimeout(() => {
        inFlight--;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ answer: 'Il bando scade il 31 gennaio 2027.' }));
      }, ms),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/chat`,
    stats: () => ({ peak, total }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

// Condition waits only, each up to PATIENCE_MS (a loaded machine is slow, not wrong); tests time out above them.
describe('batch jobs', { timeout: 4 * PATIENCE_MS }, () => {
  it('plays 40 cases in batches, never more at once than the concurrency, each case its own task', async () => {
    // Each answer takes 300 ms, so all 6 slots are busy at once even when a loaded machine starts them slowly.
    const target = await countingTarget(300);
    const workers = await startTestWorkers(infra, ['converse', 'report', 'control'], {}, { converse: 6 });
    try {
      const plan = await evalPlan.build(casesPlan(40, target.url), { config: workers.config });
      const { runId } = await submitRun(deps(), { name: plan.name, plan: 'eval', spec: {}, tasks: plan.tasks, shared: plan.shared });
      expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], PATIENCE_MS)).toBe('completed');
      // The chatbot saw each case once, and at most 6 at a time although a batch holds 16.
      expect(target.stats().total).toBe(40);
      expect(target.stats().peak).toBe(6);
      const rows = [...(await taskRows(infra.sql, runId)).values()].filter((r) => r.kind === 'eval.converse');
      expect(rows).toHaveLength(40);
      for (const r of rows) {
        expect(r.status).toBe('completed');
        expect(r.executions).toBe(1);
      }
      // They travelled in batch jobs (16 + 16 + 8, each split as slots allowed): every job id is a batch's.
      for (const id of new Set(rows.map((r) => r.job_id))) expect(id).toMatch(/\+\d+\.e0$/);
      const cases = await infra.sql<{ n: number }[]>`select count(*)::int as n from case_results where run_id = ${runId} and outcome = 'pass'`;
      expect(cases[0]!.n).toBe(40);
    } finally {
      await workers.stop();
      await target.close();
    }
  });

  it('two worker processes share the cases of one batch: neither claims more than it can play, both play', async () => {
    // The target counts requests per case (each message starts with its case id).
    // Each answer takes 2 s: the process holding its first 4 stays busy long enough for the other one, however
    // slowly a loaded machine wakes it, to pick up the cases handed back (at 400 ms it could miss them all).
    const target = await startStormTarget(() => 'ok', { delayMs: 2000 });
    const env = { ...infra.env, VAGLIO_CONCURRENCY_CONVERSE: '4' };
    const pair = [spawnService('conversation-runner', env), spawnService('conversation-runner', env)];
    children.push(...pair);
    const reporter = await startTestWorkers(infra, ['report', 'control']);
    try {
      await waitForWorkerProcesses(infra.sql, pair);
      // 16 cases: one batch job, which one process takes first.
      const input = evalPlanSchema.parse({
        plan: 'eval',
        sets: [stormSet(16, 'hoard')],
        target: { type: 'http', url: target.url, body: { message: '{{message}}' }, response: { answer: 'answer' } },
      });
      const plan = await evalPlan.build(input, { config: reporter.config });
      const { runId } = await submitRun(deps(), { name: 'hoard', plan: 'eval', spec: {}, tasks: plan.tasks, shared: plan.shared });
      // Sampled every 20 ms: which process holds which case, and how many of its claimed (running) cases it
      // has not started playing yet (the target has not been asked): that is what hoarding is.
      const playedBy = new Map<string, string>();
      const peakWaiting = new Map<string, number>();
      let stop = false;
      const sampling = (async () => {
        while (!stop) {
          const rows = await infra.sql<{ task_key: string; worker_id: string }[]>`
            select task_key, worker_id from tasks where run_id = ${runId} and status = 'running' and kind = 'eval.converse'`;
          const waiting = new Map<string, number>();
          for (const r of rows) {
            const caseId = /\.(c\d+)\.r\d+$/.exec(r.task_key)?.[1] ?? r.task_key;
            playedBy.set(caseId, r.worker_id);
            if (!target.perCase.has(caseId)) waiting.set(r.worker_id, (waiting.get(r.worker_id) ?? 0) + 1);
          }
          for (const [w, n] of waiting) peakWaiting.set(w, Math.max(peakWaiting.get(w) ?? 0, n));
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const status = await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], PATIENCE_MS);
      stop = true;
      await sampling;
      expect(status).toBe('completed');
      const ofProcess = (c: ChildProcess, w: string) => w.includes(`.${c.pid}.`);
      const perProcess = pair.map((c) => [...playedBy.values()].filter((w) => ofProcess(c, w)).length);
      const waitingPeak = pair.map((c) => Math.max(0, ...[...peakWaiting].filter(([w]) => ofProcess(c, w)).map(([, n]) => n)));
      const asked = [...target.perCase.values()];
      console.log(`[batch hand-off] 16 cases, 2 processes × concurrency 4: cases per process ${perProcess.join(' + ')}, peak claimed-but-not-started per process ${waitingPeak.join(', ')}, requests ${target.total()}, max per case ${Math.max(...asked)}, peak in flight ${target.peakInFlight()}`);
      // Neither process held more cases than it could start at once, and both played: the batch was shared.
      for (const n of waitingPeak) expect(n).toBeLessThanOrEqual(4);
      for (const n of perProcess) expect(n).toBeGreaterThanOrEqual(4);
      expect(playedBy.size).toBe(16);
      // Shared without repeats: each case asked once, each task executed once.
      expect(target.total()).toBe(16);
      expect(asked.every((n) => n === 1)).toBe(true);
      const rows = [...(await taskRows(infra.sql, runId)).values()].filter((r) => r.kind === 'eval.converse');
      for (const r of rows) expect(r.executions).toBe(1);
    } finally {
      await reporter.stop();
      await Promise.all(pair.map((c) => killAndWait(c, 'SIGKILL')));
      await target.close();
    }
  });

  it('retries only the failing task of a batch; a permanent failure dead-letters that task alone', async () => {
    const workers = await startTestWorkers(infra, ['converse', 'report', 'control']);
    try {
      const { runId } = await submitRun(deps(), {
        name: 'batch-fail',
        plan: 'dag',
        spec: {},
        tasks: [
          ...Array.from({ length: 8 }, (_, i) => ({ key: `ok-${i}`, kind: 'test.batch-fail', payload: { times: 0 } })),
          { key: 'flaky', kind: 'test.batch-fail', payload: { times: 1 } },
          { key: 'broken', kind: 'test.batch-fail', payload: { permanent: true } },
        ],
      });
      expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], PATIENCE_MS)).toBe('failed');
      const rows = await taskRows(infra.sql, runId);
      expect(new Set([...rows.values()].filter((r) => r.kind === 'test.batch-fail').map((r) => r.job_id)).size).toBe(1);
      for (let i = 0; i < 8; i++) {
        expect(rows.get(`ok-${i}`)?.status).toBe('completed');
        expect(rows.get(`ok-${i}`)?.executions).toBe(1);
      }
      expect(rows.get('flaky')?.status).toBe('completed');
      expect(rows.get('flaky')?.executions).toBe(2);
      expect(rows.get('broken')?.status).toBe('failed');
      expect(rows.get('broken')?.executions).toBe(1);
      const dead = (await listDeadLetters(deps(), { runId })).map((d) => d.taskKey);
      expect(dead).toEqual(['broken']);
    } finally {
      await workers.stop();
    }
  });

  it('cancel stops the running tasks of a batch and the ones still waiting for a slot', async () => {
    const workers = await startTestWorkers(infra, ['converse', 'report', 'control'], {}, { converse: 3 });
    try {
      const { runId } = await submitRun(deps(), {
        name: 'batch-cancel',
        plan: 'dag',
        spec: {},
        // The longest sleep: only the cancel ends it within the test (checked by the tasks' cancel reasons).
        tasks: Array.from({ length: 12 }, (_, i) => ({ key: `slow-${i}`, kind: 'test.batch-sleep', payload: { ms: 600_000 } })),
      });
      await waitFor('3 running', async () => {
        const n = await infra.sql<{ n: number }[]>`select count(*)::int as n from tasks where run_id = ${runId} and status = 'running'`;
        return n[0]!.n >= 3;
      }, PATIENCE_MS);
      await cancelRun(deps(), runId);
      expect(await waitForRunStatus(infra.sql, runId, ['canceled', 'failed', 'completed'], PATIENCE_MS)).toBe('canceled');
      const rows = [...(await taskRows(infra.sql, runId)).values()].filter((r) => r.kind === 'test.batch-sleep');
      expect(rows.every((r) => r.status === 'canceled')).toBe(true);
      // The 3 playing were stopped mid-sleep by the cancel (a timeout would end them with another reason).
      expect(rows.filter((r) => r.cancel_reason === 'run canceled while running').length).toBeGreaterThanOrEqual(3);
    } finally {
      await workers.stop();
    }
  });

  it('a worker killed with SIGKILL mid-batch: another finishes the batch, completed tasks are not run again', async () => {
    const env = { ...infra.env, VAGLIO_CONCURRENCY_CONVERSE: '4', ...FAST_STALL };
    const victim = spawnService('conversation-runner', env);
    children.push(victim);
    await waitForWorkerProcesses(infra.sql, [victim]);
    // 2 quick and 4 slow tasks share one batch; the victim finishes the quick ones, then dies.
    const { runId } = await submitRun(deps(), {
      name: 'batch-kill',
      plan: 'dag',
      spec: {},
      tasks: [
        ...Array.from({ length: 2 }, (_, i) => ({ key: `quick-${i}`, kind: 'test.batch-sleep', payload: { ms: 10 } })),
        ...Array.from({ length: 4 }, (_, i) => ({ key: `slow-${i}`, kind: 'test.batch-sleep', payload: { ms: 15_000 } })), // far longer than a poll and a kill
      ],
    });
    await waitFor('quick ones done, slow ones running', async () => {
      const r = await infra.sql<{ done: number; running: number }[]>`
        select count(*) filter (where status = 'completed' and task_key like 'quick-%')::int as done,
          count(*) filter (where status = 'running' and task_key like 'slow-%')::int as running
        from tasks where run_id = ${runId}`;
      return r[0]!.done === 2 && r[0]!.running >= 2;
    }, PATIENCE_MS);
    await killAndWait(victim, 'SIGKILL');
    const rescuer = await startTestWorkers(infra, ['converse', 'control'], FAST_STALL);
    try {
      expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], PATIENCE_MS)).toBe('completed');
      const rows = await taskRows(infra.sql, runId);
      for (let i = 0; i < 2; i++) expect(rows.get(`quick-${i}`)?.executions).toBe(1);
      for (let i = 0; i < 4; i++) expect(rows.get(`slow-${i}`)?.status).toBe('completed');
      expect(Math.max(...[0, 1, 2, 3].map((i) => rows.get(`slow-${i}`)!.executions))).toBe(2);
    } finally {
      await rescuer.stop();
    }
  });
});
