/**
 * Regular-expression match on the answer; `not-regex` inverts. Patterns are checked when the spec is read;
 * `{{vars}}` in a pattern are filled in at run time, each value matched literally (escaped).
 */
import { answerOf, fill, invalid, isInverse, verdict, withEvidence } from './common.ts';
import { escapeRegExp, hasPlaceholders } from './interpolate.ts';
import type { CheckSpecOf } from './schema.ts';
import type { CheckHandler } from './types.ts';

export const regex: CheckHandler<CheckSpecOf<'regex' | 'not-regex'>> = (spec, ctx) => {
  // A global/sticky flag would make .test() stateful across calls; a plain match needs neither.
  let pattern = spec.pattern;
  if (hasPlaceholders(pattern)) {
    const f = fill(spec, pattern, ctx.vars, escapeRegExp);
    if ('result' in f) return f.result;
    pattern = f.value;
  }
  let re: RegExp;
  try {
    re = new RegExp(pattern, (spec.flags ?? '').replace(/[gy]/g, ''));
  } catch (err) {
    return invalid(spec, `invalid regular expression once filled in: ${(err as Error).message}`);
  }
  const match = re.exec(answerOf(ctx));
  const r = verdict(
    spec,
    match !== null,
    isInverse(spec),
    match ? `answer matches /${pattern}/ at ${JSON.stringify(match[0])}` : `answer does not match /${pattern}/`,
  );
  return match ? withEvidence(r, [match[0]], 'assistant') : r;
};
