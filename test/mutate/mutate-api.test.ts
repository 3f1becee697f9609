/**
 * Mutation testing over the API and in the dashboard (real api, real Chromium): POST /runs/:id/mutations
 * runs through the workers; the run page links to the mutation page, which shows the score, the survivors
 * with the check that should have caught them, and the suggested checks.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/browser.ts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { startTestWorkers, waitForRunStatus, type InProcessWorkers } from '../helpers/engine.ts';
import { createApp } from '../../services/api/app.ts';
import { dashboardRouter } from '../../services/api/dashboard/index.ts';
import { loadScenarios } from '../../shared/scenarios/index.ts';
import { evalPlan, evalPlanSchema } from '../../shared/plans/eval.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { fixtureTarget, startFixtureBot, SUITE_YAML } from './fixture-bot.ts';

const token = 'mutation-api-token-0123456789';
let infra: TestInfra;
let workers: InProcessWorkers;
let bot: Awaited<ReturnType<typeof startFixtureBot>>;
let server: Server;
let closeApp: () => Promise<void>;
let base: string;
let browser: Browser;
let runId: string;

beforeAll(async () => {
  infra = await createTestInfra('mutate_api');
  bot = await startFixtureBot();
  workers = await startTestWorkers(infra, ['converse', 'judge', 'report', 'control']);
  const dir = mkdtempSync(path.join(tmpdir(), 'vaglio-mut-api-'));
  writeFileSync(path.join(dir, 'suite.yaml'), SUITE_YAML);
  const input = evalPlanSchema.parse({ plan: 'eval', name: 'mut-api', sets: await loadScenarios([path.join(dir, 'suite.yaml')]), target: fixtureTarget(bot.url), today: '2026-12-01' });
  const built = await evalPlan.build(input, { config: workers.config });
  runId = (await submitRun({ sql: infra.sql, redis: workers.redis, prefix: infra.prefix }, { name: 'mut-api', plan: 'eval', spec: {}, tasks: built.tasks, shared: built.shared })).runId;
  expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 60_000)).toBe('completed');
  const deps = { sql: infra.sql, db: infra.db, redis: workers.redis, prefix: infra.prefix, config: workers.config };
  const api = createApp({ ...deps, log: pino({ level: 'silent' }), token, extraRouters: [dashboardRouter(deps)] });
  closeApp = api.close;
  server = createServer(api.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await closeApp?.();
  await workers?.stop();
  await bot?.close();
  await infra?.teardown();
});

const call = (p: string, init: RequestInit = {}, auth = true) =>
  fetch(`${base}${p}`, { ...init, headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${token}` } : {}) } });

describe('mutation testing over the api and in the dashboard', () => {
  it('submits, lists and shows a mutation run; refuses bad requests with a 4xx naming the problem', async () => {
    expect((await call(`/runs/${runId}/mutations`, { method: 'POST', body: '{}' }, false)).status).toBe(401);
    const bad = await call(`/runs/${runId}/mutations`, { method: 'POST', body: JSON.stringify({ operators: ['nope'] }) });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('unknown operator(s): nope');
    expect((await call(`/runs/${runId}/mutations`, { method: 'POST', body: JSON.stringify({ minScore: 95 }) })).status).toBe(400);
    expect((await call('/runs/run_missing/mutations', { method: 'POST', body: '{}' })).status).toBe(404);
    const runsBefore = (await infra.sql`select id from runs`).length;

    const res = await call(`/runs/${runId}/mutations`, { method: 'POST', body: JSON.stringify({ minScore: 0.5 }) });
    expect(res.status).toBe(201);
    const mutRun = ((await res.json()) as { id: string }).id;
    expect((await infra.sql`select id from runs`).length).toBe(runsBefore + 1);
    expect(await waitForRunStatus(infra.sql, mutRun, ['completed', 'failed'], 60_000)).toBe('completed');
    const list = (await (await call(`/runs/${runId}/mutations`)).json()) as { mutations: { id: string; score: number }[] };
    expect(list.mutations).toHaveLength(1);
    const report = (await (await call(`/mutations/${list.mutations[0]!.id}`)).json()) as { sourceRunId: string; gate: { passed: boolean }; survivors: unknown[] };
    expect(report).toMatchObject({ sourceRunId: runId, gate: { passed: true } });
    expect(report.survivors.length).toBeGreaterThan(0);

    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(`${base}/dashboard/runs/${runId}?token=${token}`);
    await page.click(`#mutations a[href="/dashboard/mutations/${list.mutations[0]!.id}"]`);
    await page.waitForURL(`**/dashboard/mutations/${list.mutations[0]!.id}`);
    expect(await page.locator('[data-score]').textContent()).toMatch(/^\d+\.\d %$/);
    const survivors = await page.locator('#survivors + .scroll tbody tr').allTextContents();
    expect(survivors.some((r) => r.includes('change-count') && r.includes('posti-lecco') && r.includes('no check covers this'))).toBe(true);
    expect(await page.locator('pre').textContent()).toContain('type: fact-match');
    // The page fits a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    expect((await call('/dashboard/mutations/mut_missing')).status).toBe(404);
  });
});
