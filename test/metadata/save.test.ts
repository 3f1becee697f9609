/** saveMetadataVerdict upserts one row per (run, tender) in the real Postgres. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveMetadataVerdict, verifyTender } from '../../shared/metadata/index.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { meta } from './helpers.ts';

let infra: TestInfra;
beforeAll(async () => {
  infra = await createTestInfra('metadata-save');
});
afterAll(async () => infra?.teardown());

describe('saveMetadataVerdict', () => {
  it('stores the verdict and overwrites it when the same run checks the tender again', async () => {
    const text = 'Concorso pubblico per n. 3 posti. La domanda va presentata entro il 31 gennaio 2027.';
    await saveMetadataVerdict(infra.db, 'run1', await verifyTender(text, meta({ posts: 2 })));
    let rows = await infra.sql<{ verdict: string; discrepancies: { field: string }[] }[]>`select verdict, discrepancies from metadata_checks where run_id = 'run1' and tender_id = 'T1'`;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.verdict).toBe('ko');
    expect(rows[0]?.discrepancies.map((d) => d.field)).toEqual(['posts']);
    await saveMetadataVerdict(infra.db, 'run1', await verifyTender(text, meta({ posts: 3 })));
    rows = await infra.sql`select verdict, discrepancies from metadata_checks where run_id = 'run1'`;
    expect(rows.map((r) => r.verdict)).toEqual(['ok']);
  });

  it("stores a verdict whose text holds a NUL (a model's reply, the metadata) with ␀ in its place", async () => {
    const text = 'Concorso pubblico per n. 3 posti. La domanda va presentata entro il 31 gennaio 2027.';
    const verdict = await verifyTender(text, meta({ posts: 2 }));
    const note = { kind: 'unverified' as const, message: 'the resolver answered «3\u0000 posti»', evidence: [] };
    await saveMetadataVerdict(infra.db, 'run-nul', { ...verdict, notes: [...verdict.notes, note] });
    const rows = await infra.sql<{ verdict: string; notes: { message: string }[] }[]>`select verdict, notes from metadata_checks where run_id = 'run-nul'`;
    expect(rows.map((r) => r.verdict)).toEqual(['ko']);
    expect(rows[0]?.notes.map((n) => n.message)).toContain('the resolver answered «3\u2400 posti»');
  });
});
