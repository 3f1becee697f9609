/** The REST API on a real HTTP server: auth, validation, idempotency, resume, cancel, dead letters, metrics. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { testConfig, waitForRunStatus } from '../helpers/engine.ts';
import { startApi, type ApiHandle } from '../../services/api/server.ts';
import { parseScenarioText } from '../../shared/scenarios/index.ts';

let infra: TestInfra;
let api: ApiHandle;
const token = 'test-token-0123456789abcdef';

beforeAll(async () => {
  infra = await createTestInfra('api');
  api = await startApi({
    services: ['api', 'conversation-runner', 'reporter'],
    config: testConfig(infra),
    token,
    port: 0,
    handleSignals: false,
  });
});
afterAll(async () => {
  await api?.stop();
  await infra?.teardown();
});

const call = (path: string, init: RequestInit & { auth?: string | null } = {}) => {
  const headers = new Headers(init.headers);
  if (init.auth !== null) headers.set('authorization', `Bearer ${init.auth ?? token}`);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${api.url}${path}`, { ...init, headers });
};
const runCount = async () => (await infra.sql<{ n: number }[]>`select count(*)::int as n from runs`)[0]!.n;
const jobKeys = async () => (await api.services.redis.keys(`${infra.prefix}:*:id`)).length;

const goodBody = { plan: 'dag', name: 'api run', tasks: [{ key: 'a', kind: 'test.noop', payload: { value: 1 } }, { key: 'b', kind: 'test.sum', dependsOn: ['a'] }] };

describe('api', () => {
  it('rejects requests without a valid token, and enqueues nothing', async () => {
    const before = await runCount();
    for (const auth of [null, 'wrong-token-wrong-token']) {
      const res = await call('/runs', { method: 'POST', body: JSON.stringify(goodBody), auth });
      expect(res.status).toBe(401);
    }
    for (const path of ['/runs', '/dead-letters', '/metrics', '/admin/queues']) {
      expect((await call(path, { auth: null })).status, path).toBe(401);
    }
    expect(await runCount()).toBe(before);
    expect(await jobKeys()).toBe(0);
    expect((await call('/healthz', { auth: null })).status).toBe(200);
    expect((await call('/openapi.json', { auth: null })).status).toBe(200);
  });

  it('answers 400 naming the field for bad bodies, and enqueues nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [{ plan: 'nope' }, /body\.plan/],
      [{ plan: 'dag', tasks: [] }, /body\.tasks/],
      [{ plan: 'dag', tasks: [{ key: 'x:y', kind: 'test.noop' }] }, /body\.tasks\.0\.key/],
      [{ plan: 'dag', tasks: [{ key: 'x', kind: 'test.sleep', payload: {} }] }, /tasks\[0\]\.payload\.ms/],
      [{ plan: 'dag', tasks: [{ key: 'x', kind: 'test.noop', dependsOn: ['ghost'] }] }, /dependsOn\[0\]: no task with key "ghost"/],
    ];
    for (const [body, re] of cases) {
      const res = await call('/runs', { method: 'POST', body: JSON.stringify(body) });
      expect(res.status).toBe(400);
      const json = (await res.json()) as { problems: string[] };
      expect(json.problems.join('\n')).toMatch(re);
    }
    const notJson = await call('/runs', { method: 'POST', body: '{"plan": ' });
    expect(notJson.status).toBe(400);
    expect(await runCount()).toBe(0);
    expect(await jobKeys()).toBe(0);
  });

  it('creates a run, returns the same run for the same Idempotency-Key, and reports progress', async () => {
    const headers = { 'idempotency-key': 'daily-2026-11-30' };
    const first = await call('/runs', { method: 'POST', body: JSON.stringify(goodBody), headers });
    expect(first.status).toBe(201);
    const run = (await first.json()) as { id: string };
    const second = await call('/runs', { method: 'POST', body: JSON.stringify(goodBody), headers });
    expect(second.status).toBe(200);
    expect(((await second.json()) as { id: string }).id).toBe(run.id);
    expect(await runCount()).toBe(1);
    await waitForRunStatus(infra.sql, run.id, ['completed']);
    const detail = (await (await call(`/runs/${run.id}`)).json()) as { status: string; progress: number; counts: { completed: number } };
    expect(detail).toMatchObject({ status: 'completed', progress: 1, counts: { completed: 3 } });
    const list = (await (await call('/runs')).json()) as { runs: { id: string }[] };
    expect(list.runs.map((r) => r.id)).toContain(run.id);
  });

  it('dead-letters a failing task and reprocesses it through the API', async () => {
    const res = await call('/runs', {
      method: 'POST',
      body: JSON.stringify({ plan: 'dag', tasks: [{ key: 'f', kind: 'test.fail', payload: { times: 3 } }] }),
    });
    const { id } = (await res.json()) as { id: string };
    await waitForRunStatus(infra.sql, id, ['failed']);
    const dls = (await (await call(`/dead-letters?runId=${id}`)).json()) as { deadLetters: { id: number; taskKey: string; attempts: number }[] };
    expect(dls.deadLetters).toHaveLength(1);
    expect(dls.deadLetters[0]).toMatchObject({ taskKey: 'f', attempts: 3 });
    const rp = await call(`/dead-letters/${dls.deadLetters[0]!.id}/reprocess`, { method: 'POST' });
    expect(rp.status).toBe(200);
    await waitForRunStatus(infra.sql, id, ['completed']);
    const metrics = await (await call('/metrics')).text();
    expect(metrics).toMatch(/vaglio_tasks\{kind="test.fail",status="completed"\} 1/);
    expect(metrics).toMatch(/vaglio_queue_jobs\{queue="converse",state="waiting"\}/);
  });

  it('files user feedback as an open case of the stored regression set', async () => {
    const res = await call('/feedback', {
      method: 'POST',
      body: JSON.stringify({ turns: ['Quando scade il bando di Bergamo?'], expected: 'Il 15 gennaio 2027', tenderId: 'demo-001', requiredRoles: ['tender'], note: 'risposta senza data' }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { regression: { id: string; status: string; last: unknown }; yaml: string };
    expect(body.regression).toMatchObject({ status: 'open', last: null });
    const sets = parseScenarioText(body.yaml, 'feedback.yaml');
    const c = sets[0]!.cases[0]!;
    expect(c.id).toBe(body.regression.id);
    expect(c.tags).toContain('feedback');
    expect(c.checks.map((x) => x.type)).toEqual(['answer-presence', 'tool-use', 'compare-meaning']);
    // The tool is named by its role, resolved against the target it is replayed on.
    expect(c.checks[1]).toMatchObject({ tools: [{ role: 'tender', args: { id: { equals: '{{tenderId}}' } } }] });
    const listed = (await (await call('/regressions?status=open')).json()) as { regressions: { id: string }[] };
    expect(listed.regressions.map((r) => r.id)).toContain(body.regression.id);
    const bad = await call('/feedback', { method: 'POST', body: JSON.stringify({ turns: [] }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { problems: string[] }).problems.join()).toMatch(/body\.turns/);
  });

  it('cancels and resumes runs, and serves the OpenAPI document and Bull Board', async () => {
    const res = await call('/runs', {
      method: 'POST',
      body: JSON.stringify({ plan: 'dag', tasks: [{ key: 's', kind: 'test.sleep', payload: { ms: 30_000 } }] }),
    });
    const { id } = (await res.json()) as { id: string };
    const c = await call(`/runs/${id}/cancel`, { method: 'POST' });
    expect(c.status).toBe(200);
    await waitForRunStatus(infra.sql, id, ['canceled']);
    expect((await call(`/runs/${id}/cancel`, { method: 'POST' })).status).toBe(409);
    expect((await call('/runs/nope')).status).toBe(404);
    const doc = (await (await call('/openapi.json')).json()) as { paths: Record<string, unknown>; components: { schemas: { RunRequest: unknown } } };
    expect(Object.keys(doc.paths)).toContain('/runs/{id}/resume');
    expect(JSON.stringify(doc.components.schemas.RunRequest)).toContain('dependsOn');
    const board = await call('/admin/queues');
    expect(board.status).toBe(200);
    expect(await board.text()).toContain('vaglio queues');
  });
});
