/** generated_tests: one row per (tender, version, test id). Saving the same version again inserts nothing. */
import { and, asc, eq } from 'drizzle-orm';
import { drizzleOf } from '../db/client.ts';
import { storable } from '../db/storable.ts';
import { generatedTests } from '../db/schema/index.ts';
import { sqlOf, type SqlLike } from '../ingest/ingest.ts';
import type { CaseSpec, Family, GeneratedCase, Provenance } from './types.ts';

export async function saveGeneratedTests(db: SqlLike, tender: { id: string; version: number }, cases: GeneratedCase[]): Promise<{ inserted: number; existing: number }> {
  if (cases.length === 0) return { inserted: 0, existing: 0 };
  // Through `storable`: a case quotes its bando and may hold a generator model's text, either of which can carry a NUL.
  const rows = storable(cases.map((c) => ({ tenderId: tender.id, version: tender.version, testId: c.testId, family: c.family, spec: c.spec, provenance: c.provenance })));
  const inserted = await drizzleOf(sqlOf(db)).insert(generatedTests).values(rows).onConflictDoNothing().returning({ testId: generatedTests.testId });
  return { inserted: inserted.length, existing: cases.length - inserted.length };
}

export async function loadGeneratedTests(db: SqlLike, tenderId: string, version: number): Promise<GeneratedCase[]> {
  const g = generatedTests;
  const rows = await drizzleOf(sqlOf(db))
    .select({ testId: g.testId, family: g.family, spec: g.spec, provenance: g.provenance })
    .from(g)
    .where(and(eq(g.tenderId, tenderId), eq(g.version, version)))
    .orderBy(asc(g.testId));
  return rows.map((r) => ({ testId: r.testId, family: r.family as Family, spec: r.spec as CaseSpec, provenance: r.provenance as Provenance }));
}
