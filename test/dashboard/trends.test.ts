/**
 * Trend charts (uPlot) in real Chromium against the real api: one line per run name, ranges that make sense for
 * flat and single-point series, a tooltip naming the run under the cursor and a click that opens it, at desktop
 * and phone widths without horizontal overflow. Screenshots in __screenshots__/trends-*.png.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../shared/db/client.ts';
import { launchChromium } from '../helpers/browser.ts';
import { startDashboardApi, type DashboardApi } from '../helpers/dashboard-api.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';

const token = 'trends-token-0123456789';
const SHOTS = path.join(import.meta.dirname, '__screenshots__');
let infra: TestInfra;
let api: DashboardApi;
let base: string;
let browser: Browser;
const pageErrors: string[] = [];

/** A finished run with `pass` of `cases` passing, each turn `latencyMs` long and costing `costUsd`. */
async function seedRun(sql: Sql, id: string, name: string, at: string, cases: number, pass: number, latencyMs: number, costUsd: number) {
  await sql`insert into runs (id, name, plan, status, spec, created_at, started_at, finished_at) values (${id}, ${name}, 'eval', 'completed', '{}'::jsonb, ${at}, ${at}, ${at})`;
  for (let i = 0; i < cases; i++) {
    const key = `c${i}`;
    await sql`insert into tasks (run_id, task_key, kind, queue, status) values (${id}, ${key}, 'eval.converse', 'converse', 'completed')`;
    await sql`insert into transcripts (run_id, task_key, target, turns, cost_usd)
      values (${id}, ${key}, 'bot', ${sql.json([{ index: 0, user: 'q', assistant: 'a', latencyMs, toolCalls: [] }])}, ${costUsd})`;
    await sql`insert into case_results (run_id, task_key, set_id, case_id, outcome, reason) values (${id}, ${key}, 's', ${key}, ${i < pass ? 'pass' : 'fail'}, 'x')`;
  }
}

beforeAll(async () => {
  infra = await createTestInfra('dashboard_trends');
  // Three run names: demo (three runs that move), daily (flat at 100 %, no chatbot cost), cli (a single run).
  await seedRun(infra.sql, 'demo-1', 'demo', '2026-11-20T08:00:00Z', 4, 4, 800, 0.002);
  await seedRun(infra.sql, 'daily-1', 'daily', '2026-11-21T06:00:00Z', 4, 4, 1200, 0);
  await seedRun(infra.sql, 'demo-2', 'demo', '2026-11-22T08:00:00Z', 4, 2, 900, 0.003);
  await seedRun(infra.sql, 'cli-1', 'cli', '2026-11-23T15:00:00Z', 2, 1, 700, 0.001);
  await seedRun(infra.sql, 'daily-2', 'daily', '2026-11-24T06:00:00Z', 4, 4, 1250, 0);
  await seedRun(infra.sql, 'demo-3', 'demo', '2026-11-25T08:00:00Z', 4, 3, 850, 0.0025);
  api = await startDashboardApi(infra, token);
  base = api.base;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await api?.close();
  await infra?.teardown();
});

async function open(width: number, height: number, url: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height }, ...(width < 500 ? { deviceScaleFactor: 2, isMobile: true } : {}) });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => void (m.type() === 'error' && pageErrors.push(m.text())));
  // CSP violations are console errors too: a blocked script or style would show up here.
  await page.goto(`${base}/dashboard/trends?token=${token}`);
  await page.goto(`${base}${url}`);
  await page.waitForSelector('figure[data-chart][data-ready]');
  return page;
}

const chart = (page: Page, title: string) => page.locator('figure[data-chart]', { hasText: title });
async function yRange(page: Page, title: string): Promise<[number, number]> {
  const r = await chart(page, title).locator('.chart-plot').getAttribute('data-y-range');
  return r!.split(',').map(Number) as [number, number];
}

/** Moves the mouse onto a series' point (by run id) through the chart's own scales. */
async function hoverRun(page: Page, title: string, runId: string): Promise<void> {
  const fig = chart(page, title);
  const spec = JSON.parse((await fig.locator('script.chart-spec').textContent())!) as { x: number[]; series: { values: (number | null)[]; points: ({ label: string } | null)[] }[] };
  const s = spec.series.findIndex((x) => x.points.some((p) => p?.label.startsWith(`${runId} `)));
  const i = spec.series[s]!.points.findIndex((p) => p?.label.startsWith(`${runId} `));
  const box = (await fig.locator('.u-over').boundingBox())!;
  const [lo, hi] = await yRange(page, title);
  const xs = await fig.locator('.chart-plot').evaluate((el) => (el as HTMLElement & { _uplot: { scales: { x: { min: number; max: number } } } })._uplot.scales.x);
  const px = box.x + ((spec.x[i]! - xs.min) / (xs.max - xs.min)) * box.width;
  const py = box.y + (1 - (spec.series[s]!.values[i]! - lo) / (hi - lo)) * box.height;
  await page.mouse.move(px, py);
}

