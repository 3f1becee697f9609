/**
 * Exact silhouette (cosine distance) and per-document cohesion on the sample, chunks grouped by docId.
 * With unit vectors the mean cosine distance from x to a group C is 1 - x·(ΣC)/|C|, so each point needs
 * one dot product per document instead of one per point: O(points x documents x dim), still exact.
 * Documents with one chunk in the sample are excluded from the silhouette (its a(i) is undefined; they
 * are neither points nor neighbour groups). Cohesion compares a document's mean intra-document cosine
 * similarity with its centroid's similarity to the nearest other sampled document's centroid.
 */
import type { Sample } from './doc-sampler.ts';
import { dot } from './dot.ts';

export interface SilhouetteResult {
  value: number | null;
  points: number;
  documents: number;
  singletonDocumentsExcluded: number;
}

export interface CohesionResult {
  documents: number;
  meanIntraSimilarity: number | null;
  meanNearestInterSimilarity: number | null;
  /** Documents whose chunks are closer to another document's centroid than to each other. */
  lessCohesiveThanNeighbour: number;
  worst: Array<{ docId: string; intra: number; nearestInter: number }>;
}

function docSums(s: Sample): { sums: Float64Array; counts: Int32Array; selfDots: Float64Array } {
  const { dim, matrix, labels } = s;
  const k = s.docIds.length;
  const sums = new Float64Array(k * dim);
  const counts = new Int32Array(k);
  const selfDots = new Float64Array(k);
  for (let i = 0; i < s.count; i++) {
    const l = labels[i]!;
    counts[l]!++;
    const off = i * dim;
    const so = l * dim;
    let sd = 0;
    for (let d = 0; d < dim; d++) {
      const x = matrix[off + d]!;
      sums[so + d]! += x;
      sd += x * x;
    }
    selfDots[l]! += sd;
  }
  return { sums, counts, selfDots };
}

export function silhouette(s: Sample): SilhouetteResult {
  const { dim, matrix, labels } = s;
  const { sums, counts } = docSums(s);
  const multi: number[] = [];
  for (let l = 0; l < counts.length; l++) if (counts[l]! >= 2) multi.push(l);
  const singles = counts.length - multi.length;
  if (multi.length < 2) return { value: null, points: 0, documents: multi.length, singletonDocumentsExcluded: singles };
  let total = 0;
  let points = 0;
  for (let i = 0; i < s.count; i++) {
    const own = labels[i]!;
    const nOwn = counts[own]!;
    if (nOwn < 2) continue;
    const off = i * dim;
    let a = 0;
    let b = Infinity;
    for (const l of multi) {
      const toDoc = dot(matrix, off, sums, l * dim, dim);
      if (l === own) {
        a = 1 - (toDoc - dot(matrix, off, matrix, off, dim)) / (nOwn - 1);
      } else {
        const dist = 1 - toDoc / counts[l]!;
        if (dist < b) b = dist;
      }
    }
    const m = Math.max(a, b);
    total += m > 0 ? (b - a) / m : 0;
    points++;
  }
  return { value: total / points, points, documents: multi.length, singletonDocumentsExcluded: singles };
}

export function cohesion(s: Sample, worstCount = 10): CohesionResult {
  const { dim } = s;
  const { sums, counts, selfDots } = docSums(s);
  const k = counts.length;
  const norms = new Float64Array(k);
  for (let l = 0; l < k; l++) {
    let n = 0;
    for (let d = 0; d < dim; d++) n += sums[l * dim + d]! ** 2;
    norms[l] = Math.sqrt(n);
  }
  const rows: Array<{ docId: string; intra: number; nearestInter: number }> = [];
  for (let l = 0; l < k; l++) {
    const n = counts[l]!;
    if (n < 2 || k < 2) continue;
    const intra = (norms[l]! ** 2 - selfDots[l]!) / (n * (n - 1));
    let nearest = -Infinity;
    for (let m = 0; m < k; m++) {
      if (m === l || norms[m] === 0) continue;
      const sim = dot(sums, l * dim, sums, m * dim, dim) / (norms[l]! * norms[m]!);
      if (sim > nearest) nearest = sim;
    }
    if (nearest === -Infinity) continue;
    rows.push({ docId: s.docIds[l]!, intra, nearestInter: nearest });
  }
  const mean = (f: (r: (typeof rows)[number]) => number) =>
    rows.length ? rows.reduce((acc, r) => acc + f(r), 0) / rows.length : null;
  return {
    documents: rows.length,
    meanIntraSimilarity: mean((r) => r.intra),
    meanNearestInterSimilarity: mean((r) => r.nearestInter),
    lessCohesiveThanNeighbour: rows.filter((r) => r.intra < r.nearestInter).length,
    worst: rows
      .slice()
      .sort((x, y) => x.intra - x.nearestInter - (y.intra - y.nearestInter))
      .slice(0, worstCount),
  };
}
