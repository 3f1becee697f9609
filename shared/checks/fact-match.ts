/** Fact match: a number or date given in the spec (or the case's expected answer) must be stated in the answer. */
import { answerOf, expectedValue, fail, invalid, pass } from './common.ts';
import { extractFacts, parseExpectedFact } from './facts.ts';
import type { CheckSpecOf } from './schema.ts';
import type { CheckHandler } from './types.ts';

export const factMatch: CheckHandler<CheckSpecOf<'fact-match'>> = (spec, ctx) => {
  let raw: string | number;
  if (typeof spec.value === 'number') raw = spec.value;
  else {
    const expected = expectedValue(spec, spec.value, ctx);
    if ('result' in expected) return expected.result;
    raw = expected.value;
  }
  const fact = parseExpectedFact(raw, spec.kind);
  if (!fact) {
    return invalid(spec, `expected value ${JSON.stringify(raw)} is not a single ${spec.kind === 'auto' ? 'number or date' : spec.kind}`);
  }
  const found = extractFacts(answerOf(ctx));
  if ('date' in fact) {
    return found.dates.includes(fact.date)
      ? pass(spec, `answer states the date ${fact.date}`)
      : fail(spec, `answer does not state ${fact.date} (dates found: ${found.dates.join(', ') || 'none'})`);
  }
  const hit = found.numbers.some((n) => Math.abs(n - fact.number) < 1e-9);
  return hit
    ? pass(spec, `answer states the number ${fact.number}`)
    : fail(spec, `answer does not state ${fact.number} (numbers found: ${found.numbers.join(', ') || 'none'})`);
};
