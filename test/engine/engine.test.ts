/**
 * The run engine end to end on real Redis and Postgres: dependency order, failure isolation, resume,
 * timeouts that abort in-flight HTTP calls, dead letters and reprocessing.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { startTestWorkers, taskRows, waitFor, waitForRunStatus, type InProcessWorkers } from '../helpers/engine.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { resumeRun } from '../../shared/engine/resume.ts';
import { listDeadLetters, reprocessDeadLetter } from '../../shared/engine/dead-letters.ts';
import { getRun } from '../../shared/engine/runs.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import type { Redis } from 'ioredis';

let infra: TestInfra;
let workers: InProcessWorkers;
let redis: Redis;
const deps = () => ({ sql: infra.sql, redis, prefix: infra.prefix });

beforeAll(async () => {
  infra = await createTestInfra('engine');
  redis = redisConnection(infra.redisUrl);
  workers = await startTestWorkers(infra, ['converse', 'report', 'control']);
});
afterAll(async () => {
  await workers?.stop();
  redis?.disconnect();
  await infra?.teardown();
});

describe('run engine', () => {
  it('runs a fan-out / fan-in DAG in dependency order and passes results along', async () => {
    const fan = Array.from({ length: 8 }, (_, i) => ({ key: `leaf-${i}`, kind: 'test.sleep', payload: { ms: 30 }, dependsOn: ['start'] }));
    const { runId } = await submitRun(deps(), {
      name: 'fan',
      plan: 'dag',
      spec: {},
      tasks: [
        { key: 'start', kind: 'test.noop', payload: { value: 1 } },
        ...fan,
        ...Array.from({ length: 3 }, (_, i) => ({ key: `num-${i}`, kind: 'test.noop', payload: { value: 10 + i }, dependsOn: ['start'] })),
        { key: 'sum', kind: 'test.sum', dependsOn: [...fan.map((f) => f.key), 'num-0', 'num-1', 'num-2'] },
      ],
    });
    expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'])).toBe('completed');
    const rows = await taskRows(infra.sql, runId);
    const start = rows.get('start')!;
    const sum = rows.get('sum')!;
    for (const [k, r] of rows) {
      if (k.startsWith('leaf-') || k.startsWith('num-')) {
        expect(r.started_at!.getTime()).toBeGreaterThanOrEqual(start.finished_at!.getTime());
        expect(sum.started_at!.getTime()).toBeGreaterThanOrEqual(r.finished_at!.getTime());
      }
      expect(r.executions, k).toBe(1);
    }
    const result = await infra.sql<{ result: { value: number; inputs: number } }[]>`
      select result from task_results where run_id = ${runId} and task_key = 'sum'`;
    expect(result[0]?.result).toEqual({ value: 33, inputs: 11 });
    const stored = new Map(
      (await infra.sql<{ task_key: string; depends_on: string[] }[]>`select task_key, depends_on from tasks where run_id = ${runId}`).map((r) => [r.task_key, r.depends_on]),
    );
    expect(stored.get('start')).toEqual([]);
    expect(stored.get('leaf-3')).toEqual(['start']);
    expect(stored.get('sum')).toHaveLength(11);
    const run = await getRun(infra.sql, runId);
    expect(run.progress).toBe(1);
    expect(run.counts.completed).toBe(run.counts.total);
  });

  it('finishes healthy tasks when one fails, ends failed, and resume runs only what did not complete', async () => {
    const { runId } = await submitRun(deps(), {
      name: 'partial',
      plan: 'dag',
      spec: {},
      tasks: [
        ...Array.from({ length: 5 }, (_, i) => ({ key: `ok-${i}`, kind: 'test.sleep', payload: { ms: 20 } })),
        // Fails its 3 attempts in the first epoch, succeeds on the 4th (after resume).
        { key: 'flaky', kind: 'test.fail', payload: { times: 3 } },
        { key: 'after-flaky', kind: 'test.noop', dependsOn: ['flaky'] },
        { key: 'report', kind: 'test.sum', dependsOn: ['ok-0', 'ok-1', 'ok-2', 'ok-3', 'ok-4', 'after-flaky'] },
      ],
    });
    expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'])).toBe('failed');
    let rows = await taskRows(infra.sql, runId);
    for (let i = 0; i < 5; i++) expect(rows.get(`ok-${i}`)?.status).toBe('completed');
    expect(rows.get('flaky')?.status).toBe('failed');
    expect(rows.get('flaky')?.executions).toBe(3);
    expect(rows.get('after-flaky')?.status).toBe('canceled');
    expect(rows.get('after-flaky')?.cancel_reason).toMatch(/upstream task flaky failed/);
    expect(rows.get('report')?.status).toBe('canceled');
    const dl = await listDeadLetters(deps(), { runId });
    expect(dl.map((d) => d.taskKey)).toEqual(['flaky']);
    expect(dl[0]?.attempts).toBe(3);

    const resumed = await resumeRun(deps(), runId);
    expect(resumed.relaunched.sort()).toEqual(['_finalize', 'after-flaky', 'flaky', 'report']);
    expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'])).toBe('completed');
    rows = await taskRows(infra.sql, runId);
    for (let i = 0; i < 5; i++) expect(rows.get(`ok-${i}`)?.executions).toBe(1);
    expect(rows.get('flaky')?.executions).toBe(4);
    expect(rows.get('after-flaky')?.executions).toBe(1);
    expect(rows.get('report')?.executions).toBe(1);
    expect(await listDeadLetters(deps(), { runId })).toEqual([]);
  });

  it('aborts an in-flight HTTP call at the timeout, retries, dead-letters, and reprocess completes the run', async () => {
    let requests = 0;
    let abortedSockets = 0;
    let hang = true;
    const server = http.createServer((req, res) => {
      requests++;
      if (!hang) return void res.end('ok');
      req.socket.on('close', () => abortedSockets++);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    try {
      const { runId } = await submitRun(deps(), {
        name: 'timeout',
        plan: 'dag',
        spec: {},
        tasks: [{ key: 'hang', kind: 'test.http-hang', payload: { url } }, { key: 'fine', kind: 'test.noop' }],
      });
      expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'])).toBe('failed');
      const rows = await taskRows(infra.sql, runId);
      expect(rows.get('hang')?.status).toBe('failed');
      expect(rows.get('hang')?.executions).toBe(2);
      expect(rows.get('fine')?.status).toBe('completed');
      expect(requests).toBe(2);
      // The server sees both connections closed by the client: the fetch was really aborted (a socket left open
      // would never close, and the wait would fail).
      await waitFor('both hung sockets closed by the client', async () => abortedSockets === 2);
      expect(abortedSockets).toBe(2);
      const [dl] = await listDeadLetters(deps(), { runId });
      expect(dl?.error).toMatch(/timed out after 1000 ms/);

      hang = false;
      await reprocessDeadLetter(deps(), dl!.id);
      expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'])).toBe('completed');
      const after = await taskRows(infra.sql, runId);
      expect(after.get('hang')?.executions).toBe(3);
      expect(after.get('fine')?.executions).toBe(1);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('expands a running run with new tasks that the report then waits for', async () => {
    const { runId } = await submitRun(deps(), {
      name: 'expand',
      plan: 'dag',
      spec: {},
      tasks: [
        { key: 'gen', kind: 'test.expand', payload: { n: 5 } },
        { key: 'other', kind: 'test.noop', payload: { value: 100 } },
        { key: 'report', kind: 'test.sum', dependsOn: ['gen', 'other'] },
      ],
    });
    expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'])).toBe('completed');
    const rows = await taskRows(infra.sql, runId);
    expect(rows.size).toBe(4 + 6);
    const xsum = await infra.sql<{ result: { value: number } }[]>`select result from task_results where run_id = ${runId} and task_key = 'gen.xsum'`;
    expect(xsum[0]?.result.value).toBe(15);
    // The report ran after the expanded tasks and summed them too: it depends on gen.xsum now.
    const report = await infra.sql<{ result: { value: number; inputs: number } }[]>`
      select result from task_results where run_id = ${runId} and task_key = 'report'`;
    expect(report[0]?.result).toEqual({ value: 115, inputs: 3 });
    expect(rows.get('report')!.started_at!.getTime()).toBeGreaterThanOrEqual(rows.get('gen.xsum')!.finished_at!.getTime());
  });

  it('does not duplicate results when a job is delivered twice', async () => {
    const { runId } = await submitRun(deps(), {
      name: 'dup',
      plan: 'dag',
      spec: {},
      tasks: [{ key: 'one', kind: 'test.noop', payload: { value: 7 } }],
    });
    await waitForRunStatus(infra.sql, runId, ['completed']);
    // Re-deliver the same task in the same epoch, as BullMQ may after a stall.
    const { Queue } = await import('bullmq');
    const q = new Queue('converse', { connection: redis, prefix: infra.prefix });
    const job = await q.add('test.noop', { runId, taskKey: 'one', epoch: 0 }, { jobId: `${runId}.one.dup` });
    // Wait until a worker has really handled the second delivery (a fixed pause may end before it on a loaded machine).
    expect(await waitFor('the duplicate delivery handled', async () => {
      const state = await job.getState();
      return state === 'completed' || state === 'failed' ? state : undefined;
    })).toBe('completed');
    await q.close();
    const results = await infra.sql`select * from task_results where run_id = ${runId} and task_key = 'one'`;
    expect(results.length).toBe(1);
    expect((await taskRows(infra.sql, runId)).get('one')?.executions).toBe(1);
  });
});
