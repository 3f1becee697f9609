/**
 * The diagnostics report. `metrics` is what is stored (jsonb) and read back for drift and dashboards, so
 * it has a zod schema: stored rows outlive code. The per-id fingerprint is stored apart (its own table).
 */
import { z } from 'zod';
import type { Check } from './thresholds.ts';
import type { FingerprintEntries } from './fingerprint.ts';

const int = z.number().int().min(0);
const nullableNumber = z.number().nullable();

export const diagnosticsMetricsSchema = z.object({
  objects: int,
  nullVectors: int,
  zeroVectors: int,
  nonFiniteVectors: int,
  dimension: z.object({
    expected: int.nullable(),
    mismatched: int,
    /** Vectors per dimension, keyed by the dimension as a string. */
    counts: z.record(z.string(), int),
  }),
  norms: z
    .object({
      min: z.number(),
      mean: z.number(),
      max: z.number(),
      std: z.number(),
      outliers: z.object({
        method: z.string(),
        lowerFence: z.number(),
        upperFence: z.number(),
        sampleSize: int,
        count: int,
        share: nullableNumber,
      }),
    })
    .nullable(),
  exactDuplicates: z.object({ groups: int, vectors: int, share: nullableNumber, complete: z.boolean() }),
  nearDuplicates: z.object({
    threshold: z.number(),
    pairs: int,
    vectors: int,
    sampleVectors: int,
    share: nullableNumber,
  }),
  silhouette: z.object({
    value: nullableNumber,
    metric: z.literal('cosine'),
    points: int,
    documents: int,
    singletonDocumentsExcluded: int,
  }),
  cohesion: z.object({
    documents: int,
    meanIntraSimilarity: nullableNumber,
    meanNearestInterSimilarity: nullableNumber,
    lessCohesiveThanNeighbour: int,
    worst: z.array(z.object({ docId: z.string(), intra: z.number(), nearestInter: z.number() })),
  }),
  /** Mean of the unit vectors (expected dimension), for the next run's centroid shift. */
  centroid: z.array(z.number()).nullable(),
  drift: z
    .object({
      previousRunId: z.string().nullable(),
      centroidShift: nullableNumber,
      fingerprint: z
        .object({ compared: int, changed: int, changedShare: nullableNumber, added: int, removed: int })
        .nullable(),
      /** Rise, in share points (0.1 = 10 points), of each anomaly share since the previous run; null without its metrics. */
      rise: z.object({ exactDuplicateShare: nullableNumber, nearDuplicateShare: nullableNumber, nullOrZeroShare: nullableNumber }).nullable().optional(),
    })
    .nullable(),
  sampling: z.object({
    method: z.string(),
    sampleSize: int,
    maxChunksPerDoc: int,
    seed: z.number().int(),
    sampledVectors: int,
    sampledDocuments: int,
    fingerprintSize: int,
  }),
});

export type DiagnosticsMetrics = z.infer<typeof diagnosticsMetricsSchema>;

export interface DiagnosticsReport {
  verdict: 'ok' | 'ko';
  /** The failed checks, with threshold and observed value. */
  failed: Check[];
  checks: Check[];
  metrics: DiagnosticsMetrics;
  fingerprint: { k: number; entries: FingerprintEntries };
}

/** What drift needs from the previous run (see `previousDiagnostics`). */
export interface PreviousDiagnostics {
  runId: string | null;
  centroid: number[] | null;
  fingerprint: { k: number; entries: FingerprintEntries } | null;
  /** The previous run's metrics, for the rise of anomaly shares (drift thresholds). */
  metrics?: DiagnosticsMetrics | null;
}
