/** Vector sets with known properties, from a seeded PRNG (tests must be deterministic). */
import { mulberry32 } from '../../shared/diagnostics/prng.ts';
import type { VectorRecord } from '../../shared/diagnostics/types.ts';

export function gaussian(rng: () => number): number {
  const u = 1 - rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

/** `docs` documents of `chunks` chunks each: chunk = document centre + noise * N(0, 1) per coordinate. */
export function clustered(opts: {
  docs: number;
  chunks: number;
  dim: number;
  noise: number;
  seed: number;
  /** When set, every document centre is this close to one shared point (a collapsed collection). */
  collapse?: number;
}): VectorRecord[] {
  const rng = mulberry32(opts.seed);
  const shared = Array.from({ length: opts.dim }, () => gaussian(rng));
  const out: VectorRecord[] = [];
  for (let d = 0; d < opts.docs; d++) {
    const centre = shared.map((x) => (opts.collapse === undefined ? gaussian(rng) : x + opts.collapse * gaussian(rng)));
    for (let c = 0; c < opts.chunks; c++) {
      out.push({ id: `d${d}-c${c}`, docId: `d${d}`, vector: centre.map((x) => x + opts.noise * gaussian(rng)) });
    }
  }
  return out;
}

export async function* stream(records: VectorRecord[]): AsyncGenerator<VectorRecord> {
  for (const r of records) yield r;
}
