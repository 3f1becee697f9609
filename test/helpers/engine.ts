/** Start real workers (in this process or as child processes) against a test file's infra. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { loadConfig, type Config } from '../../shared/config.ts';
import { openDb } from '../../shared/db/client.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import { startWorkers, type WorkerPool } from '../../shared/service/workers.ts';
import type { QueueName } from '../../queues/index.ts';
import type { Sql } from '../../shared/db/client.ts';
import type { TestInfra } from './infra.ts';
import type { Redis } from 'ioredis';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * How long a test waits for a condition (a process up, a task running, a run finished). Up to 8 engineers run
 * tests on 2 shared cores, so a wait is a generous ceiling, never a measure of speed: a test fails because
 * the condition never came, not because the machine was slow.
 */
export const PATIENCE_MS = 5 * 60_000;

/** Stall detection and reconciliation in seconds, so a killed worker's jobs are picked up within a test's time. */
export const FAST_STALL = { VAGLIO_STALLED_INTERVAL_MS: '1500', VAGLIO_LOCK_DURATION_MS: '2000', VAGLIO_RECONCILE_INTERVAL_MS: '1000' };

export function testConfig(infra: TestInfra, extra: Record<string, string> = {}): Config {
  return loadConfig({ ...infra.env, VAGLIO_LOG_LEVEL: 'silent', ...extra });
}

export interface InProcessWorkers {
  pool: WorkerPool;
  redis: Redis;
  config: Config;
  stop(): Promise<void>;
}

export async function startTestWorkers(
  infra: TestInfra,
  queues: QueueName[],
  extra: Record<string, string> = {},
  concurrency?: Partial<Record<QueueName, number>>,
): Promise<InProcessWorkers> {
  const config = testConfig(infra, extra);
  const dbh = openDb(config.DATABASE_URL, { max: 5 });
  const redis = redisConnection(config.VAGLIO_REDIS_URL);
  const pool = await startWorkers({ name: 'test', queues, config, dbh, redis, concurrency });
  return {
    pool,
    redis,
    config,
    async stop() {
      await pool.close(5_000);
      await dbh.close();
      redis.disconnect();
    },
  };
}

/** A service as its own OS process, exactly as `npm run start:<service>` runs it. */
export function spawnService(service: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services', service, 'index.ts')], {
    cwd: ROOT,
    env: { ...process.env, VAGLIO_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (d: Buffer) => {
    if (process.env.VAGLIO_TEST_VERBOSE) process.stderr.write(`[${service}:${child.pid}] ${d.toString()}`);
  });
  child.stdout?.on('data', () => {});
  return child;
}

/** Every one of `children` (spawned services) has registered its worker row, so each can take jobs. */
export async function waitForWorkerProcesses(sql: Sql, children: ChildProcess[], timeoutMs = PATIENCE_MS): Promise<void> {
  await waitFor(`${children.length} worker processes up`, async () => {
    const rows = await sql<{ id: string }[]>`select id from workers where stopped_at is null and last_seen > now() - interval '10 seconds'`;
    return children.every((c) => rows.some((r) => r.id.includes(`.${c.pid}.`)));
  }, timeoutMs, 50);
}

export async function killAndWait(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const v = await fn();
      if (v !== undefined && v !== false) return v as T;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
}

export async function waitForRunStatus(sql: Sql, runId: string, statuses: string[], timeoutMs = 30_000): Promise<string> {
  return waitFor(`run ${runId} to be ${statuses.join('|')}`, async () => {
    const r = (await sql<{ status: string }[]>`select status from runs where id = ${runId}`)[0];
    return r && statuses.includes(r.status) ? r.status : undefined;
  }, timeoutMs);
}

export async function taskRows(sql: Sql, runId: string) {
  const rows = await sql<
    {
      task_key: string;
      kind: string;
      status: string;
      executions: number;
      attempts: number;
      job_id: string | null;
      started_at: Date | null;
      finished_at: Date | null;
      cancel_reason: string | null;
      worker_id: string | null;
    }[]
  >`select task_key, kind, status, executions, attempts, job_id, started_at, finished_at, cancel_reason, worker_id from tasks where run_id = ${runId}`;
  return new Map(rows.map((r) => [r.task_key, r]));
}

type TaskRows = Awaited<ReturnType<typeof taskRows>>;

/**
 * SIGKILL `victim` (a member of `pool`) while the run goes on, put `respawn()` in its place, and wait for the run
 * to end and every task row to settle (_finalize marks the run just before its own row). Returns the task rows
 * at the kill and at the end, and the run's final status.
 */
export async function killMidRun(
  sql: Sql,
  runId: string,
  pool: ChildProcess[],
  victim: ChildProcess,
  respawn: () => ChildProcess,
): Promise<{ atKill: TaskRows; rows: TaskRows; status: string }> {
  const atKill = await taskRows(sql, runId);
  await killAndWait(victim, 'SIGKILL');
  pool[pool.indexOf(victim)] = respawn();
  const status = await waitForRunStatus(sql, runId, ['completed', 'failed', 'canceled'], PATIENCE_MS);
  const rows = await waitFor('every task settled', async () => {
    const r = await taskRows(sql, runId);
    return [...r.values()].every((t) => t.status !== 'running' && t.status !== 'queued') ? r : undefined;
  }, PATIENCE_MS);
  return { atKill, rows, status };
}

