/**
 * The run page at volume (issue 24): failures first, filters, search, pagination, summarised reasons; the case
 * page's judged turn and highlighted evidence; the HTML report's client-side filters. Real api, real Postgres,
 * real Chromium at desktop (1280×800) and phone (390×844) sizes.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { launchChromium } from '../helpers/browser.ts';
import { loadConfig } from '../../shared/config.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import { buildReport, renderHtml } from '../../shared/report/index.ts';
import { startDashboard, type DashboardServer } from '../helpers/dashboard.ts';
import { seedVolumeRun, volumeCase, VOLUME_CANARY } from '../../bench/support/volume-run.ts';

const token = 'run-page-token-0123456789';
const SHOTS = path.join(import.meta.dirname, '__screenshots__');
const N = 160;
const RUN = 'vol-run';
const cases = Array.from({ length: N }, (_, i) => volumeCase(i));
const count = (f: (c: (typeof cases)[number]) => boolean) => cases.filter(f).length;
let infra: TestInfra;
let redis: Redis;
let dash: DashboardServer;
let base: string;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  infra = await createTestInfra('run-page');
  await seedVolumeRun(infra.sql, RUN, N);
  const config = loadConfig({ ...infra.env, VAGLIO_LOG_LEVEL: 'silent' });
  redis = redisConnection(infra.redisUrl);
  const deps = { sql: infra.sql, db: infra.db, redis, prefix: infra.prefix, config };
  dash = await startDashboard(deps, token);
  base = dash.base;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await dash?.close();
  redis?.disconnect();
  await infra?.teardown();
});

async function open(size: { width: number; height: number }): Promise<Page> {
  const ctx = await browser.newContext({ viewport: size, ...(size.width < 500 ? { isMobile: true, deviceScaleFactor: 2 } : {}) });
  const p = await ctx.newPage();
  p.on('pageerror', (e) => pageErrors.push(e.message));
  p.on('console', (m) => void (m.type() === 'error' && pageErrors.push(m.text())));
  await p.goto(`${base}/dashboard?token=${token}`);
  return p;
}
const overflow = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const badges = (p: Page) => p.locator('table.cases tbody tr td:first-child .badge:first-child').allTextContents();
const caseCount = (p: Page) => p.locator('[data-field="case-count"]').textContent();

describe('run page at volume', () => {
  it('lists failures first, one page at a time, with summarised reasons (desktop)', async () => {
    const p = await open({ width: 1280, height: 800 });
    await p.goto(`${base}/dashboard/runs/${RUN}`);
    expect(await caseCount(p)).toContain(`1–50 of ${N}`);
    const first = await badges(p);
    expect(first).toHaveLength(50);
    // Failures first: every fail before every error, every error before invalid, invalid before pass.
    const order = { fail: 0, error: 1, invalid: 2, pass: 3 } as Record<string, number>;
    const ranks = first.map((b) => order[b]!);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(first.slice(0, count((c) => c.outcome === 'fail'))).toEqual(Array(count((c) => c.outcome === 'fail')).fill('fail'));

    // A reason that lists tender ids reads as a count; the list is one click away.
    const listed = p.locator('details.reason', { hasText: 'should not include' }).first();
    const summary = (await listed.locator('summary').textContent())!;
    expect(summary).toMatch(/should not include \d+ items; returned \d+ items/);
    expect(await listed.locator('.reason-list').first().isVisible()).toBe(false);
    await listed.locator('summary').click();
    expect(await listed.locator('.reason-list code').first().isVisible()).toBe(true);
    expect(await listed.locator('.reason-list').first().textContent()).toMatch(/vol-tender-\d{3}/);

    // Pagination: next page, then last.
    await p.click('nav.pager a[rel="next"]');
    await p.waitForURL(/page=2/);
    expect(await caseCount(p)).toContain(`51–100 of ${N}`);
    expect(await p.locator('[data-field="page"]').textContent()).toBe(`page 2 of ${Math.ceil(N / 50)}`);
    await p.click('nav.pager a[rel="last"]');
    await p.waitForURL(/page=4/);
    expect(await badges(p)).toHaveLength(N - 150);
    expect(await overflow(p)).toBeLessThanOrEqual(0);
    await p.goto(`${base}/dashboard/runs/${RUN}`);
    await p.screenshot({ path: path.join(SHOTS, 'run-volume-desktop.png'), fullPage: true });
    await p.context().close();
  });

  it('filters by outcome, family, tender, check type and red-team branch, and searches', async () => {
    const p = await open({ width: 1280, height: 800 });
    await p.goto(`${base}/dashboard/runs/${RUN}`);
    // Selecting applies at once (app.js submits the form).
    await p.selectOption('select[name="outcome"]', 'fail');
    await p.waitForURL(/outcome=fail/);
    const fails = count((c) => c.outcome === 'fail');
    expect(await caseCount(p)).toContain(`of ${fails}`);
    expect(new Set(await badges(p))).toEqual(new Set(['fail']));

    await p.selectOption('select[name="branch"]', 'jailbreak');
    await p.waitForURL(/branch=jailbreak/);
    const jb = count((c) => c.outcome === 'fail' && c.branch === 'jailbreak');
    expect(jb).toBeGreaterThan(0);
    expect(await caseCount(p)).toContain(`of ${jb}`);
    for (const t of await p.locator('table.cases tbody tr td:nth-child(4)').allTextContents()) expect(t).toBe('redteam · jailbreak');

    await p.goto(`${base}/dashboard/runs/${RUN}?check=search-results&outcome=not-pass`);
    const searchFails = count((c) => c.outcome === 'fail' && c.family !== 'redteam' && cases.indexOf(c) % 2 === 1);
    expect(await caseCount(p)).toContain(`of ${searchFails}`);
    for (const r of await p.locator('table.cases tbody tr td:last-child').allTextContents()) expect(r).toContain('search');

    await p.goto(`${base}/dashboard/runs/${RUN}?tender=vol-tender-003&family=facts`);
    const t3 = count((c) => c.tenderId === 'vol-tender-003' && c.family === 'facts');
    expect(await caseCount(p)).toContain(`of ${t3}`);
    for (const t of await p.locator('table.cases tbody tr td:nth-child(3)').allTextContents()) expect(t).toBe('vol-tender-003');

    // Free-text search reaches check reasons (the canary is only in the leak check's reason).
    await p.goto(`${base}/dashboard/runs/${RUN}`);
    await p.fill('input[name="q"]', VOLUME_CANARY);
    await p.click('form.filters button[type="submit"]');
    await p.waitForURL(/q=/);
    const leaks = count((c) => c.family === 'redteam' && c.outcome === 'fail');
    expect(await caseCount(p)).toContain(`of ${leaks}`);
    await p.goto(`${base}/dashboard/runs/${RUN}?q=${encodeURIComponent('no such thing %_')}`);
    expect(await p.locator('[data-field="no-cases"]').count()).toBe(1);
    await p.context().close();
  });

  it('marks the turn each check judged and highlights the evidence on the case page', async () => {
    const leak = cases.find((c) => c.family === 'redteam' && c.outcome === 'fail')!;
    const p = await open({ width: 1280, height: 800 });
    await p.goto(`${base}/dashboard/runs/${RUN}?branch=${leak.branch}&outcome=fail`);
    await p.click(`table.cases a:text("${leak.caseId}")`);
    await p.waitForURL(`**/cases/${leak.taskKey}`);
    const turn = p.locator('.turn#turn-0');
    expect(await turn.getAttribute('class')).toContain('judged-bad');
    expect(await turn.locator('[data-judged]').allTextContents()).toEqual(['leak#1']);
    expect(await turn.locator('.msg.assistant mark.ev').allTextContents()).toEqual([VOLUME_CANARY]);
    // The checks table links the check to its turn.
    expect(await p.locator('table.checks tr[data-check="leak#1"] a[href="#turn-0"]').count()).toBe(1);
    await p.screenshot({ path: path.join(SHOTS, 'case-evidence-desktop.png'), fullPage: true });
    await p.context().close();
  });

  it('fits a phone: run page, filters and case page without horizontal overflow', async () => {
    const p = await open({ width: 390, height: 844 });
    for (const url of [`/dashboard/runs/${RUN}`, `/dashboard/runs/${RUN}?outcome=fail&branch=jailbreak`, `/dashboard/runs/${RUN}/cases/${cases[3]!.taskKey}`]) {
      await p.goto(`${base}${url}`);
      expect(await overflow(p), url).toBeLessThanOrEqual(0);
    }
    await p.goto(`${base}/dashboard/runs/${RUN}`);
    expect(await p.locator('table.cases tbody tr').count()).toBe(50);
    await p.screenshot({ path: path.join(SHOTS, 'run-volume-phone.png'), fullPage: false });
    await p.locator('table.cases').evaluate((e) => e.scrollIntoView());
    await p.screenshot({ path: path.join(SHOTS, 'run-volume-phone-cases.png'), fullPage: false });
    await p.context().close();
    expect(pageErrors).toEqual([]);
  });
});

describe('HTML report filters (client-side, no network)', () => {
  it('filters failures, not-judged and passed cases in the file itself, at both sizes', async () => {
    const html = renderHtml(await buildReport(infra.sql, RUN));
    for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const ctx = await browser.newContext({ viewport: size });
      const p = await ctx.newPage();
      const requests: string[] = [];
      const violations: string[] = [];
      p.on('request', (r) => void (r.url().startsWith('data:') || requests.push(r.url())));
      p.on('console', (m) => void (m.type() === 'error' && violations.push(m.text())));
      await p.route('**/*', (r) => (r.request().url() === 'http://report.invalid/' ? r.fulfill({ body: html, contentType: 'text/html' }) : r.abort()));
      await p.goto('http://report.invalid/');
      // The inline script ran under the file's CSP (by its hash): the filter bar is shown and counts.
      expect(await p.locator('#case-filters').isVisible()).toBe(true);
      expect(await p.locator('#case-filter-count').textContent()).toBe(`${N} of ${N} cases shown`);
      const visible = () => p.locator('.fcase:not([hidden])');
      await p.selectOption('#case-filters select[name="outcome"]', 'invalid');
      const invalid = count((c) => c.outcome === 'invalid');
      expect(await visible().count()).toBe(invalid);
      expect(await p.locator('[data-group="invalid"] [data-group-count]').textContent()).toBe(String(invalid));
      expect(await p.locator('[data-group="failures"] [data-group-count]').textContent()).toBe('0');
      await p.selectOption('#case-filters select[name="outcome"]', '');
      await p.selectOption('#case-filters select[name="branch"]', 'prompt-injection');
      expect(await visible().count()).toBe(count((c) => c.branch === 'prompt-injection'));
      await p.selectOption('#case-filters select[name="branch"]', '');
      await p.fill('#case-filters input[name="q"]', 'vol-tender-011');
      expect(await visible().count()).toBeGreaterThanOrEqual(count((c) => c.tenderId === 'vol-tender-011'));
      await p.selectOption('#case-filters select[name="tender"]', 'vol-tender-011');
      expect(await visible().count()).toBe(count((c) => c.tenderId === 'vol-tender-011'));
      expect(await overflow(p)).toBeLessThanOrEqual(0);
      await p.locator('#cases').evaluate((e) => e.scrollIntoView());
      await p.screenshot({ path: path.join(SHOTS, `report-filtered-${size.width}.png`), fullPage: false });
      expect(requests).toEqual(['http://report.invalid/']);
      expect(violations).toEqual([]);
      await ctx.close();
    }
    // Passed cases are counted, not detailed: no transcript outside the failures.
    expect(html.match(/class="transcript"/g)?.length).toBe(count((c) => c.outcome === 'fail' || c.outcome === 'error'));
  });
});
