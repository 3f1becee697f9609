/** Exact match after optional normalisation (case, accents, whitespace, punctuation); `not-equals` inverts. */
import { answerOf, expectedValue, isInverse, quote, verdict } from './common.ts';
import type { CheckSpecOf } from './schema.ts';
import { normalizeText } from './text.ts';
import type { CheckHandler } from './types.ts';

export const exactMatch: CheckHandler<CheckSpecOf<'equals' | 'not-equals'>> = (spec, ctx) => {
  const expected = expectedValue(spec, spec.value, ctx);
  if ('result' in expected) return expected.result;
  const got = normalizeText(answerOf(ctx), spec.normalize);
  const want = normalizeText(expected.value, spec.normalize);
  const same = got === want;
  return verdict(
    spec,
    same,
    isInverse(spec),
    same ? `answer equals ${quote(want)}` : `answer ${quote(got)} differs from ${quote(want)}`,
  );
};
