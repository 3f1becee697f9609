/**
 * The default thresholds on a tender-like collection: documents sharing word-for-word boilerplate chunks
 * (identical vectors across bandi) pass; zero vectors and a sudden rise of duplicates since the previous run fail.
 */
import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnostics/diagnose.ts';
import type { VectorRecord } from '../../shared/diagnostics/types.ts';
import { clustered, stream } from './fixtures.ts';

/** `own` chunks per bando around its centre, plus `boiler` articles identical in every bando. */
function tenders(opts: { docs: number; own: number; boiler: number; zeros?: number; seed: number }): VectorRecord[] {
  const own = clustered({ docs: opts.docs, chunks: opts.own, dim: 32, noise: 0.6, seed: opts.seed });
  const articles = clustered({ docs: opts.boiler, chunks: 1, dim: 32, noise: 0, seed: opts.seed + 100 }).map((r) => r.vector as number[]);
  const out = [...own];
  for (let d = 0; d < opts.docs; d++) articles.forEach((v, i) => out.push({ id: `d${d}-b${i}`, docId: `d${d}`, vector: [...v] }));
  for (let z = 0; z < (opts.zeros ?? 0); z++) out[z * 7] = { ...out[z * 7]!, vector: new Array<number>(32).fill(0) };
  return out;
}

describe('diagnostics default thresholds', () => {
  it('pass a healthy collection whose bandi share boilerplate articles (the old 5 % / 0.05 defaults failed it)', async () => {
    const report = await diagnose(stream(tenders({ docs: 40, own: 4, boiler: 3, seed: 1 })), { sampleSize: 500, seed: 7 });
    const m = report.metrics;
    expect(m.exactDuplicates.share!).toBeGreaterThan(0.35);
    expect(m.nearDuplicates.share!).toBeGreaterThan(0.35);
    expect(m.silhouette.value!).toBeLessThan(0.05);
    expect(report.failed).toEqual([]);
    expect(report.verdict).toBe('ok');
  });

  it('fail zero vectors (the demo fault zero-vectors)', async () => {
    const report = await diagnose(stream(tenders({ docs: 40, own: 4, boiler: 3, zeros: 14, seed: 1 })), { sampleSize: 500, seed: 7 });
    expect(report.verdict).toBe('ko');
    expect(report.failed.map((c) => c.name)).toContain('maxZeroShare');
  });

  it('fail a rise of duplicates or zero vectors since the previous diagnostics, and pass a steady collection', async () => {
    const before = await diagnose(stream(tenders({ docs: 40, own: 4, boiler: 3, seed: 1 })), { sampleSize: 500, seed: 7 });
    const previous = { runId: 'prev', centroid: null, fingerprint: null, metrics: before.metrics };
    const steady = await diagnose(stream(tenders({ docs: 40, own: 4, boiler: 3, seed: 2 })), { sampleSize: 500, seed: 7, previous });
    expect(steady.verdict).toBe('ok');
    expect(Math.abs(steady.metrics.drift!.rise!.exactDuplicateShare!)).toBeLessThan(0.05);
    // Twice the boilerplate: every level is still under its absolute bar, the jump is not.
    const jump = await diagnose(stream(tenders({ docs: 40, own: 4, boiler: 6, seed: 2 })), { sampleSize: 500, seed: 7, previous });
    expect(jump.metrics.exactDuplicates.share!).toBeLessThan(0.8);
    expect(jump.failed.map((c) => c.name)).toContain('maxExactDuplicateShareRise');
    expect(jump.verdict).toBe('ko');
    const zeros = await diagnose(stream(tenders({ docs: 40, own: 4, boiler: 3, zeros: 3, seed: 2 })), { sampleSize: 500, seed: 7, previous, thresholds: { maxZeroShare: 1 } });
    expect(zeros.failed.map((c) => c.name)).toEqual(['maxNullOrZeroShareRise']);
  });
});
