/** Results stored per run, read back as `previous` for drift: centroid shift and share of changed vectors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnostics/diagnose.ts';
import { listDiagnostics, previousDiagnostics, saveDiagnostics } from '../../shared/diagnostics/store.ts';
import type { VectorRecord } from '../../shared/diagnostics/types.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { clustered, stream } from './fixtures.ts';

let infra: TestInfra;
beforeAll(async () => {
  infra = await createTestInfra('diagnostics store drift');
  for (const id of ['r1', 'r2', 'r3', 'r4']) {
    await infra.sql`insert into runs (id, name, plan, spec) values (${id}, ${id}, 'diagnostics', '{}'::jsonb)`;
  }
});
afterAll(async () => infra?.teardown());

const base = clustered({ docs: 30, chunks: 5, dim: 16, noise: 0.1, seed: 41 });

describe('diagnostics storage and drift', () => {
  it('has no previous result for a new collection', async () => {
    expect(await previousDiagnostics(infra.db, 'never-seen')).toBeNull();
  });

  it('reports no drift between two runs over the same vectors', async () => {
    const first = await diagnose(stream(base), { fingerprintSize: 1000 });
    await saveDiagnostics(infra.db, 'r1', 'bandi', first);
    const previous = await previousDiagnostics(infra.db, 'bandi');
    expect(previous).toMatchObject({ runId: 'r1', verdict: 'ok', failed: [] });
    expect(previous!.metrics?.silhouette.value).toBe(first.metrics.silhouette.value);
    const second = await diagnose(stream(base), { fingerprintSize: 1000, previous });
    expect(second.metrics.drift?.centroidShift).toBeCloseTo(0, 6);
    expect(second.metrics.drift?.fingerprint).toEqual({ compared: 150, changed: 0, changedShare: 0, added: 0, removed: 0 });
    expect(second.verdict).toBe('ok');
    await saveDiagnostics(infra.db, 'r2', 'bandi', second);
  });

  it('counts changed, added and removed vectors and fails a centroid shift', async () => {
    const shift = new Array(16).fill(0).map((_, i) => (i === 0 ? 3 : 0));
    const changed = new Set(base.slice(0, 20).map((r) => r.id));
    const next: VectorRecord[] = base
      .slice(5) // 5 ids removed (20 changed ones minus 5 removed = 15 compared and changed)
      .map((r) => (changed.has(r.id) ? { ...r, vector: (r.vector as number[]).map((x, i) => x + shift[i]!) } : r));
    next.push(...clustered({ docs: 1, chunks: 3, dim: 16, noise: 0.1, seed: 42 }).map((r) => ({ ...r, id: `new-${r.id}` })));
    const previous = await previousDiagnostics(infra.db, 'bandi');
    expect(previous?.runId).toBe('r2');
    const report = await diagnose(stream(next), { fingerprintSize: 1000, previous, thresholds: { maxCentroidShift: 0.01, maxChangedShare: 0.05 } });
    expect(report.metrics.drift?.fingerprint).toEqual({ compared: 145, changed: 15, changedShare: 15 / 145, added: 3, removed: 5 });
    expect(report.metrics.drift?.centroidShift).toBeGreaterThan(0.01);
    expect(report.failed.map((c) => c.name).sort()).toEqual(['maxCentroidShift', 'maxChangedShare']);
    await saveDiagnostics(infra.db, 'r3', 'bandi', report);
    const trend = await listDiagnostics(infra.db, 'bandi');
    expect(trend.map((t) => [t.runId, t.verdict])).toEqual([
      ['r3', 'ko'],
      ['r2', 'ok'],
      ['r1', 'ok'],
    ]);
    expect(trend[0]!.failed.map((c) => c.name).sort()).toEqual(['maxCentroidShift', 'maxChangedShare']);
  });

  it('keeps the fingerprint bounded, and a bounded sketch still compares the same ids', async () => {
    const many = clustered({ docs: 100, chunks: 10, dim: 8, noise: 0.2, seed: 43 });
    const first = await diagnose(stream(many), { fingerprintSize: 64 });
    await saveDiagnostics(infra.db, 'r4', 'big', first);
    const rows = await infra.sql<{ n: number }[]>`select count(*)::int as n from diagnostics_fingerprints where collection = 'big'`;
    expect(rows[0]?.n).toBe(64);
    const edited = many.map((r) => ({ ...r, vector: (r.vector as number[]).map((x) => x * 2) })); // every hash changes
    const report = await diagnose(stream(edited), { fingerprintSize: 64, previous: await previousDiagnostics(infra.db, 'big') });
    expect(report.metrics.drift?.fingerprint).toEqual({ compared: 64, changed: 64, changedShare: 1, added: 0, removed: 0 });
    // Scaling does not move the centroid of unit vectors.
    expect(report.metrics.drift?.centroidShift).toBeCloseTo(0, 6);
  });

  it('stores ids holding a NUL with ␀ in its place, and the next run compares them as unchanged', async () => {
    for (const id of ['n1', 'n2']) await infra.sql`insert into runs (id, name, plan, spec) values (${id}, ${id}, 'diagnostics', '{}'::jsonb)`;
    // A vector store's ids are its own: here each holds a NUL.
    const withNul = clustered({ docs: 12, chunks: 4, dim: 8, noise: 0.1, seed: 44 }).map((r) => ({ ...r, id: `${r.id}\u0000c`, docId: `${r.docId}\u0000d` }));
    await saveDiagnostics(infra.db, 'n1', 'nul-ids', await diagnose(stream(withNul), { fingerprintSize: 1000 }));
    const previous = await previousDiagnostics(infra.db, 'nul-ids');
    expect(previous).toMatchObject({ runId: 'n1' });
    expect(previous!.fingerprint?.entries).toHaveLength(48);
    expect(previous!.fingerprint?.entries.every(([id]) => id.endsWith('\u2400c'))).toBe(true);
    expect(previous!.metrics?.cohesion.worst.length).toBeGreaterThan(0);
    expect(previous!.metrics?.cohesion.worst.every((w) => w.docId.endsWith('\u2400d'))).toBe(true);
    const second = await diagnose(stream(withNul), { fingerprintSize: 1000, previous });
    expect(second.metrics.drift?.fingerprint).toEqual({ compared: 48, changed: 0, changedShare: 0, added: 0, removed: 0 });
    await saveDiagnostics(infra.db, 'n2', 'nul-ids', second);
    expect((await listDiagnostics(infra.db, 'nul-ids')).map((d) => d.runId)).toEqual(['n2', 'n1']);
  });
});
