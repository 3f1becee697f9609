/**
 * One client, one pool: Drizzle and the raw queries share the connections of openDb, all `max` of them at once and
 * never more (the pool connects as a role Postgres limits to `max` connections, so one more would be refused, not
 * missed by a count taken at the wrong moment), closed when the pool is; raw queries keep returning Dates and parsed JSON after Drizzle is built on the same client, and JSON
 * written through Drizzle is stored once-encoded (jsonb_typeof sees objects, arrays, strings, booleans).
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql as frag } from 'drizzle-orm';
import { openDb, type DbHandle } from '../../shared/db/client.ts';
import { runs } from '../../shared/db/schema/index.ts';
import { createTestInfra, holdLock, TEST_PG, type TestInfra } from '../helpers/infra.ts';

let infra: TestInfra;
let h: DbHandle;
let roleUrl: string;
/** The pool's own role, limited by Postgres to MAX connections: a pool that opened one more would be refused (53300). */
const role = `vt_pool_${randomBytes(4).toString('hex')}`;
const password = randomBytes(12).toString('hex');
const MAX = 3;
beforeAll(async () => {
  infra = await createTestInfra('db_client');
  // raw SQL: test set-up (a role of the test's own), not vaglio's query layer
  await infra.sql.unsafe(`create role ${role} login password '${password}' connection limit ${MAX}`);
  await infra.sql.unsafe(`grant select on runs to ${role}`);
  const u = new URL(infra.url);
  u.username = role;
  u.password = password;
  roleUrl = u.toString();
  h = openDb(infra.url, { max: MAX });
});
afterAll(async () => {
  await h?.close();
  await infra?.teardown();
  const admin = postgres(TEST_PG, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop role if exists ${role}`).catch(() => {});
  await admin.end();
});

/** The pool's connections as Postgres sees them (the role is the pool's alone), and how many wait for a lock. */
async function poolBackends(): Promise<{ open: number; waiting: number }> {
  const [r] = await infra.sql<{ open: number; waiting: number }[]>`
    select count(*)::int as open, (count(*) filter (where wait_event_type = 'Lock'))::int as waiting
    from pg_stat_activity where usename = ${role}`;
  return r!;
}

describe('db client', () => {
  it('serves Drizzle and raw queries from one pool of at most max connections, and closes them', async () => {
    // The test holds the runs table, so every query of the pool waits on it with its connection held.
    const unlock = await holdLock(infra.sql, 'lock table runs in access exclusive mode');
    const pool = openDb(roleUrl, { max: MAX });
    try {
      const busy: Promise<number>[] = Array.from({ length: 8 }, (_, i) =>
        i % 2
          ? pool.sql<{ pid: number }[]>`select pg_backend_pid() as pid, count(*) from runs`.then((r) => r[0]!.pid)
          : pool.db.select({ pid: frag<number>`pg_backend_pid()`, n: count() }).from(runs).then((r) => r[0]!.pid),
      );
      // All MAX connections are in use at once (the pool is not one connection), each waiting on the lock...
      await expect.poll(poolBackends).toEqual({ open: MAX, waiting: MAX });
      await unlock();
      // ...and the other queries ran on them in turn: a pool that opened more connections than max would have been
      // refused by Postgres (the role's connection limit), failing its queries here.
      const settled = await Promise.allSettled(busy);
      expect(settled.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []))).toEqual([]);
      const pids = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      expect(new Set(pids).size).toBe(MAX);
      // Finished queries give their connection back: the next one runs on one of the same.
      const [again] = await pool.sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
      expect(pids).toContain(again!.pid);
    } finally {
      await unlock();
      await pool.close();
    }
    await expect.poll(poolBackends).toEqual({ open: 0, waiting: 0 });
  });

  it('writes JSON once-encoded through Drizzle and reads the same through both', async () => {
    const spec = { plan: 'dag', nested: { list: [1, 'due', true, null] }, text: '{"not":"parsed"}' };
    const shared = { arr: [{ a: 1 }], str: 'x', flag: false };
    await h.db.insert(runs).values({ id: 'r1', name: 'n', plan: 'dag', spec, shared });
    const raw = (await h.sql<{ spec: unknown; t: string; created_at: unknown; s: string }[]>`
      select spec, jsonb_typeof(spec) as t, jsonb_typeof(shared->'str') as s, created_at from runs where id = 'r1'`)[0]!;
    expect(raw.t).toBe('object');
    expect(raw.s).toBe('string');
    expect(raw.spec).toEqual(spec);
    expect(raw.created_at).toBeInstanceOf(Date);
    const viaDrizzle = (await h.db.select().from(runs).where(eq(runs.id, 'r1')))[0]!;
    expect(viaDrizzle.spec).toEqual(spec);
    expect(viaDrizzle.shared).toEqual(shared);
    expect(viaDrizzle.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(viaDrizzle.createdAt.getTime() - (raw.created_at as Date).getTime())).toBe(0);
    // Raw writes are read back alike by Drizzle.
    await h.sql`insert into runs (id, name, plan, spec) values ('r2', 'n', 'dag', ${h.sql.json(['a', 1])})`;
    expect((await h.db.select({ spec: runs.spec }).from(runs).where(eq(runs.id, 'r2')))[0]!.spec).toEqual(['a', 1]);
  });
});
