/** Length bounds on the answer, in characters (Unicode code points) or words. */
import { answerOf, fail, pass } from './common.ts';
import type { CheckSpecOf } from './schema.ts';
import type { CheckHandler } from './types.ts';

export const length: CheckHandler<CheckSpecOf<'length'>> = (spec, ctx) => {
  const text = answerOf(ctx).trim();
  const n = spec.unit === 'chars' ? [...text].length : text.split(/\s+/).filter(Boolean).length;
  const tooShort = spec.min !== undefined && n < spec.min;
  const tooLong = spec.max !== undefined && n > spec.max;
  const bounds = `[${spec.min ?? 0}, ${spec.max ?? '∞'}]`;
  return tooShort || tooLong
    ? fail(spec, `answer has ${n} ${spec.unit}, outside ${bounds}`)
    : pass(spec, `answer has ${n} ${spec.unit}, within ${bounds}`);
};
