/**
 * Per-test-file infrastructure: a fresh Postgres database (migrated) and a private BullMQ prefix on the
 * real Redis and Postgres of this machine (127.0.0.1 unless TEST_DATABASE_ADMIN_URL / TEST_REDIS_URL say
 * otherwise). Never mocks: BullMQ's Lua scripts only run on a real Redis.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { Redis } from 'ioredis';
import { migrate } from '../../shared/db/migrate.ts';
import { openDb, type DbHandle } from '../../shared/db/client.ts';
import { redisConnection } from '../../shared/engine/connections.ts';

export const TEST_PG = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestInfra extends DbHandle {
  name: string;
  url: string;
  prefix: string;
  redisUrl: string;
  /** Env for child processes / loadConfig pointing at this database and prefix. */
  env: Record<string, string>;
  teardown(): Promise<void>;
}

function slug(name: string) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '_').slice(0, 30);
}

export async function createTestInfra(name: string): Promise<TestInfra> {
  const id = `vt_${slug(name)}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(TEST_PG, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${id}"`);
  await admin.end();
  const u = new URL(TEST_PG);
  u.pathname = `/${id}`;
  const url = u.toString();
  await migrate(url);
  const handle = openDb(url, { max: 5 });
  const prefix = id;
  // Report files go to a folder of the test's own, removed at teardown (not into the checkout's reports/).
  const reportDir = mkdtempSync(path.join(tmpdir(), `${id}-reports-`));
  const env = { DATABASE_URL: url, VAGLIO_REDIS_URL: TEST_REDIS, VAGLIO_PREFIX: prefix, VAGLIO_LOG_LEVEL: 'warn', VAGLIO_REPORT_DIR: reportDir };
  return {
    ...handle,
    name: id,
    url,
    prefix,
    redisUrl: TEST_REDIS,
    env,
    async teardown() {
      await handle.close();
      await dropPrefix(prefix);
      const a = postgres(TEST_PG, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists "${id}" with (force)`).catch(() => {});
      await a.end();
      rmSync(reportDir, { recursive: true, force: true });
    },
  };
}

/** A test file's infra with a Redis connection (what submitRun and BullMQ's queues are given). */
export interface TestInfraWithRedis extends TestInfra {
  redis: Redis;
}

/** createTestInfra and a Redis connection; `teardown` disconnects it, then drops the database and prefix. */
export async function createTestInfraWithRedis(name: string): Promise<TestInfraWithRedis> {
  const infra = await createTestInfra(name);
  const redis = redisConnection(infra.redisUrl);
  return {
    ...infra,
    redis,
    async teardown() {
      redis.disconnect();
      await infra.teardown();
    },
  };
}

/** Delete every Redis key under a BullMQ prefix. */
export async function dropPrefix(prefix: string): Promise<void> {
  const r = new Redis(TEST_REDIS, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await r.del(...keys);
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
}

/**
 * Runs `statement` (a `lock table …`) in a transaction of `sql` kept open until the returned function is called;
 * resolves once the lock is held. That function ends the transaction and resolves when it has.
 */
export async function holdLock(sql: postgres.Sql, statement: string): Promise<() => Promise<void>> {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  let locked = () => {};
  const isLocked = new Promise<void>((r) => (locked = r));
  const holder = sql.begin(async (tx) => {
    await tx.unsafe(statement);
    locked();
    await held;
  });
  await Promise.race([isLocked, holder]);
  return async () => {
    release();
    await holder;
  };
}
