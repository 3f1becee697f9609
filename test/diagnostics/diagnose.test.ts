/** diagnose() on vector sets whose properties are known by construction. */
import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnostics/diagnose.ts';
import type { VectorRecord } from '../../shared/diagnostics/types.ts';
import { clustered, stream } from './fixtures.ts';

describe('diagnose: silhouette by document', () => {
  it('is high for well-separated documents and the verdict is ok', async () => {
    const records = clustered({ docs: 40, chunks: 6, dim: 32, noise: 0.15, seed: 1 });
    const report = await diagnose(stream(records), { sampleSize: 500, seed: 7 });
    expect(report.metrics.silhouette.value).toBeGreaterThan(0.5);
    expect(report.metrics.silhouette.points).toBe(240);
    expect(report.metrics.cohesion.lessCohesiveThanNeighbour).toBe(0);
    expect(report.verdict).toBe('ok');
    expect(report.failed).toEqual([]);
  });

  it('is low when every chunk sits near one point, and minSilhouette fails with the observed value', async () => {
    const records = clustered({ docs: 40, chunks: 6, dim: 32, noise: 0.01, collapse: 0, seed: 2 });
    // A strict silhouette bar (the default tolerates a slightly negative one, see thresholds.ts).
    const report = await diagnose(stream(records), { sampleSize: 500, seed: 7, thresholds: { minSilhouette: 0.05 } });
    const value = report.metrics.silhouette.value;
    expect(value).not.toBeNull();
    expect(value!).toBeLessThan(0.1);
    expect(report.verdict).toBe('ko');
    const failed = report.failed.find((c) => c.name === 'minSilhouette');
    expect(failed).toMatchObject({ threshold: 0.05, observed: value });
    // Every chunk is a near duplicate of chunks in other documents.
    expect(report.metrics.nearDuplicates.share).toBeGreaterThan(0.9);
    expect(report.failed.map((c) => c.name)).toContain('maxNearDuplicateShare');
  });

  it('excludes documents with a single sampled chunk and reports the sample', async () => {
    const records = [
      ...clustered({ docs: 10, chunks: 4, dim: 16, noise: 0.1, seed: 3 }),
      ...clustered({ docs: 5, chunks: 1, dim: 16, noise: 0.1, seed: 4 }).map((r) => ({ ...r, docId: `s${r.docId}`, id: `s${r.id}` })),
    ];
    const report = await diagnose(stream(records), { sampleSize: 1000 });
    expect(report.metrics.silhouette).toMatchObject({ points: 40, documents: 10, singletonDocumentsExcluded: 5 });
    expect(report.metrics.sampling).toMatchObject({ sampledVectors: 45, sampledDocuments: 15, sampleSize: 1000 });
  });

  it('samples deterministically: same seed, same figures; the sample is bounded by sampleSize', async () => {
    const records = clustered({ docs: 200, chunks: 10, dim: 16, noise: 0.3, seed: 5 });
    const a = await diagnose(stream(records), { sampleSize: 300, seed: 11 });
    const b = await diagnose(stream(records), { sampleSize: 300, seed: 11 });
    const c = await diagnose(stream(records), { sampleSize: 300, seed: 12 });
    expect(a.metrics.sampling.sampledVectors).toBe(300);
    expect(a.metrics.silhouette).toEqual(b.metrics.silhouette);
    expect(a.metrics.cohesion).toEqual(b.metrics.cohesion);
    expect(c.metrics.cohesion.worst).not.toEqual(a.metrics.cohesion.worst);
  });
});

