/** Regular-expression match on the answer; `not-regex` inverts. Patterns compile at load time. */
import { answerOf, isInverse, verdict } from './common.ts';
import type { CheckSpecOf } from './schema.ts';
import type { CheckHandler } from './types.ts';

export const regex: CheckHandler<CheckSpecOf<'regex' | 'not-regex'>> = (spec, ctx) => {
  // A global/sticky flag would make .test() stateful across calls; a plain match needs neither.
  const re = new RegExp(spec.pattern, (spec.flags ?? '').replace(/[gy]/g, ''));
  const match = re.exec(answerOf(ctx));
  return verdict(
    spec,
    match !== null,
    isInverse(spec),
    match ? `answer matches /${spec.pattern}/ at ${JSON.stringify(match[0])}` : `answer does not match /${spec.pattern}/`,
  );
};
