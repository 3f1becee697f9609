/**
 * Every route of the real api (REST, Bull Board, dashboard, report downloads) refuses requests without a
 * valid token, however the token is given; only the container probe /healthz and /openapi.json are open. Security headers
 * are on every answer, and the dashboard's pages carry a strict Content-Security-Policy.
 */
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { testConfig } from '../helpers/engine.ts';
import { startApi, type ApiHandle } from '../../services/api/server.ts';
import { createBullBoard } from '@bull-board/api';
import { ExpressAdapter } from '@bull-board/express';
import { concretePath, mountedApps, walkRoutes, type WalkedRoute } from './routes.ts';

let infra: TestInfra;
let api: ApiHandle;
let routes: WalkedRoute[];
let mounts: string[];
const token = 'auth-walk-token-0123456789';

beforeAll(async () => {
  infra = await createTestInfra('security_auth_walk');
  api = await startApi({ services: ['api'], config: testConfig(infra), token, port: 0, handleSignals: false });
  const app = api.server.listeners('request')[0] as Express;
  const stack = (app.router as unknown as { stack: Parameters<typeof walkRoutes>[0] }).stack;
  routes = walkRoutes(stack);
  // Bull Board is a sub-app, which Express hides behind a wrapper: its route table (fixed by the library
  // version) is read from an identical board, and added under every path where a sub-app is mounted.
  const board = new ExpressAdapter();
  board.setBasePath('/admin/queues');
  createBullBoard({ queues: [], serverAdapter: board });
  const boardStack = (board.getRouter() as Express).router.stack as unknown as Parameters<typeof walkRoutes>[0];
  mounts = mountedApps(stack);
  for (const m of mounts) routes.push(...walkRoutes(boardStack, m));
});
afterAll(async () => {
  await api?.stop();
  await infra?.teardown();
});

const send = (r: WalkedRoute, init: { headers?: Record<string, string>; query?: string } = {}) =>
  fetch(`${api.url}${concretePath(r.path)}${init.query ?? ''}`, {
    method: r.method,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: r.method === 'GET' || r.method === 'HEAD' ? undefined : '{}',
    redirect: 'manual',
  });

describe('auth on every route', () => {
  it('finds every part of the app: REST, Bull Board, dashboard and report routes', () => {
    const paths = new Set(routes.map((r) => r.path));
    for (const p of ['/healthz', '/runs', '/runs/:id/cancel', '/dead-letters', '/metrics', '/openapi.json', '/dashboard', '/dashboard/runs/:id']) {
      expect(paths, p).toContain(p);
    }
    expect(mounts).toEqual(['/admin/queues']);
    expect(routes.filter((r) => r.path.startsWith('/admin/queues')).length).toBeGreaterThanOrEqual(10);
    expect(paths).toContain('/runs/:id/report.html'); // report downloads
    expect(routes.length).toBeGreaterThanOrEqual(40);
  });

  it('answers 401 without a token, with a wrong one, in the header, the query or the cookie', async () => {
    const wrong = 'wrong-token-wrong-token-0000';
    const variants: { headers?: Record<string, string>; query?: string }[] = [
      {},
      { headers: { authorization: `Bearer ${wrong}` } },
      { headers: { authorization: `Basic ${Buffer.from(`admin:${token}`).toString('base64')}` } },
      { headers: { authorization: `Bearer ${token.slice(0, -1)}` } },
      { query: `?token=${wrong}` },
      { headers: { cookie: `vaglio_token=${wrong}` } },
    ];
    const open: string[] = [];
    let checked = 0;
    for (const r of routes) {
      if (r.path === '/healthz' || r.path === '/openapi.json') continue;
      for (const v of variants) {
        const res = await send(r, v);
        await res.arrayBuffer();
        checked++;
        if (res.status !== 401) open.push(`${r.method} ${r.path} ${JSON.stringify(v)} → ${res.status}`);
        else expect(res.headers.get('set-cookie'), `${r.method} ${r.path}`).toBeNull();
      }
    }
    expect(open).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(routes.length * 5);
    const health = await fetch(`${api.url}/healthz`);
    expect(health.status).toBe(200);
    // Unknown paths too: auth is checked before routing, so nothing tells a stranger which paths exist.
    expect((await fetch(`${api.url}/no/such/route`)).status).toBe(401);
  });

  it('sets security headers on every answer and a strict CSP on dashboard pages', async () => {
    const auth = { authorization: `Bearer ${token}` };
    for (const [path, headers] of [['/healthz', {}], ['/runs', {}], ['/runs', auth], ['/dashboard', auth], ['/admin/queues', auth]] as const) {
      const res = await fetch(`${api.url}${path}`, { headers });
      await res.arrayBuffer();
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('x-powered-by'), path).toBeNull();
    }
    for (const path of ['/dashboard', '/dashboard/trends', '/dashboard/dead-letters', '/dashboard/runs/none']) {
      const res = await fetch(`${api.url}${path}`, { headers: auth });
      expect(res.headers.get('content-type'), path).toMatch(/text\/html/);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toMatch(/default-src 'self'|default-src 'none'/);
      expect(csp, path).toMatch(/frame-ancestors 'none'/);
      expect(csp, path).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
      await res.arrayBuffer();
    }
  });

  it('keeps the token from ?token= in an httpOnly, SameSite=Strict cookie, never echoed in the page', async () => {
    const res = await fetch(`${api.url}/dashboard?token=${token}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(res.headers.get('set-cookie')).toMatch(/SameSite=Strict/i);
    expect(html).not.toContain(token);
  });
});
