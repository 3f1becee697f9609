/** The real api with the dashboard mounted, listening on a free port, for browser tests of dashboard pages. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createApp } from '../../services/api/app.ts';
import { dashboardRouter } from '../../services/api/dashboard/index.ts';
import { loadConfig, type Config } from '../../shared/config.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import type { TestInfra } from './infra.ts';

export interface DashboardApi {
  base: string;
  config: Config;
  close(): Promise<void>;
}

export async function startDashboardApi(infra: TestInfra, token: string, env: Record<string, string> = {}): Promise<DashboardApi> {
  const config = loadConfig({ ...infra.env, VAGLIO_LOG_LEVEL: 'silent', ...env });
  const redis = redisConnection(infra.redisUrl);
  const deps = { sql: infra.sql, db: infra.db, redis, prefix: infra.prefix, config };
  const api = createApp({ ...deps, log: pino({ level: 'silent' }), token, extraRouters: [dashboardRouter(deps)] });
  const server = createServer(api.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    config,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
      redis.disconnect();
    },
  };
}
