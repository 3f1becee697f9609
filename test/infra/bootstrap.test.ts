/**
 * When the configured Redis and Postgres do not answer, the main command starts private ones (embedded
 * Postgres from npm, redis-server from PATH) in its data folder, migrated and ready.
 */
import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { closedFolderFor, embeddedPostgresClosedFolder, ensureInfra } from '../../shared/bootstrap.ts';

// As root, embedded Postgres runs as the `postgres` user: a checkout under a mode-700 folder (`mktemp -d`) keeps it out.
const closed = embeddedPostgresClosedFolder(path.join(tmpdir(), 'vaglio-boot-x'));

describe('infrastructure bootstrap', () => {
  it('finds the folder a user cannot enter on the way to a path', () => {
    const top = mkdtempSync(path.join(tmpdir(), 'vaglio-perm-'));
    mkdirSync(path.join(top, 'a/b'), { recursive: true });
    const stranger = { uid: 54_321, gid: 54_321 };
    chmodSync(top, 0o700);
    expect(closedFolderFor(path.join(top, 'a/b/bin'), stranger)).toBe(top);
    chmodSync(top, 0o711);
    expect(closedFolderFor(path.join(top, 'a/b/bin'), stranger)).toBeUndefined();
  });

  const skipReason = closed ? ` (skipped: running as root in a checkout under ${closed}, which the postgres user cannot enter; the main command says so and how to fix it)` : '';
  it.skipIf(!!closed)(`starts private Postgres and Redis when the configured ones do not answer${skipReason}`, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vaglio-boot-'));
    const infra = await ensureInfra({ databaseUrl: 'postgres://postgres@127.0.0.1:1/vaglio', redisUrl: 'redis://127.0.0.1:1', dataDir });
    try {
      expect(infra.started).toHaveLength(2);
      expect(infra.redisUrl).not.toBe('redis://127.0.0.1:1');
      const r = new Redis(infra.redisUrl);
      expect(await r.ping()).toBe('PONG');
      r.disconnect();
      const sql = postgres(infra.databaseUrl, { max: 1, onnotice: () => {} });
      const tables = await sql`select table_name from information_schema.tables where table_name in ('runs', 'tasks')`;
      expect(tables.length).toBe(2);
      await sql.end();
    } finally {
      await infra.stop();
    }
  });

  it('uses the configured services when they answer', async () => {
    const infra = await ensureInfra({
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/vaglio_boot_local',
      redisUrl: 'redis://127.0.0.1:6379',
      dataDir: mkdtempSync(path.join(tmpdir(), 'vaglio-boot-')),
    });
    expect(infra.started).toEqual([]);
    expect(infra.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/vaglio_boot_local');
    await infra.stop();
    const admin = postgres('postgres://postgres@127.0.0.1:5432/postgres', { max: 1, onnotice: () => {} });
    await admin.unsafe('drop database if exists vaglio_boot_local with (force)');
    await admin.end();
  });
});
