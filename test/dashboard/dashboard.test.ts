/** The dashboard in real Chromium against the real api (createApp with the dashboard mounted), on seeded runs. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser.ts';
import { pino } from 'pino';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { loadConfig } from '../../shared/config.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import { createApp } from '../../services/api/app.ts';
import { dashboardRouter } from '../../services/api/dashboard/index.ts';
import { EVIDENCE, HOSTILE, LONG_RESULT_TAIL, TENDER_TEXT, seedRuns, type Seeded } from '../report/seed.ts';

const token = 'dashboard-token-0123456789';
const SHOTS = path.join(import.meta.dirname, '__screenshots__');
let infra: TestInfra;
let seeded: Seeded;
let redis: Redis;
let server: Server;
let closeApp: () => Promise<void>;
let base: string;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
const dialogs: string[] = [];

beforeAll(async () => {
  infra = await createTestInfra('dashboard');
  seeded = await seedRuns(infra.sql, 'dash');
  const config = loadConfig({ ...infra.env, VAGLIO_LOG_LEVEL: 'silent' });
  redis = redisConnection(infra.redisUrl);
  const deps = { sql: infra.sql, db: infra.db, redis, prefix: infra.prefix, config };
  const api = createApp({ ...deps, log: pino({ level: 'silent' }), token, extraRouters: [dashboardRouter(deps)] });
  closeApp = api.close;
  server = createServer(api.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
  ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await ctx.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => void (m.type() === 'error' && pageErrors.push(m.text())));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await closeApp?.();
  redis?.disconnect();
  await infra?.teardown();
});

const get = (p: string, auth = true) => fetch(`${base}${p}`, { headers: auth ? { authorization: `Bearer ${token}` } : {} });

describe('dashboard', () => {
  it('answers 401 on every dashboard and report route without the token', async () => {
    const paths = ['/dashboard', '/dashboard/trends', '/dashboard/dead-letters', `/dashboard/runs/${seeded.runId}`, '/dashboard/api/runs',
      '/dashboard/assets/app.js', `/runs/${seeded.runId}/report.html`, `/runs/${seeded.runId}/report.xml`];
    for (const p of paths) expect((await get(p, false)).status, p).toBe(401);
    expect((await get('/dashboard')).status).toBe(200);
  });

  it('serves report downloads with content types and attachment names; the JUnit parses as XML', async () => {
    const want = { html: 'text/html', json: 'application/json', csv: 'text/csv', xml: 'application/xml' };
    for (const [ext, type] of Object.entries(want)) {
      const res = await get(`/runs/${seeded.runId}/report.${ext}`);
      expect(res.status, ext).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
      expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="vaglio-${seeded.runId}\\.(junit\\.)?${ext}"$`));
    }
    expect((await get('/runs/nope/report.html')).status).toBe(404);
    const xml = await (await get(`/runs/${seeded.runId}/report.xml`)).text();
    await page.goto('about:blank');
    const parsed = await page.evaluate((x) => {
      const doc = new DOMParser().parseFromString(x, 'application/xml');
      return { error: doc.getElementsByTagName('parsererror').length, suites: doc.getElementsByTagName('testsuite').length, failures: Array.from(doc.getElementsByTagName('failure')).map((f) => f.getAttribute('message')) };
    }, xml);
    expect(parsed).toEqual({ error: 0, suites: 2, failures: expect.arrayContaining(['REGRESSION: wrong deadline', 'REGRESSION: =HYPERLINK("http://evil")']) });
  });

  it('lists runs with live progress, opens a run and a failing case with its transcript and failed check', async () => {
    const res = await page.goto(`${base}/dashboard?token=${token}`);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    const live = page.locator(`tr[data-run-id="${seeded.runningRunId}"]`);
    await expect.poll(() => live.locator('[data-field="progress-text"]').textContent()).toBe('40% (2/5)');
    // The engine moves on; the list follows without a reload.
    await infra.sql`update tasks set status = 'completed' where run_id = ${seeded.runningRunId} and task_key = 'b'`;
    await expect.poll(() => live.locator('[data-field="progress-text"]').textContent(), { timeout: 30_000 }).toBe('60% (3/5)');

    await page.click(`a[href="/dashboard/runs/${seeded.runId}"]`);
    await page.waitForURL(`**/dashboard/runs/${seeded.runId}`);
    expect(await page.locator('h1').textContent()).toContain('dash');
    const firstRows = await page.locator('table.cases tbody tr').allTextContents();
    expect(firstRows[0]).toContain('regression');
    expect(await page.locator('a[href$="/report.xml"]').count()).toBe(1);

    const mark = page.locator('.meta[data-tender="T1"] mark');
    expect(await mark.textContent()).toBe(EVIDENCE);
    expect(await mark.getAttribute('data-start')).toBe(String(TENDER_TEXT.indexOf(EVIDENCE)));

    await page.click('table.cases a:text("tender-qa / deadline")');
    await page.waitForURL('**/cases/c-deadline');
    const tool = page.locator('.tool');
    expect(await tool.locator('.tool-name').textContent()).toContain('search_tenders');
    expect(await tool.locator('.args').textContent()).toContain('"region": "Emilia-Romagna"');
    // The case's page shows the tool result whole (the whole-run report file caps it).
    expect(await tool.locator('details pre').textContent()).toContain(LONG_RESULT_TAIL);
    const failed = page.locator('table.checks tr.o-fail');
    expect(await failed.allTextContents()).toEqual([expect.stringContaining('The assistant invented a date'), expect.stringContaining('says-deadline')]);
    // The hostile answer shows as text, never as markup.
    expect(await page.locator('.msg.assistant .text').textContent()).toContain(HOSTILE);
    expect(await page.locator('.transcript script').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'case-desktop.png'), fullPage: true });
  });

  it('draws trends with uPlot, one line per run name (test/dashboard/trends.test.ts covers ranges and tooltips)', async () => {
    await page.goto(`${base}/dashboard/trends?name=dash`);
    await page.waitForSelector('figure[data-chart][data-ready]');
    expect(await page.locator('figure[data-chart]', { hasText: 'Pass rate' }).locator('.u-legend .u-series th').allTextContents()).toEqual(['dash']);
    expect(await page.locator('figure[data-chart][data-ready]', { hasText: 'Silhouette' }).count()).toBe(1);
  });

  it('reprocesses a dead letter from its button and links to Bull Board', async () => {
    await page.goto(`${base}/dashboard/dead-letters`);
    expect(await page.locator('a[href="/admin/queues"]').count()).toBeGreaterThan(0);
    expect(await page.locator('td', { hasText: 'boom' }).textContent()).toContain(HOSTILE);
    await page.click(`button[data-reprocess="${seeded.deadLetterId}"]`);
    await expect.poll(() => page.locator(`[data-result="${seeded.deadLetterId}"]`).textContent()).toMatch(/relaunched|failed/);
    expect(await page.locator(`[data-result="${seeded.deadLetterId}"]`).textContent()).toMatch(/^relaunched/);
    const task = await infra.sql<{ status: string }[]>`select status from tasks where run_id = ${seeded.runningRunId} and task_key = 'd'`;
    expect(task[0]!.status).not.toBe('failed');
  });

  it('fits a phone screen without horizontal overflow', async () => {
    const phone = await ctx.browser()!.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true });
    const p = await phone.newPage();
    try {
      await p.goto(`${base}/dashboard?token=${token}`);
      for (const url of ['/dashboard', `/dashboard/runs/${seeded.runId}`, `/dashboard/runs/${seeded.runId}/cases/c-deadline`, '/dashboard/trends', '/dashboard/dead-letters']) {
        await p.goto(`${base}${url}`);
        const width = await p.evaluate(() => document.documentElement.scrollWidth);
        expect(width, url).toBeLessThanOrEqual(390);
      }
      await p.goto(`${base}/dashboard/runs/${seeded.runId}`);
      await p.screenshot({ path: path.join(SHOTS, 'run-phone.png'), fullPage: true });
    } finally {
      await phone.close();
    }
    expect(pageErrors).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});
