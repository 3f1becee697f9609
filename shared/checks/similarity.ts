/**
 * Text similarity: cosine between TF-IDF vectors of Italian-aware tokens (lowercase, accent folding,
 * elision split, stop words dropped, light stemming). IDF is smoothed as in scikit-learn,
 * idf = ln((1 + N) / (1 + df)) + 1, so terms shared by every document still count.
 */
import { answerOf, expectedValue, fail, pass } from './common.ts';
import type { CheckSpecOf } from './schema.ts';
import { italianTokens } from './text.ts';
import type { CheckHandler } from './types.ts';

export function tfidfCosine(a: string, b: string, corpus: string[] = []): number {
  const docs = [a, b, ...corpus].map(italianTokens);
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of new Set(doc)) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = (term: string) => Math.log((1 + docs.length) / (1 + (df.get(term) ?? 0))) + 1;
  const vector = (tokens: string[]) => {
    const tf = new Map<string, number>();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    return new Map([...tf].map(([t, n]) => [t, n * idf(t)]));
  };
  const [va, vb] = [vector(docs[0] ?? []), vector(docs[1] ?? [])];
  let dot = 0;
  for (const [t, w] of va) dot += w * (vb.get(t) ?? 0);
  const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((s, w) => s + w * w, 0));
  const denominator = norm(va) * norm(vb);
  return denominator === 0 ? 0 : dot / denominator;
}

export const similarity: CheckHandler<CheckSpecOf<'similarity'>> = (spec, ctx) => {
  const expected = expectedValue(spec, spec.value, ctx);
  if ('result' in expected) return expected.result;
  const score = tfidfCosine(answerOf(ctx), expected.value, spec.corpus);
  const reason = `similarity ${score.toFixed(3)} (threshold ${spec.threshold})`;
  return score >= spec.threshold ? pass(spec, reason, score) : fail(spec, reason, score);
};
