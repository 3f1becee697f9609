/**
 * The thin, identical start-up of every service: config, connections, workers, health, graceful shutdown.
 * `services/<name>/index.ts` is one call to this; the all-in-one mode passes several services.
 */
import http from 'node:http';
import { config as loadConfig, ConfigError, type Config } from '../config.ts';
import { openDb, pingDb, type DbHandle } from '../db/client.ts';
import { childLogger } from '../logger.ts';
import { redisConnection } from '../engine/connections.ts';
import { queuesOf, type QueueName, type ServiceName } from '../../queues/index.ts';
import { startWorkers, type WorkerPool } from './workers.ts';
import type { Redis } from 'ioredis';

export interface ServiceHandle {
  config: Config;
  dbh: DbHandle;
  redis: Redis;
  pool: WorkerPool;
  stop(): Promise<void>;
}

export function readConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}

export async function startServices(services: ServiceName[], cfg: Config = readConfigOrExit()): Promise<ServiceHandle> {
  const name = services.length === 1 ? (services[0] as string) : 'all-in-one';
  const log = childLogger({ service: name });
  const dbh = openDb(cfg.DATABASE_URL);
  const redis = redisConnection(cfg.VAGLIO_REDIS_URL);
  const queues = [...new Set(services.flatMap((s) => queuesOf(s)))] as QueueName[];
  const pool = await startWorkers({ name, queues, config: cfg, dbh, redis, log });
  log.info({ queues, workerId: pool.workerId }, 'service started');
  let stopped = false;
  return {
    config: cfg,
    dbh,
    redis,
    pool,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pool.close();
      await dbh.close();
      redis.disconnect();
    },
  };
}

/** Health endpoint for container probes (VAGLIO_HEALTH_PORT; 0 = off). */
export function serveHealth(h: ServiceHandle, port: number): http.Server | undefined {
  if (!port) return undefined;
  const server = http.createServer(async (_req, res) => {
    const checks = {
      workers: h.pool.isRunning(),
      redis: await h.redis.ping().then(() => true, () => false),
      postgres: await pingDb(h.dbh.sql),
    };
    const ok = Object.values(checks).every(Boolean);
    res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok, workerId: h.pool.workerId, checks }));
  });
  server.listen(port);
  return server;
}

/** SIGTERM/SIGINT: stop taking jobs, let active ones finish within the bound, then exit. */
export function exitOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (sig: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    childLogger({}).info({ signal: sig }, 'shutting down');
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}

/** Entry point body shared by every worker service. */
export async function runServiceMain(service: ServiceName): Promise<void> {
  const h = await startServices([service]);
  const health = serveHealth(h, h.config.VAGLIO_HEALTH_PORT);
  exitOnSignals(async () => {
    health?.close();
    await h.stop();
  });
}
