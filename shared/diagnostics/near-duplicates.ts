/**
 * Near duplicates across different documents on the sample: pairs of unit vectors with cosine >= threshold
 * whose docIds differ (chunks of one document may legitimately be close). Exact pairwise, O(n² dim).
 * Because the sample is document-stratified, the share is "sampled chunks with a near twin in another
 * sampled document": it catches boilerplate repeated across many documents, the usual chunking fault.
 */
import type { Sample } from './doc-sampler.ts';
import { dot } from './dot.ts';

export interface NearDuplicateResult {
  threshold: number;
  pairs: number;
  vectors: number;
  sampleVectors: number;
  share: number | null;
}

export function nearDuplicates(s: Sample, threshold: number): NearDuplicateResult {
  const { dim, matrix, labels, count } = s;
  const marked = new Uint8Array(count);
  let pairs = 0;
  for (let i = 0; i < count; i++) {
    const li = labels[i]!;
    const oi = i * dim;
    for (let j = i + 1; j < count; j++) {
      if (labels[j] === li) continue;
      if (dot(matrix, oi, matrix, j * dim, dim) >= threshold) {
        pairs++;
        marked[i] = 1;
        marked[j] = 1;
      }
    }
  }
  const vectors = marked.reduce((a, b) => a + b, 0);
  return { threshold, pairs, vectors, sampleVectors: count, share: count > 0 ? vectors / count : null };
}
