/**
 * Deep and wide DAGs through the real POST /runs. Before the fix, a chain of 3,000 `test.noop` tasks answered
 * 500 "Maximum call stack size exceeded" after the run was stored: the run stayed `running` forever with
 * 3,001 queued tasks and nothing in Redis, and resume answered 500 too. Now: every enqueued job matches a
 * task row and every task row has a job, the chain runs to the end, resume rebuilds it, and a plan above
 * the documented limits (PLAN_LIMITS) is a 400 naming the limit, with nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { PATIENCE_MS, startTestWorkers, testConfig, waitForRunStatus } from '../helpers/engine.ts';
import { startApi, type ApiHandle } from '../../services/api/server.ts';
import { PLAN_LIMITS } from '../../shared/engine/dag.ts';
import { jobTaskKeysOf, taskKeysOf } from '../helpers/jobs.ts';

let infra: TestInfra;
let api: ApiHandle;
const token = 'deep-dag-token-0123456789';

beforeAll(async () => {
  infra = await createTestInfra('fuzz_deep_dags');
  // The api alone: jobs stay in Redis until a test starts workers, so they can be matched to rows first.
  api = await startApi({ services: ['api'], config: testConfig(infra), token, port: 0, handleSignals: false });
});
afterAll(async () => {
  await api?.stop();
  await infra?.teardown();
});

const call = (path: string, body: unknown) =>
  fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const chain = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ key: `t${i}`, kind: 'test.noop', payload: { value: i }, dependsOn: i ? [`t${i - 1}`] : [] }));
const runCount = async () => (await infra.sql<{ n: number }[]>`select count(*)::int as n from runs`)[0]!.n;

const jobsOf = (runId: string, epoch: number) => jobTaskKeysOf(api.services.redis, infra.prefix, runId, epoch);
const rowsOf = (runId: string) => taskKeysOf(infra.sql, runId);

describe('deep and wide DAGs', { timeout: 4 * PATIENCE_MS }, () => {
  it('a chain of 3,000 tasks: every job matches a task row, resume rebuilds it, and it runs to the end', async () => {
    const res = await call('/runs', { plan: 'dag', name: 'deep', tasks: chain(3000) });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(3001);
    expect(await jobsOf(id, 0)).toEqual(rows);
    // Resume on the same deep run (answered 500 before): a new epoch with a job for every task again.
    const resumed = await call(`/runs/${id}/resume`, {});
    expect(resumed.status).toBe(200);
    expect(((await resumed.json()) as { epoch: number }).epoch).toBe(1);
    expect(await jobsOf(id, 1)).toEqual(rows);

    const workers = await startTestWorkers(infra, ['converse', 'control']);
    try {
      await waitForRunStatus(infra.sql, id, ['completed', 'failed'], 3 * PATIENCE_MS); // 3,001 sequential jobs
    } finally {
      await workers.stop();
    }
    const statuses = await infra.sql<{ status: string; n: number }[]>`
      select status, count(*)::int as n from tasks where run_id = ${id} group by status`;
    expect(statuses).toEqual([{ status: 'completed', n: 3001 }]);
    const run = (await infra.sql<{ status: string }[]>`select status from runs where id = ${id}`)[0];
    expect(run?.status).toBe('completed');
  });

  it('a wide DAG (5,000 tasks under one, one over 5,000): every job matches a task row', async () => {
    const fan = Array.from({ length: 5000 }, (_, i) => ({ key: `w${i}`, kind: 'test.noop', dependsOn: ['root'] }));
    const tasks = [{ key: 'root', kind: 'test.noop' }, ...fan, { key: 'join', kind: 'test.sum', dependsOn: fan.map((f) => f.key) }];
    const res = await call('/runs', { plan: 'dag', tasks });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(5003);
    expect(await jobsOf(id, 0)).toEqual(rows);
  });

  it('above the depth limit: a 400 naming the limit, and nothing stored', async () => {
    const before = await runCount();
    const res = await call('/runs', { plan: 'dag', tasks: chain(PLAN_LIMITS.depth + 1) });
    expect(res.status).toBe(400);
    const text = JSON.stringify(await res.json());
    expect(text).toContain(`the longest dependency chain has ${PLAN_LIMITS.depth + 1} tasks; the limit is ${PLAN_LIMITS.depth}`);
    expect(await runCount()).toBe(before);
  });
});
