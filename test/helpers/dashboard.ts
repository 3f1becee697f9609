/** The real api with the dashboard mounted, on a free loopback port, for browser tests (and bench:dashboard). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
