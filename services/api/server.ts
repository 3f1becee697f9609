import type { Server } from 'node:http';
import { childLogger } from '../../shared/logger.ts';
import { exitOnSignals, readConfigOrExit, startServices, type ServiceHandle } from '../../shared/service/main.ts';
import type { ServiceName } from '../../queues/index.ts';
import type { Config } from '../../shared/config.ts';
import { createApp, type MountedApp } from './app.ts';
import { dashboardRouter } from './dashboard/index.ts';
import { loadDailyRequest, upsertDailySchedule } from '../../shared/engine/schedule.ts';

export interface ApiHandle {
  url: string;
  token: string;
  services: ServiceHandle;
  server: Server;
  /** Sub-apps mounted in the app (Bull Board), as mounted: for route walks. */
  mounted: MountedApp[];
  stop(): Promise<void>;
}

/** Start the api (plus, in all-in-one mode, every other service's workers) in this process. */
export async function startApi(
  opts: { services?: ServiceName[]; config?: Config; token?: string; port?: number; handleSignals?: boolean } = {},
): Promise<ApiHandle> {
  const config = opts.config ?? readConfigOrExit();
  const token = opts.token ?? config.VAGLIO_API_TOKEN;
  if (!token) {
    process.stderr.write('VAGLIO_API_TOKEN is not set: the api refuses to start without auth (16+ characters).\n');
    process.exit(2);
  }
  const services = await startServices(opts.services ?? ['api'], config);
  const log = childLogger({ service: 'api' });
  const base = { sql: services.dbh.sql, db: services.dbh.db, redis: services.redis, prefix: config.VAGLIO_PREFIX, config };
  const { app, mounted, close } = createApp({ ...base, log, token, extraRouters: [dashboardRouter(base)] });
  if (config.VAGLIO_DAILY_CRON && config.VAGLIO_DAILY_REQUEST) {
    // Validated now: a bad request file stops start-up instead of failing at 7 a.m.
    const request = await loadDailyRequest(config.VAGLIO_DAILY_REQUEST);
    await upsertDailySchedule(services.redis, config.VAGLIO_PREFIX, config.VAGLIO_DAILY_CRON, request);
    log.info({ cron: config.VAGLIO_DAILY_CRON }, 'daily run scheduled');
  }
  const port = opts.port ?? config.VAGLIO_API_PORT;
  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(port, config.VAGLIO_API_HOST, (err?: Error) => (err ? reject(err) : resolve(s)));
      s.once('error', reject);
    });
  } catch (err) {
    // Port taken (or similar): leave nothing running behind.
    await close();
    await services.stop();
    throw err;
  }
  const addr = server.address();
  const url = `http://${config.VAGLIO_API_HOST}:${typeof addr === 'object' && addr ? addr.port : port}`;
  log.info({ url }, 'api listening');
  const stop = async () => {
    await new Promise<void>((r) => server.close(() => r()));
    await close();
    await services.stop();
  };
  if (opts.handleSignals !== false) exitOnSignals(stop);
  return { url, token, services, server, mounted, stop };
}
