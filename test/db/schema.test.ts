/** The Drizzle mirror and the SQL migrations must describe the same tables and columns. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../shared/db/schema/index.ts';
import { migrate } from '../../shared/db/migrate.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';

let infra: TestInfra;
beforeAll(async () => {
  infra = await createTestInfra('schema');
});
afterAll(async () => infra?.teardown());

const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

describe('database schema', () => {
  it('has every Drizzle table and column in the migrated database', async () => {
    expect(tables.length).toBeGreaterThan(3);
    for (const table of tables) {
      const cfg = getTableConfig(table);
      const cols = await infra.sql<{ column_name: string; is_nullable: string }[]>`
        select column_name, is_nullable from information_schema.columns
        where table_schema = ${cfg.schema ?? 'public'} and table_name = ${cfg.name}`;
      const inDb = new Map(cols.map((c) => [c.column_name, c.is_nullable === 'YES']));
      expect(inDb.size, `table ${cfg.name} missing from migrations`).toBeGreaterThan(0);
      for (const col of cfg.columns) {
        expect(inDb.has(col.name), `${cfg.name}.${col.name} missing from migrations`).toBe(true);
        expect(inDb.get(col.name), `${cfg.name}.${col.name} nullability differs`).toBe(!col.notNull);
      }
    }
  });

  it('re-running migrate applies nothing and is safe under concurrency', async () => {
    const results = await Promise.all([migrate(infra.url), migrate(infra.url), migrate(infra.url)]);
    expect(results.flat()).toEqual([]);
  });
});
