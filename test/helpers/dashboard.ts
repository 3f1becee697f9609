/** The real api with the dashboard mounted, on a free loopback port, for browser tests (and bench:dashboard). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { pino } from 'pino';
import { createApp } from '../../services/api/app.ts';
import { dashboardRouter, type DashboardDeps } from '../../services/api/dashboard/index.ts';

export interface DashboardServer {
  base: string;
  close(): Promise<void>;
}

export async function startDashboard(deps: DashboardDeps, token: string): Promise<DashboardServer> {
  const api = createApp({ ...deps, log: pino({ level: 'silent' }), token, extraRouters: [dashboardRouter(deps)] });
  const server = createServer(api.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
    },
  };
}

/** A case's page of the dashboard in a real browser: the case's outcome line and its checks table, as text. */
export async function readCasePage(browser: Browser, deps: DashboardDeps, token: string, runId: string, taskKey: string): Promise<{ head: string; checks: string[] }> {
  const dash = await startDashboard(deps, token);
  try {
    const page = await browser.newPage();
    await page.goto(`${dash.base}/dashboard/runs/${runId}/cases/${encodeURIComponent(taskKey)}?token=${token}`);
    const head = (await page.locator('h4:text("Checks")').locator('xpath=preceding-sibling::p[1]').textContent()) ?? '';
    const checks = await page.locator('table.checks tbody tr').allTextContents();
    await page.close();
    return { head, checks };
  } finally {
    await dash.close();
  }
}
