/** generated_tests: one row per (tender, version, test id). Saving the same version again inserts nothing. */
import type { Sql } from '../db/client.ts';
import { sqlOf, type SqlLike } from '../ingest/ingest.ts';
import type { CaseSpec, Family, GeneratedCase, Provenance } from './types.ts';

export async function saveGeneratedTests(db: SqlLike, tender: { id: string; version: number }, cases: GeneratedCase[]): Promise<{ inserted: number; existing: number }> {
  const sql: Sql = sqlOf(db);
  if (cases.length === 0) return { inserted: 0, existing: 0 };
  const rows = cases.map((c) => ({
    tender_id: tender.id,
    version: tender.version,
    test_id: c.testId,
    family: c.family,
    spec: sql.json(c.spec as never),
    provenance: sql.json(c.provenance as never),
  }));
  const inserted = await sql`insert into generated_tests ${sql(rows as never[])}
    on conflict (tender_id, version, test_id) do nothing returning test_id`;
  return { inserted: inserted.length, existing: cases.length - inserted.length };
}

export async function loadGeneratedTests(db: SqlLike, tenderId: string, version: number): Promise<GeneratedCase[]> {
  const sql = sqlOf(db);
  const rows = await sql<{ test_id: string; family: Family; spec: CaseSpec; provenance: Provenance }[]>`
    select test_id, family, spec, provenance from generated_tests
    where tender_id = ${tenderId} and version = ${version} order by test_id`;
  return rows.map((r) => ({ testId: r.test_id, family: r.family, spec: r.spec, provenance: r.provenance }));
}
