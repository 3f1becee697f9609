/**
 * One client, one pool: Drizzle and the raw queries share the connections of openDb (never more than its
 * `max`), raw queries keep returning Dates and parsed JSON after Drizzle is built on the same client, and JSON
 * written through Drizzle is stored once-encoded (jsonb_typeof sees objects, arrays, strings, booleans).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDb, type DbHandle } from '../../shared/db/client.ts';
import { runs } from '../../shared/db/schema/index.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';

let infra: TestInfra;
let h: DbHandle;
beforeAll(async () => {
  infra = await createTestInfra('db_client');
  h = openDb(infra.url, { max: 3 });
});
afterAll(async () => {
  await h?.close();
  await infra?.teardown();
});

const dbName = () => new URL(infra.url).pathname.slice(1);

describe('db client', () => {
  it('serves Drizzle and raw queries from one pool of at most max connections', async () => {
    const busy = Array.from({ length: 8 }, (_, i) =>
      i % 2 ? h.sql`select pg_sleep(0.2), 1 as x` : h.db.select({ id: runs.id }).from(runs).where(eq(runs.id, `none-${i}`)),
    );
    const during = new Promise<number>((resolve) =>
      setTimeout(async () => {
        const n = await infra.sql<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where datname = ${dbName()} and pid <> pg_backend_pid()`;
        resolve(n[0]!.n - 1); // less the test's own infra connection
      }, 100),
    );
    await Promise.all(busy);
    expect(await during).toBeLessThanOrEqual(3);
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
