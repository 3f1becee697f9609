/**
 * Plain numbered SQL migrations (infra/migrations/NNNN_name.sql), applied in order, each in its own
 * transaction, under a Postgres advisory lock so replicas starting together cannot race. A file is never
 * edited once applied: its checksum is recorded and a changed file stops the migration with an error.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../infra/migrations');
const LOCK_ID = 7_311_642_001; // arbitrary constant shared by every vaglio process

export async function migrate(url: string, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort();
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  const applied: string[] = [];
  try {
    // raw SQL: the migration runner (advisory lock, DDL files, its own bookkeeping table) runs before the schema Drizzle mirrors exists
    await sql`select pg_advisory_lock(${LOCK_ID})`;
    await sql`create table if not exists vaglio_migrations (
      name text primary key, checksum text not null, applied_at timestamptz not null default now())`;
    const done = new Map((await sql<{ name: string; checksum: string }[]>`select name, checksum from vaglio_migrations`).map((r) => [r.name, r.checksum]));
    for (const file of files) {
      const text = await readFile(path.join(dir, file), 'utf8');
      const checksum = createHash('sha256').update(text).digest('hex');
      const prev = done.get(file);
      if (prev !== undefined) {
        if (prev !== checksum) throw new Error(`migration ${file} was edited after it was applied (checksum differs)`);
        continue;
      }
      await sql.begin(async (tx) => {
        // raw SQL: the migration runner (advisory lock, DDL files, its own bookkeeping table) runs before the schema Drizzle mirrors exists
        await tx.unsafe(text);
        await tx`insert into vaglio_migrations (name, checksum) values (${file}, ${checksum})`;
      });
      applied.push(file);
    }
  } finally {
    await sql`select pg_advisory_unlock(${LOCK_ID})`.catch(() => {});
    await sql.end({ timeout: 5 });
  }
  return applied;
}
