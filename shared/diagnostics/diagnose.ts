/**
 * diagnose(source, options): one streaming pass over the collection, then exact sample-based analyses,
 * drift against the previous run, and the verdict. Memory is bounded by the options (sample, fingerprint
 * and duplicate-table sizes), never by the collection's size.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { z } from 'zod';
import { StreamCollector } from './collector.ts';
import { compareFingerprints } from './fingerprint.ts';
import { nearDuplicates } from './near-duplicates.ts';
import type { DiagnosticsMetrics, DiagnosticsReport, PreviousDiagnostics } from './report.ts';
import { cohesion, silhouette } from './silhouette.ts';
import { evaluate, thresholdsSchema } from './thresholds.ts';
import type { VectorSource } from './types.ts';

export const diagnoseOptionsSchema = z
  .object({
    thresholds: thresholdsSchema.prefault({}),
    /** Vectors in the document-stratified sample (silhouette, cohesion, near duplicates are exact on it). */
    sampleSize: z.number().int().min(2).max(50_000).default(2000),
    maxChunksPerDoc: z.number().int().min(2).max(1000).default(8),
    seed: z.number().int().default(42),
    nearDuplicateThreshold: z.number().min(-1).max(1).default(0.98),
    /** Ids whose vector hash is kept for "share of changed vectors" next time. */
    fingerprintSize: z.number().int().min(0).max(1_000_000).default(10_000),
    /** Distinct vectors tracked for exact duplicates (~34 bytes each at worst). */
    maxTrackedDuplicates: z.number().int().min(1).default(4_000_000),
  })
  .strict();

export type DiagnoseOptions = z.input<typeof diagnoseOptionsSchema> & {
  previous?: PreviousDiagnostics | null;
  /** Called every `progressEvery` objects (the service reports progress and renews its job lock). */
  onProgress?: (objects: number) => void;
  signal?: AbortSignal;
};

/** Yield to the event loop this often, so timers (BullMQ lock renewal, health) keep running. */
const YIELD_EVERY = 5000;
const PROGRESS_EVERY = 50_000;

function cosineDistance(a: ArrayLike<number>, b: ArrayLike<number>): number | null {
  if (a.length !== b.length) return null;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! ** 2;
    nb += b[i]! ** 2;
  }
  return na === 0 || nb === 0 ? null : 1 - dot / Math.sqrt(na * nb);
}

function normOutliers(sample: Float64Array) {
  const sorted = Float64Array.from(sample).sort();
  const q = (p: number) => {
    const pos = (sorted.length - 1) * p;
    const lo = Math.floor(pos);
    return sorted[lo]! + (sorted[Math.min(lo + 1, sorted.length - 1)]! - sorted[lo]!) * (pos - lo);
  };
  const q1 = q(0.25);
  const q3 = q(0.75);
  // Most models emit unit-norm vectors: the IQR is ~1e-7 and float noise would be "outliers".
  // A floor of 1% of the median keeps the fences meaningful.
  const spread = 1.5 * Math.max(q3 - q1, 0.01 * q(0.5));
  const lowerFence = q1 - spread;
  const upperFence = q3 + spread;
  let count = 0;
  for (const x of sorted) if (x < lowerFence || x > upperFence) count++;
  return {
    method: 'tukey-iqr-1.5 (IQR floored at 1% of median) on a uniform reservoir of norms',
    lowerFence,
    upperFence,
    sampleSize: sorted.length,
    count,
    share: sorted.length > 0 ? count / sorted.length : null,
  };
}

/** How many share points each anomaly rose since the previous run (negative when it fell). */
function shareRise(prev: DiagnosticsMetrics, objects: number, nullOrZero: number, dupVectors: number, nearShare: number | null) {
  const diff = (now: number | null, before: number | null) => (now === null || before === null ? null : now - before);
  const share = (n: number) => (objects > 0 ? n / objects : null);
  const prevShare = (n: number) => (prev.objects > 0 ? n / prev.objects : null);
  return {
    exactDuplicateShare: diff(share(dupVectors), prev.exactDuplicates.share),
    nearDuplicateShare: diff(nearShare, prev.nearDuplicates.share),
    nullOrZeroShare: diff(share(nullOrZero), prevShare(prev.nullVectors + prev.zeroVectors)),
  };
}

export async function diagnose(source: VectorSource, options: DiagnoseOptions = {}): Promise<DiagnosticsReport> {
  const { previous, onProgress, signal, ...rest } = options;
  const opts = diagnoseOptionsSchema.parse(rest);
  const collector = new StreamCollector(opts);
  let n = 0;
  for await (const rec of source) {
    collector.add(rec);
    n++;
    if (n % YIELD_EVERY === 0) {
      signal?.throwIfAborted();
      await yieldToEventLoop();
      if (n % PROGRESS_EVERY === 0) onProgress?.(n);
    }
  }
  signal?.throwIfAborted();
  const c = collector.finish();
  const s = c.sample ?? { dim: 0, matrix: new Float32Array(0), count: 0, labels: new Int32Array(0), docIds: [] };
  const sil = silhouette(s);
  const centroid = c.centroid ? Array.from(c.centroid, (x) => Math.round(x * 1e7) / 1e7) : null;
  const fingerprint = { k: opts.fingerprintSize, entries: c.fingerprint };
  const nd = nearDuplicates(s, opts.nearDuplicateThreshold);

  const metrics: DiagnosticsMetrics = {
    objects: c.objects,
    nullVectors: c.nulls,
    zeroVectors: c.zeros,
    nonFiniteVectors: c.nonFinite,
    dimension: {
      expected: c.expectedDim,
      mismatched: c.dimensionMismatches,
      counts: Object.fromEntries([...c.dimensionCounts].map(([d, k]) => [String(d), k])),
    },
    norms: c.norms
      ? {
          min: c.norms.min,
          mean: c.norms.mean,
          max: c.norms.max,
          std: c.norms.std,
          outliers: normOutliers(c.norms.sample),
        }
      : null,
    exactDuplicates: {
      groups: c.duplicates.groups,
      vectors: c.duplicates.vectors,
      share: c.objects > 0 ? c.duplicates.vectors / c.objects : null,
      complete: c.duplicates.complete,
    },
    nearDuplicates: nd,
    silhouette: { ...sil, metric: 'cosine' },
    cohesion: cohesion(s),
    centroid,
    drift: previous
      ? {
          previousRunId: previous.runId,
          centroidShift:
            previous.centroid && centroid ? cosineDistance(previous.centroid, centroid) : null,
          fingerprint: previous.fingerprint ? compareFingerprints(previous.fingerprint, fingerprint) : null,
          rise: previous.metrics ? shareRise(previous.metrics, c.objects, c.nulls + c.zeros, c.duplicates.vectors, nd.share) : null,
        }
      : null,
    sampling: {
      method: 'document-stratified: bottom-k documents by seeded docId hash, per-document reservoir of chunks',
      sampleSize: opts.sampleSize,
      maxChunksPerDoc: opts.maxChunksPerDoc,
      seed: opts.seed,
      sampledVectors: s.count,
      sampledDocuments: s.docIds.length,
      fingerprintSize: opts.fingerprintSize,
    },
  };
  const checks = evaluate(metrics, opts.thresholds);
  const failed = checks.filter((k) => k.status === 'fail');
  return { verdict: failed.length ? 'ko' : 'ok', failed, checks, metrics, fingerprint };
}
