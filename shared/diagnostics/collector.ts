/**
 * The single streaming pass. Per record: null / dimension / NaN-Inf / zero checks, norm statistics,
 * centroid of unit vectors, exact-duplicate table, document-stratified sample, norm reservoir and the
 * per-id fingerprint sketch. The hot path reuses per-dimension scratch buffers: no allocation per vector
 * except what the sample keeps.
 */
import { DocSampler, type Sample } from './doc-sampler.ts';
import { DuplicateTable, type DuplicateSummary } from './duplicate-table.ts';
import { storableText } from '../db/storable.ts';
import { FingerprintSketch, idPriority, type FingerprintEntries } from './fingerprint.ts';
import { hashFloat32, hashHex, hashString32, type Hash64 } from './hash.ts';
import { mulberry32, type Rng } from './prng.ts';
import type { VectorRecord } from './types.ts';

export interface CollectorOptions {
  sampleSize: number;
  maxChunksPerDoc: number;
  seed: number;
  fingerprintSize: number;
  maxTrackedDuplicates: number;
}

/** Beyond this many distinct dimensions the extra ones are only counted: the collection is garbage anyway. */
const MAX_TRACKED_DIMENSIONS = 16;

interface DimAccumulator {
  count: number;
  sumNorm: number;
  sumNormSq: number;
  minNorm: number;
  maxNorm: number;
  centroid: Float64Array;
  /** Uniform reservoir of norms (for IQR outliers). */
  norms: Float64Array;
  f32: Float32Array;
  u32: Uint32Array;
  unit: Float32Array;
}

export interface CollectedStats {
  objects: number;
  nulls: number;
  zeros: number;
  nonFinite: number;
  dimensionCounts: Map<number, number>;
  expectedDim: number | null;
  /** Vectors (not null) whose dimension differs from the expected one. */
  dimensionMismatches: number;
  /** Valid (finite, non-zero) vectors of the expected dimension. */
  valid: number;
  norms: { min: number; mean: number; max: number; std: number; sample: Float64Array } | null;
  /** Mean of the unit vectors of the expected dimension. */
  centroid: Float64Array | null;
  duplicates: DuplicateSummary;
  sample: Sample | null;
  fingerprint: FingerprintEntries;
}

export class StreamCollector {
  private objects = 0;
  private nulls = 0;
  private zeros = 0;
  private nonFinite = 0;
  private readonly dimCounts = new Map<number, number>();
  private readonly accs = new Map<number, DimAccumulator>();
  private readonly dups: DuplicateTable;
  private readonly sampler: DocSampler;
  private readonly fingerprint: FingerprintSketch;
  private readonly rng: Rng;
  private readonly hash: Hash64 = { hi: 0, lo: 0 };

  constructor(private readonly opts: CollectorOptions) {
    this.rng = mulberry32(opts.seed);
    this.dups = new DuplicateTable(opts.maxTrackedDuplicates);
    this.sampler = new DocSampler(opts.sampleSize, opts.maxChunksPerDoc, opts.seed, mulberry32(opts.seed ^ 0x5a5a5a5a));
    this.fingerprint = new FingerprintSketch(opts.fingerprintSize);
  }

  private accumulator(dim: number): DimAccumulator | undefined {
    let acc = this.accs.get(dim);
    if (acc === undefined && this.accs.size < MAX_TRACKED_DIMENSIONS) {
      const f32 = new Float32Array(dim);
      acc = {
        count: 0,
        sumNorm: 0,
        sumNormSq: 0,
        minNorm: Infinity,
        maxNorm: -Infinity,
        centroid: new Float64Array(dim),
        norms: new Float64Array(this.opts.sampleSize),
        f32,
        u32: new Uint32Array(f32.buffer),
        unit: new Float32Array(dim),
      };
      this.accs.set(dim, acc);
    }
    return acc;
  }

  add(rec: VectorRecord): void {
    this.objects++;
    const v = rec.vector;
    // The sketch holds ids as they are stored (a NUL as ␀), so the next run compares like with like.
    const id = storableText(rec.id);
    const wantsFingerprint = this.fingerprint.wants(idPriority(id));
    if (v === null || v.length === 0) {
      this.nulls++;
      if (wantsFingerprint) this.fingerprint.add(id, idPriority(id), 'null');
      return;
    }
    const dim = v.length;
    this.dimCounts.set(dim, (this.dimCounts.get(dim) ?? 0) + 1);
    const acc = this.accumulator(dim);
    if (acc === undefined) return;
    const f = acc.f32;
    if (v instanceof Float32Array) f.set(v);
    else for (let i = 0; i < dim; i++) f[i] = v[i]!;
    let ss = 0;
    let finite = true;
    for (let i = 0; i < dim; i++) {
      const x = f[i]!;
      if (x - x !== 0) finite = false; // NaN and ±Infinity
      ss += x * x;
    }
    hashFloat32(acc.u32, dim, this.hash);
    if (wantsFingerprint) this.fingerprint.add(id, idPriority(id), hashHex(this.hash));
    if (!finite) {
      this.nonFinite++;
      return;
    }
    if (ss === 0) {
      this.zeros++;
      return;
    }
    const norm = Math.sqrt(ss);
    acc.count++;
    acc.sumNorm += norm;
    acc.sumNormSq += ss;
    if (norm < acc.minNorm) acc.minNorm = norm;
    if (norm > acc.maxNorm) acc.maxNorm = norm;
    if (acc.count <= acc.norms.length) acc.norms[acc.count - 1] = norm;
    else {
      const j = Math.floor(this.rng() * acc.count);
      if (j < acc.norms.length) acc.norms[j] = norm;
    }
    const unit = acc.unit;
    const c = acc.centroid;
    const inv = 1 / norm;
    for (let i = 0; i < dim; i++) {
      const u = f[i]! * inv;
      unit[i] = u;
      c[i]! += u;
    }
    this.dups.add(this.hash.hi, this.hash.lo, hashString32(rec.docId, 0x5bd1e995));
    this.sampler.offer(rec.docId, unit);
  }

  finish(): CollectedStats {
    let expectedDim: number | null = null;
    let best = -1;
    for (const [dim, n] of this.dimCounts) {
      if (n > best || (n === best && expectedDim !== null && dim < expectedDim)) {
        best = n;
        expectedDim = dim;
      }
    }
    const withVector = this.objects - this.nulls;
    const acc = expectedDim === null ? undefined : this.accs.get(expectedDim);
    const n = acc?.count ?? 0;
    const norms =
      acc !== undefined && n > 0
        ? {
            min: acc.minNorm,
            mean: acc.sumNorm / n,
            max: acc.maxNorm,
            std: Math.sqrt(Math.max(0, acc.sumNormSq / n - (acc.sumNorm / n) ** 2)),
            sample: acc.norms.slice(0, Math.min(n, acc.norms.length)),
          }
        : null;
    return {
      objects: this.objects,
      nulls: this.nulls,
      zeros: this.zeros,
      nonFinite: this.nonFinite,
      dimensionCounts: this.dimCounts,
      expectedDim,
      dimensionMismatches: withVector - (expectedDim === null ? 0 : (this.dimCounts.get(expectedDim) ?? 0)),
      valid: n,
      norms,
      centroid: acc !== undefined && n > 0 ? acc.centroid.map((x) => x / n) : null,
      duplicates: this.dups.summary(),
      sample: expectedDim === null ? null : this.sampler.finish(expectedDim),
      fingerprint: this.fingerprint.entries(),
    };
  }
}
