/**
 * What a browser gets: the app's own Bull Board (/admin/queues) under a Content-Security-Policy, opened for
 * real in Chromium; and, for ?token=, a signed, expiring session cookie (HttpOnly, SameSite=Strict, Secure
 * over https) instead of the raw, long-lived API token. Before the fix the board had no CSP and the cookie
 * held the token itself, without Secure.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { testConfig } from '../helpers/engine.ts';
import { startApi, type ApiHandle } from '../../services/api/server.ts';
import { SESSION_COOKIE, bearerAuth, sessionSigner } from '../../services/api/auth.ts';

let infra: TestInfra;
let api: ApiHandle;
let browser: Browser | undefined;
const token = 'browser-session-token-0123456789';

beforeAll(async () => {
  infra = await createTestInfra('security_browser_session');
  api = await startApi({ services: ['api'], config: testConfig(infra), token, port: 0, handleSignals: false });
});
afterAll(async () => {
  await browser?.close();
  await api?.stop();
  await infra?.teardown();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${api.url}${path}`, { headers, redirect: 'manual' });

describe('Bull Board in a browser', () => {
  it('is served under a CSP that allows only its own scripts, and still works in Chromium', async () => {
    for (const path of ['/admin/queues', '/admin/queues/queue/converse']) {
      const res = await get(path, { authorization: `Bearer ${token}` });
      await res.arrayBuffer();
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toMatch(/default-src 'none'/);
      expect(csp, path).toMatch(/script-src 'self'(;|$)/);
      expect(csp, path).toMatch(/frame-ancestors 'none'/);
      expect(csp, path).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    }
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const page = await (await browser.newContext()).newPage();
    const refused: string[] = [];
    page.on('console', (m) => void (/Content Security Policy/i.test(m.text()) && refused.push(m.text())));
    await page.goto(`${api.url}/admin/queues?token=${token}`);
    // The board's React app ran (its own scripts were allowed) and listed the app's queues.
    await page.getByText('converse', { exact: false }).first().waitFor({ timeout: 20_000 });
    // Only the third-party font stylesheet is refused (a self-hosted tool does not call Google).
    expect(refused.filter((t) => !/fonts\.googleapis\.com/.test(t))).toEqual([]);
    // The page's cookie is the session, not the token.
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => c.name)).toEqual([SESSION_COOKIE]);
    expect(cookies[0]!.value).not.toContain(token);
    expect(cookies[0]!.httpOnly).toBe(true);
    expect(cookies[0]!.sameSite).toBe('Strict');
  }, 60_000);
});

describe('the session cookie', () => {
  it('is signed and expires: a forged, expired or raw-token cookie is refused', async () => {
    const res = await get(`/runs?token=${token}`);
    await res.arrayBuffer();
    const set = res.headers.get('set-cookie') ?? '';
    expect(set).toMatch(new RegExp(`^${SESSION_COOKIE}=v1\\.\\d+\\.`));
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Strict/i);
    expect(set).toMatch(/Max-Age=43200/); // VAGLIO_SESSION_TTL_HOURS default 12
    expect(set).not.toMatch(/Secure/i); // plain http, no https public URL
    expect(set).not.toContain(token);
    const session = /^[^=]+=([^;]+)/.exec(set)![1]!;
    expect((await get('/runs', { cookie: `${SESSION_COOKIE}=${session}` })).status).toBe(200);

    const signer = sessionSigner(token);
    const expired = signer.issue(-1000);
    const [v, exp, mac] = session.split('.');
    const forged = `${v}.${Number(exp) + 86_400_000 * 365}.${mac}`;
    const otherKey = sessionSigner('another-token-0123456789abcdef').issue(3_600_000);
    for (const cookie of [`${SESSION_COOKIE}=${expired}`, `${SESSION_COOKIE}=${forged}`, `${SESSION_COOKIE}=${otherKey}`, `${SESSION_COOKIE}=${token}`, `vaglio_token=${token}`]) {
      const r = await get('/runs', { cookie });
      await r.arrayBuffer();
      expect(r.status, cookie).toBe(401);
    }
  });

  it('is Secure when the public URL is https, or when configured so', async () => {
    const cases: [Parameters<typeof bearerAuth>[1], boolean][] = [
      [{ sessionTtlMs: 60_000, secureCookie: 'auto', publicUrl: 'https://vaglio.example' }, true],
      [{ sessionTtlMs: 60_000, secureCookie: 'true' }, true],
      [{ sessionTtlMs: 60_000, secureCookie: 'auto' }, false],
      [{ sessionTtlMs: 60_000, secureCookie: 'false', publicUrl: 'https://vaglio.example' }, false],
    ];
    for (const [opts, secure] of cases) {
      const app = express();
      app.use(bearerAuth(token, opts));
      app.get('/x', (_req, res) => void res.send('ok'));
      const server: Server = createServer(app);
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      try {
        const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x?token=${token}`);
        await res.arrayBuffer();
        expect(/;\s*Secure/i.test(res.headers.get('set-cookie') ?? ''), JSON.stringify(opts)).toBe(secure);
      } finally {
        await new Promise<void>((r) => server.close(() => r()));
      }
    }
  });
});