describe('diagnose: broken vectors', () => {
  it('counts null, empty, zero, NaN and Infinity vectors exactly and fails their thresholds', async () => {
    const records: VectorRecord[] = clustered({ docs: 20, chunks: 5, dim: 8, noise: 0.1, seed: 6 });
    records.push({ id: 'n1', docId: 'x', vector: null }, { id: 'n2', docId: 'x', vector: [] });
    for (let i = 0; i < 3; i++) records.push({ id: `z${i}`, docId: `z${i}`, vector: new Float32Array(8) });
    records.push({ id: 'nan', docId: 'y', vector: [1, NaN, 0, 0, 0, 0, 0, 0] });
    records.push({ id: 'inf', docId: 'y', vector: [1, 0, -Infinity, 0, 0, 0, 0, 0] });
    const report = await diagnose(stream(records), { sampleSize: 200 });
    const m = report.metrics;
    expect(m.objects).toBe(107);
    expect(m.nullVectors).toBe(2);
    expect(m.zeroVectors).toBe(3);
    expect(m.nonFiniteVectors).toBe(2);
    expect(m.dimension).toMatchObject({ expected: 8, mismatched: 0 });
    expect(report.failed.map((c) => c.name).sort()).toEqual(['maxNonFiniteShare', 'maxNullShare', 'maxZeroShare']);
    expect(report.failed.find((c) => c.name === 'maxZeroShare')?.observed).toBeCloseTo(3 / 107);
  });

  it('counts dimension mismatches against the most frequent dimension', async () => {
    const records = clustered({ docs: 10, chunks: 5, dim: 12, noise: 0.1, seed: 8 });
    records.push({ id: 'a', docId: 'q', vector: [1, 2, 3] }, { id: 'b', docId: 'q', vector: new Float32Array(768).fill(0.1) });
    const report = await diagnose(stream(records), { thresholds: { maxDimensionMismatchShare: 0.05 } });
    expect(report.metrics.dimension).toEqual({ expected: 12, mismatched: 2, counts: { '12': 50, '3': 1, '768': 1 } });
    expect(report.checks.find((c) => c.name === 'maxDimensionMismatchShare')).toMatchObject({ status: 'pass' });
    const strict = await diagnose(stream(records));
    expect(strict.failed.map((c) => c.name)).toEqual(['maxDimensionMismatchShare']);
  });

  it('fails an empty collection and skips what it cannot compute', async () => {
    const report = await diagnose(stream([]));
    expect(report.verdict).toBe('ko');
    expect(report.failed.map((c) => c.name)).toEqual(['minObjects']);
    expect(report.checks.find((c) => c.name === 'minSilhouette')?.status).toBe('skipped');
    expect(report.checks.find((c) => c.name === 'maxCentroidShift')?.status).toBe('skipped');
  });

  it('flags norm outliers', async () => {
    const records = clustered({ docs: 20, chunks: 10, dim: 8, noise: 0.1, seed: 9 }).map((r) => ({
      ...r,
      vector: (r.vector as number[]).map((x, _, v) => x / Math.hypot(...v)),
    }));
    for (let i = 0; i < 20; i++) (records[i * 10]!.vector as number[]).forEach((_, j, v) => (v[j]! *= 40));
    const report = await diagnose(stream(records), { sampleSize: 1000 });
    expect(report.metrics.norms?.outliers.count).toBe(20);
    expect(report.metrics.norms?.max).toBeCloseTo(40, 4);
    expect(report.failed.map((c) => c.name)).toEqual(['maxNormOutlierShare']);
  });
});

describe('diagnose: duplicates', () => {
  it('finds exact duplicates across documents and ignores those within one document', async () => {
    const records = clustered({ docs: 30, chunks: 4, dim: 16, noise: 0.2, seed: 10 });
    const v = (i: number) => Array.from(records[i]!.vector as number[]);
    // Within one document: d0-c0 repeated in d0 (not a cross-document duplicate).
    records.push({ id: 'same-doc', docId: 'd0', vector: v(0) });
    // Across documents: d1-c0's vector also in d2 and d3 (a group of 3), d4-c0's also in d5 (a group of 2).
    records.push({ id: 'x1', docId: 'd2', vector: v(4) }, { id: 'x2', docId: 'd3', vector: new Float32Array(v(4)) });
    records.push({ id: 'x3', docId: 'd5', vector: v(16) });
    const report = await diagnose(stream(records), { sampleSize: 1000 });
    expect(report.metrics.exactDuplicates).toMatchObject({ groups: 2, vectors: 5, complete: true });
    expect(report.metrics.exactDuplicates.share).toBeCloseTo(5 / 124);
    expect(report.metrics.nearDuplicates.vectors).toBe(5);
    expect(report.metrics.nearDuplicates.pairs).toBe(4);
  });
});
