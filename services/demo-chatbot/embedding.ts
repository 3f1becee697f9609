/**
 * The default embedding of demo.chunks: a lexical hashed vector. Accent-folded word tokens and adjacent
 * bigrams are feature-hashed (FNV-1a, sign from a second hash bit) into EMBEDDING_DIMS dimensions, then
 * L2-normalised. No model and no network: similar wording gives similar vectors, which is all the demo
 * and the diagnostics service (which reads demo.chunks.embedding as a float-array vector column) need.
 */
import { tokens } from './text.ts';

export const EMBEDDING_DIMS = 256;

/** Embeds a batch of texts; replaceable (e.g. by a real embeddings model) through loadCorpus options. */
export type Embedder = (texts: string[]) => Promise<number[][]>;

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function hashedEmbedding(text: string, dims = EMBEDDING_DIMS): number[] {
  const v = new Array<number>(dims).fill(0);
  const toks = tokens(text);
  const features = [...toks, ...toks.slice(1).map((t, i) => `${toks[i]}_${t}`)];
  for (const f of features) {
    const h = fnv1a(f);
    v[h % dims] = (v[h % dims] ?? 0) + ((h >>> 31) & 1 ? -1 : 1);
  }
  const norm = Math.hypot(...v);
  return norm === 0 ? v : v.map((x) => x / norm);
}

export const hashedEmbedder: Embedder = async (texts) => texts.map((t) => hashedEmbedding(t));
