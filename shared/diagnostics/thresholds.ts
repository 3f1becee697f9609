/**
 * Admissible values and the verdict. Every threshold has one check in `CHECKS` (an exhaustive record, so a
 * new threshold without its check does not compile). A check whose metric cannot be computed (no previous
 * run for drift, fewer than two multi-chunk documents for the silhouette) is 'skipped', never failed.
 *
 * Why these defaults (issue 24: the old ones, 5 % duplicates and silhouette >= 0.05, failed the healthy demo
 * collection at 35 % exact and 41 % near duplicates and silhouette -0.13, which teaches users to ignore ko):
 * - Broken vectors are never normal: null, zero, NaN/Inf and wrong-dimension vectors stay at ~0 (1 %, 0).
 * - Duplicates are normal in tender collections: bandi repeat boilerplate articles (privacy, requirements,
 *   how to apply) word for word, so identical chunks embed identically. Only a collapse says the embedder
 *   broke (the same vector for every input): fail above 80 % exact / 90 % near duplicates.
 * - The silhouette by document is weak evidence: boilerplate shared across bandi puts chunks nearer other
 *   documents' chunks than their own, so healthy collections sit just below 0. Fail only below -0.3, where
 *   most chunks are nearer foreign documents (vectors shuffled against ids, chunks attached to the wrong doc).
 * - A healthy level differs per collection, a sudden change does not: relative to the previous diagnostics of
 *   the same collection, exact or near duplicates rising by more than 10 points, or null/zero vectors by more
 *   than 1 point, is ko (a chunker emitting the same text, an embedder timing out into zeros).
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
    maxExactDuplicateShare: share.default(0.8),
    maxNearDuplicateShare: share.default(0.9),
    maxNormOutlierShare: share.default(0.05),
    /** Chunks of one document should sit closer to each other than to other documents. */
    minSilhouette: z.number().min(-1).max(1).default(-0.3),
    /** Cosine distance between this run's and the previous run's collection centroid. */
    maxCentroidShift: z.number().min(0).max(2).default(0.05),
    /** Drift: rise of each share since the previous diagnostics of the collection (0.1 = 10 points). */
    maxExactDuplicateShareRise: z.number().min(0).max(1).default(0.1),
    maxNearDuplicateShareRise: z.number().min(0).max(1).default(0.1),
    maxNullOrZeroShareRise: z.number().min(0).max(1).default(0.01),
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
  maxExactDuplicateShareRise: { kind: 'max', observe: (m) => m.drift?.rise?.exactDuplicateShare ?? null },
  maxNearDuplicateShareRise: { kind: 'max', observe: (m) => m.drift?.rise?.nearDuplicateShare ?? null },
  maxNullOrZeroShareRise: { kind: 'max', observe: (m) => m.drift?.rise?.nullOrZeroShare ?? null },
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
