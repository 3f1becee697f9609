/**
 * Every route of the real api (REST, the app's own Bull Board, dashboard, report downloads) refuses requests
 * without a valid token, however the token is given; only the container probe /healthz and /openapi.json are
 * open. The Bull Board the app mounts is walked route by route (as the app mounts it, with the app's queues)
 * with no cookie, malformed cookies, expired, forged and other-key sessions, the raw token as a cookie (401 each,
 * no cookie set) and a valid session (answered, never 401 or 5xx, under the board's CSP). Security headers are
 * on every answer, the dashboard's pages carry a strict CSP, and the session cookie's flags are checked.
 */
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { testConfig } from '../helpers/engine.ts';
import { startApi, type ApiHandle } from '../../services/api/server.ts';
import { BOARD_CSP } from '../../services/api/app.ts';
import { SESSION_COOKIE, sessionSigner } from '../../services/api/auth.ts';
import { QUEUE_NAMES } from '../../queues/index.ts';
import { concretePath, mountedApps, walkRoutes, type WalkedRoute } from './routes.ts';

let infra: TestInfra;
let api: ApiHandle;
let routes: WalkedRoute[];
let mounts: string[];
let boardRoutes: WalkedRoute[];
const token = 'auth-walk-token-0123456789';

beforeAll(async () => {
  infra = await createTestInfra('security_auth_walk');
  api = await startApi({ services: ['api'], config: testConfig(infra), token, port: 0, handleSignals: false });
  const app = api.server.listeners('request')[0] as Express;
  const stack = (app.router as unknown as { stack: Parameters<typeof walkRoutes>[0] }).stack;
  routes = walkRoutes(stack);
  // Bull Board is a sub-app, which Express hides behind a wrapper: the app says which sub-apps it mounted and
  // where, and their routes are read from those very apps (the board the app serves, with the app's queues).
  mounts = mountedApps(stack);
  boardRoutes = api.mounted.flatMap((m) => walkRoutes((m.app.router as unknown as { stack: Parameters<typeof walkRoutes>[0] }).stack, m.path));
  routes.push(...boardRoutes);
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
    expect(api.mounted.map((m) => m.path)).toEqual(mounts);
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

describe("the app's own Bull Board, route by route", () => {
  const signer = sessionSigner(token);
  const cookie = (value: string) => ({ headers: { cookie: value } });

  it('is the board the app serves: it lists the app\'s queues', async () => {
    const res = await fetch(`${api.url}/admin/queues/api/queues`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(BOARD_CSP);
    const body = (await res.json()) as { queues: { name: string }[] };
    expect(body.queues.map((q) => q.name).sort()).toEqual([...QUEUE_NAMES].sort());
    // Its pages and its API, reads and actions alike.
    const methods = new Set(boardRoutes.map((r) => r.method));
    for (const m of ['GET', 'PUT', 'PATCH']) expect(methods, m).toContain(m);
    expect(boardRoutes.filter((r) => r.path.startsWith('/admin/queues/api/')).length).toBeGreaterThanOrEqual(20);
  });

  it('refuses every route without a valid session: none, malformed, expired, forged, other key, raw token (401, no cookie set)', async () => {
    const real = signer.issue(3_600_000);
    const [v, exp, mac] = real.split('.');
    const variants = {
      none: {},
      'malformed %E0%A4%A': cookie(`${SESSION_COOKIE}=%E0%A4%A`),
      'malformed %': cookie(`${SESSION_COOKIE}=%`),
      'malformed %ZZ': cookie(`${SESSION_COOKIE}=%ZZ`),
      'empty': cookie(`${SESSION_COOKIE}=`),
      'garbage': cookie(`${SESSION_COOKIE}=v1.abc.def`),
      'expired': cookie(`${SESSION_COOKIE}=${signer.issue(-1000)}`),
      'forged expiry': cookie(`${SESSION_COOKIE}=${v}.${Number(exp) + 365 * 86_400_000}.${mac}`),
      'forged mac': cookie(`${SESSION_COOKIE}=${v}.${exp}.${mac!.slice(0, -2)}${mac!.endsWith('AA') ? 'BB' : 'AA'}`),
      'other key': cookie(`${SESSION_COOKIE}=${sessionSigner('another-token-0123456789abcdef').issue(3_600_000)}`),
      'raw token': cookie(`${SESSION_COOKIE}=${token}`),
      'old token cookie': cookie(`vaglio_token=${token}`),
    };
    const open: string[] = [];
    let checked = 0;
    for (const r of boardRoutes) {
      for (const [name, init] of Object.entries(variants)) {
        const res = await send(r, init);
        await res.arrayBuffer();
        checked++;
        if (res.status !== 401 || res.headers.get('set-cookie') !== null) open.push(`${r.method} ${r.path} [${name}] → ${res.status} ${res.headers.get('set-cookie') ?? ''}`);
      }
    }
    console.log(`[auth-walk] ${routes.length} routes (${boardRoutes.length} of the app's Bull Board); board × ${Object.keys(variants).length} bad cookies: ${checked} calls, ${open.length} not 401`);
    expect(open).toEqual([]);
    expect(checked).toBe(boardRoutes.length * Object.keys(variants).length);
  });

  it('answers every route for a valid session, under the board CSP, with no new cookie', async () => {
    const session = cookie(`${SESSION_COOKIE}=${signer.issue(3_600_000)}`);
    const statuses = new Map<string, number>();
    const wrong: string[] = [];
    for (const r of boardRoutes) {
      const res = await send(r, session);
      await res.arrayBuffer();
      statuses.set(`${r.method} ${r.path}`, res.status);
      // Served (pages 200; an action on queue "x", which does not exist, 404 or a 400 naming the bad field), never refused or broken.
      if (res.status === 401 || res.status >= 500) wrong.push(`${r.method} ${r.path} → ${res.status}`);
      if (res.headers.get('content-security-policy') !== BOARD_CSP) wrong.push(`${r.method} ${r.path}: CSP ${res.headers.get('content-security-policy')}`);
      if (res.headers.get('set-cookie') !== null) wrong.push(`${r.method} ${r.path}: set a cookie`);
      if (res.headers.get('x-powered-by') !== null) wrong.push(`${r.method} ${r.path}: x-powered-by`);
    }
    // The walk paused every queue of this test's prefix: resume them.
    await (await send({ method: 'PUT', path: '/admin/queues/api/queues/resume' }, session)).arrayBuffer();
    expect(wrong).toEqual([]);
    for (const p of ['GET /admin/queues', 'GET /admin/queues/api/queues', 'GET /admin/queues/queue/:queueName']) expect(statuses.get(p), p).toBe(200);
    expect(statuses.get('GET /admin/queues/api/queues/:queueName/:jobId'), 'unknown queue').toBe(404);
  });

  it('gives a browser opening /admin/queues?token= a signed session cookie: HttpOnly, SameSite=Strict, 12 h, not the token', async () => {
    const res = await fetch(`${api.url}/admin/queues?token=${token}`, { redirect: 'manual' });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(BOARD_CSP);
    expect(html).not.toContain(token);
    const set = res.headers.get('set-cookie') ?? '';
    expect(set).toMatch(new RegExp(`^${SESSION_COOKIE}=v1\\.\\d+\\.[A-Za-z0-9_-]{43};`));
    expect(set).not.toContain(token);
    expect(set).toMatch(/;\s*HttpOnly/i);
    expect(set).toMatch(/;\s*SameSite=Strict/i);
    expect(set).toMatch(/;\s*Path=\/(;|$)/);
    expect(set).toMatch(/;\s*Max-Age=43200/);
    expect(set).not.toMatch(/;\s*Secure/i); // plain http and no https public URL
    // The cookie alone opens the board's API.
    const value = /^[^=]+=([^;]+)/.exec(set)![1]!;
    const again = await fetch(`${api.url}/admin/queues/api/queues`, { headers: { cookie: `${SESSION_COOKIE}=${value}` } });
    await again.arrayBuffer();
    expect(again.status).toBe(200);
  });

  it('marks the cookie Secure when the app is published over https', async () => {
    const https = await startApi({ services: ['api'], config: testConfig(infra, { VAGLIO_PUBLIC_URL: 'https://vaglio.example' }), token, port: 0, handleSignals: false });
    try {
      const res = await fetch(`${https.url}/admin/queues?token=${token}`, { redirect: 'manual' });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie') ?? '').toMatch(/;\s*Secure/i);
    } finally {
      await https.stop();
    }
  });
});
