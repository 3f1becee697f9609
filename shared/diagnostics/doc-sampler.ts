/**
 * Document-stratified sample for silhouette, cohesion and near duplicates. A uniform sample of chunks is
 * useless for a silhouette grouped by document: with 100k documents and 2,000 sampled chunks almost every
 * document would appear once. So documents are sampled (bottom-k on a seeded hash of the docId: uniform,
 * order-independent, one pass) and, within each sampled document, up to `maxChunksPerDoc` chunks by
 * reservoir sampling. At the end documents are taken in priority order until `sampleSize` vectors are held.
 * Memory bound: sampleSize documents x maxChunksPerDoc unit vectors.
 */
import { hashString53 } from './hash.ts';
import { MaxHeap } from './max-heap.ts';
import type { Rng } from './prng.ts';

interface DocEntry {
  docId: string;
  priority: number;
  seen: number;
  vectors: Float32Array[];
}

export interface Sample {
  dim: number;
  /** Row-major unit vectors, `count` x `dim`. */
  matrix: Float32Array;
  count: number;
  /** Index into `docIds` for each row. */
  labels: Int32Array;
  docIds: string[];
}

export class DocSampler {
  private readonly docs = new Map<string, DocEntry>();
  private readonly heap = new MaxHeap<DocEntry>();

  constructor(
    private readonly sampleSize: number,
    private readonly maxChunksPerDoc: number,
    private readonly seed: number,
    private readonly rng: Rng,
  ) {}

  /** Offer a unit vector (copied if kept). */
  offer(docId: string, unit: Float32Array): void {
    let d = this.docs.get(docId);
    if (d === undefined) {
      const priority = hashString53(docId, this.seed);
      const top = this.heap.peek();
      if (this.heap.size >= this.sampleSize && top !== undefined && priority >= top.priority) return;
      d = { docId, priority, seen: 0, vectors: [] };
      this.docs.set(docId, d);
      this.heap.push(d);
      if (this.heap.size > this.sampleSize) {
        const evicted = this.heap.pop();
        if (evicted) this.docs.delete(evicted.docId);
      }
      if (!this.docs.has(docId)) return;
    }
    d.seen++;
    if (d.vectors.length < this.maxChunksPerDoc) {
      d.vectors.push(Float32Array.from(unit));
    } else {
      const j = Math.floor(this.rng() * d.seen);
      const old = d.vectors[j];
      if (old !== undefined && old.length === unit.length) old.set(unit);
      else if (old !== undefined) d.vectors[j] = Float32Array.from(unit);
    }
  }

  /** The sample restricted to vectors of dimension `dim` (the collection's expected dimension). */
  finish(dim: number): Sample {
    const ordered = [...this.heap.items].sort((a, b) => a.priority - b.priority || (a.docId < b.docId ? -1 : 1));
    const rows: Float32Array[] = [];
    const labelList: number[] = [];
    const docIds: string[] = [];
    for (const d of ordered) {
      if (rows.length >= this.sampleSize) break;
      const kept = d.vectors.filter((v) => v.length === dim).slice(0, this.sampleSize - rows.length);
      if (kept.length === 0) continue;
      const label = docIds.push(d.docId) - 1;
      for (const v of kept) {
        rows.push(v);
        labelList.push(label);
      }
    }
    const matrix = new Float32Array(rows.length * dim);
    rows.forEach((v, i) => matrix.set(v, i * dim));
    return { dim, matrix, count: rows.length, labels: Int32Array.from(labelList), docIds };
  }
}
