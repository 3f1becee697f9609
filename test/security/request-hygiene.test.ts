/**
 * Hostile bytes and shapes on every route of the real api (REST, dashboard, report downloads, the app's own
 * Bull Board): a 400 naming the problem, never a 500. Before the fix: `%00` in `:id` and `\u0000` in a JSON
 * string reached Postgres ("invalid byte sequence 0x00" → 500), the cookie `vaglio_token=%E0%A4%A` threw a
 * URIError before auth (500), and a 6,000-level nested body overflowed the serializer.
 */
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { testConfig } from '../helpers/engine.ts';
import { startApi, type ApiHandle } from '../../services/api/server.ts';
import { MAX_BODY_DEPTH } from '../../services/api/hygiene.ts';
import { walkRoutes, type WalkedRoute } from './routes.ts';

let infra: TestInfra;
let api: ApiHandle;
let routes: WalkedRoute[];
const token = 'hygiene-token-0123456789ab';
const auth = { authorization: `Bearer ${token}` };

beforeAll(async () => {
  infra = await createTestInfra('security_hygiene');
  api = await startApi({ services: ['api'], config: testConfig(infra), token, port: 0, handleSignals: false });
  const app = api.server.listeners('request')[0] as Express;
  routes = walkRoutes((app.router as unknown as { stack: Parameters<typeof walkRoutes>[0] }).stack);
});
afterAll(async () => {
  await api?.stop();
  await infra?.teardown();
});

const withParams = (pattern: string, value: string) => pattern.replace(/:(\w+)/g, value).replace(/\*(\w+)?/g, value).replace(/[{}]/g, '');
const send = (method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) =>
  fetch(`${api.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: method === 'GET' || method === 'HEAD' ? undefined : (init.body ?? '{}'),
    redirect: 'manual',
  });
const runCount = async () => (await infra.sql<{ n: number }[]>`select count(*)::int as n from runs`)[0]!.n;

describe('request hygiene', () => {
  it('a NUL byte in any path parameter: 400 on every route (REST, dashboard, reports, Bull Board)', async () => {
    const params = routes.filter((r) => /:\w+|\*/.test(r.path));
    expect(params.map((r) => r.path)).toEqual(expect.arrayContaining(['/runs/:id', '/runs/:id/tasks', '/dashboard/runs/:id']));
    const wrong: string[] = [];
    for (const r of params) {
      for (const v of ['%00', 'a%00b']) {
        const res = await send(r.method, withParams(r.path, v), { headers: auth });
        await res.arrayBuffer();
        if (res.status !== 400) wrong.push(`${r.method} ${r.path} (${v}) → ${res.status}`);
      }
    }
    // The app's own Bull Board (a sub-app whose routes the walk does not list).
    for (const path of ['/admin/queues/%00', '/admin/queues/api/queues/%00', '/admin/queues/api/queues/converse/%00']) {
      const res = await send('GET', path, { headers: auth });
      await res.arrayBuffer();
      if (res.status !== 400) wrong.push(`GET ${path} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('\\u0000 in a JSON string or key, or a query value: 400 naming the field, nothing stored', async () => {
    const before = await runCount();
    const posts = routes.filter((r) => r.method === 'POST' && !r.path.startsWith('/admin/queues'));
    expect(posts.length).toBeGreaterThanOrEqual(4);
    const wrong: string[] = [];
    const bodies = [
      JSON.stringify({ plan: 'dag', name: 'a\u0000b', tasks: [{ key: 'a', kind: 'test.noop' }] }),
      JSON.stringify({ plan: 'dag', tasks: [{ key: 'a', kind: 'test.noop', payload: { value: 'x\u0000' } }] }),
      JSON.stringify({ plan: 'dag', tasks: [{ key: 'a', kind: 'test.noop', payload: { ['k\u0000']: 1 } }] }),
    ];
    for (const r of posts) {
      for (const body of bodies) {
        const res = await send('POST', withParams(r.path, 'x'), { headers: auth, body });
        const text = await res.text();
        if (res.status !== 400 || !/NUL/.test(text)) wrong.push(`${r.path} → ${res.status} ${text.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
    const q = await send('GET', '/runs?limit=1%00', { headers: auth });
    expect(q.status).toBe(400);
    expect(await q.text()).toContain('query.limit');
    expect(await runCount()).toBe(before);
  });

  it('a malformed cookie is a wrong token (401), never a URIError; with a good token it is ignored', async () => {
    const bad = ['vaglio_token=%E0%A4%A', 'vaglio_token=%', 'vaglio_token=%ZZ; other=1'];
    const wrong: string[] = [];
    for (const r of routes) {
      // Public routes (no token needed) answer whatever the cookie says; what matters there is no URIError.
      const open = r.path === '/healthz' || r.path === '/openapi.json';
      for (const cookie of bad) {
        const res = await send(r.method, withParams(r.path, 'x'), { headers: { cookie } });
        await res.arrayBuffer();
        if (open ? res.status !== 200 : res.status !== 401) wrong.push(`${r.method} ${r.path} ${cookie} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    const ok = await send('GET', '/runs', { headers: { ...auth, cookie: bad[0]! } });
    expect(ok.status).toBe(200);
  });

  it('malformed percent-encoding in a path parameter: 400', async () => {
    for (const path of ['/runs/%E0%A4%A', '/runs/%E0%A4%A/tasks', '/dashboard/runs/%ZZ']) {
      const res = await send('GET', path, { headers: auth });
      await res.arrayBuffer();
      expect(res.status, path).toBe(400);
    }
  });

  it(`a body nested 6,000 levels deep: 400 naming the ${MAX_BODY_DEPTH}-level limit, nothing stored`, async () => {
    const before = await runCount();
    const deep = '['.repeat(6000) + ']'.repeat(6000);
    for (const body of [deep, `{"plan":"dag","tasks":[{"key":"a","kind":"test.noop","payload":{"value":${deep}}}]}`]) {
      const res = await send('POST', '/runs', { headers: auth, body });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(`nested deeper than ${MAX_BODY_DEPTH} levels`);
    }
    expect(await runCount()).toBe(before);
    // The api still answers.
    expect((await send('GET', '/runs', { headers: auth })).status).toBe(200);
  });

  it('unknown fields on plan: dag ("evil", "__proto__") are refused by name, like test sets', async () => {
    const before = await runCount();
    const cases: [string, string][] = [
      ['{"plan":"dag","evil":1,"tasks":[{"key":"a","kind":"test.noop"}]}', 'Unrecognized key: \\"evil\\"'],
      ['{"plan":"dag","__proto__":{"polluted":1},"tasks":[{"key":"a","kind":"test.noop"}]}', 'Unrecognized key: \\"__proto__\\"'],
      ['{"plan":"dag","tasks":[{"key":"a","kind":"test.noop","evil":true}]}', 'body.tasks.0: Unrecognized key: \\"evil\\"'],
    ];
    for (const [body, problem] of cases) {
      const res = await send('POST', '/runs', { headers: auth, body });
      expect(res.status, body).toBe(400);
      expect(await res.text(), body).toContain(problem);
    }
    expect(await runCount()).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