describe('trend charts', () => {
  it('draws one line per run name with readable axes, a tooltip per run and a link to it (desktop)', async () => {
    const page = await open(1280, 900, '/dashboard/trends');
    // Red-team success and silhouette have no data in these runs: they say so instead of drawing an empty axis.
    expect(await page.locator('figure[data-chart][data-ready]').count()).toBe(5);
    expect(await chart(page, 'Silhouette').textContent()).toContain('No data yet.');
    const pass = chart(page, 'Pass rate');
    expect(await pass.locator('.u-legend .u-series th').allTextContents()).toEqual(['cli', 'daily', 'demo']);
    expect(await page.locator('p.muted', { hasText: 'one line per run name' }).textContent()).toContain('6 runs of 3 names');
    // The canvas is drawn at the size it is shown (not a scaled-down picture): its 12 px labels stay 12 px.
    const scale = await pass.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width / devicePixelRatio / c.getBoundingClientRect().width);
    expect(scale).toBeCloseTo(1, 2);
    expect((await pass.locator('canvas').boundingBox())!.width).toBeGreaterThan(300);
    const [lo, hi] = await yRange(page, 'Pass rate');
    expect(lo).toBeGreaterThanOrEqual(0);
    expect(hi).toBeLessThanOrEqual(1);
    // Costs never go below zero on the axis.
    expect((await yRange(page, 'Chatbot cost'))[0]).toBeGreaterThanOrEqual(0);

    await page.screenshot({ path: path.join(SHOTS, 'trends-desktop.png'), fullPage: true });
    await hoverRun(page, 'Pass rate', 'demo-2');
    const tip = pass.locator('.chart-tip');
    await expect.poll(() => tip.isVisible()).toBe(true);
    expect(await tip.textContent()).toMatch(/demo 50%demo-2 · 2026-11-22 08:00/);
    await page.screenshot({ path: path.join(SHOTS, 'trends-tooltip.png') });
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForURL(/\/dashboard\/runs\/demo-2$/, { timeout: 30_000 });
    await page.context().close();
  });

  it('gives a flat series and a single point a sane range, not -100 %..110 % or $-1..$1', async () => {
    const daily = await open(1280, 900, '/dashboard/trends?name=daily');
    expect(await daily.locator('p.muted', { hasText: 'one line per run name' }).textContent()).toContain('2 runs of 1 name');
    const [dlo, dhi] = await yRange(daily, 'Pass rate');
    expect([dlo, dhi].map((v) => Number(v.toFixed(6)))).toEqual([0.9, 1]);
    const [clo, chi] = await yRange(daily, 'Chatbot cost');
    expect(clo).toBe(0);
    expect(chi).toBeCloseTo(0.001, 6);
    await daily.context().close();

    const cli = await open(1280, 900, '/dashboard/trends?name=cli');
    expect(await cli.locator('p.muted', { hasText: 'one line per run name' }).textContent()).toContain('1 run of 1 name');
    const [plo, phi] = await yRange(cli, 'Pass rate');
    expect(plo).toBeCloseTo(0.45, 6);
    expect(phi).toBeCloseTo(0.55, 6);
    const [llo, lhi] = await yRange(cli, 'Latency p50');
    expect(llo).toBeGreaterThan(0);
    expect(lhi).toBeLessThan(1000);
    await hoverRun(cli, 'Latency p50', 'cli-1');
    await expect.poll(() => chart(cli, 'Latency p50').locator('.chart-tip').textContent()).toContain('cli 700 ms');
    await cli.screenshot({ path: path.join(SHOTS, 'trends-single.png'), fullPage: true });
    await cli.context().close();
  });

  it('fits a phone screen without horizontal overflow', async () => {
    const page = await open(390, 844, '/dashboard/trends');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const w = (await chart(page, 'Pass rate').locator('canvas').boundingBox())!.width;
    expect(w).toBeGreaterThan(250);
    expect(w).toBeLessThanOrEqual(370);
    await page.screenshot({ path: path.join(SHOTS, 'trends-phone.png'), fullPage: true });
    await page.context().close();
    expect(pageErrors).toEqual([]);
  });
});
