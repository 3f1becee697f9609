/**
 * Admissible values and the verdict. Every threshold has one check in `CHECKS` (an exhaustive record, so a
 * new threshold without its check does not compile). A check whose metric cannot be computed (no previous
 * run for drift, fewer than two multi-chunk documents for the silhouette) is 'skipped', never failed.
 */
import { z } from 'zod';
import type { DiagnosticsMetrics } from './report.ts';

const share = z.number().min(0).max(1);

export const thresholdsSchema = z
  .object({
    /** An empty collection is an ingestion failure, not a healthy one. */
    minObjects: z.number().int().min(0).default(1),
    maxNullShare: share.default(0.01),
    maxZeroShare: share.default(0.01),
    maxNonFiniteShare: share.default(0),
    maxDimensionMismatchShare: share.default(0),
    maxExactDuplicateShare: share.default(0.05),
    maxNearDuplicateShare: share.default(0.05),
    maxNormOutlierShare: share.default(0.05),
    /** Chunks of one document should sit closer to each other than to other documents. */
    minSilhouette: z.number().min(-1).max(1).default(0.05),
    /** Cosine distance between this run's and the previous run's collection centroid. */
    maxCentroidShift: z.number().min(0).max(2).default(0.05),
    /** Off by default: re-embedding a collection legitimately changes every vector. */
    maxChangedShare: share.optional(),
  })
  .strict();

export type Thresholds = z.output<typeof thresholdsSchema>;
export type ThresholdName = keyof Thresholds;

export interface Check {
  name: ThresholdName;
  kind: 'max' | 'min';
  threshold: number;
  observed: number | null;
  status: 'pass' | 'fail' | 'skipped';
}

type Observe = (m: DiagnosticsMetrics) => number | null;
const ratio = (n: number, m: DiagnosticsMetrics) => (m.objects > 0 ? n / m.objects : null);

export const CHECKS: Record<ThresholdName, { kind: 'max' | 'min'; observe: Observe }> = {
  minObjects: { kind: 'min', observe: (m) => m.objects },
  maxNullShare: { kind: 'max', observe: (m) => ratio(m.nullVectors, m) },
  maxZeroShare: { kind: 'max', observe: (m) => ratio(m.zeroVectors, m) },
  maxNonFiniteShare: { kind: 'max', observe: (m) => ratio(m.nonFiniteVectors, m) },
  maxDimensionMismatchShare: { kind: 'max', observe: (m) => ratio(m.dimension.mismatched, m) },
  maxExactDuplicateShare: { kind: 'max', observe: (m) => m.exactDuplicates.share },
  maxNearDuplicateShare: { kind: 'max', observe: (m) => m.nearDuplicates.share },
  maxNormOutlierShare: { kind: 'max', observe: (m) => m.norms?.outliers.share ?? null },
  minSilhouette: { kind: 'min', observe: (m) => m.silhouette.value },
  maxCentroidShift: { kind: 'max', observe: (m) => m.drift?.centroidShift ?? null },
  maxChangedShare: { kind: 'max', observe: (m) => m.drift?.fingerprint?.changedShare ?? null },
};

export function evaluate(metrics: DiagnosticsMetrics, thresholds: Thresholds): Check[] {
  const checks: Check[] = [];
  for (const name of Object.keys(CHECKS) as ThresholdName[]) {
    const threshold = thresholds[name];
    if (threshold === undefined) continue;
    const { kind, observe } = CHECKS[name];
    const observed = observe(metrics);
    const ok = observed === null || (kind === 'max' ? observed <= threshold : observed >= threshold);
    checks.push({ name, kind, threshold, observed, status: observed === null ? 'skipped' : ok ? 'pass' : 'fail' });
  }
  return checks;
}
