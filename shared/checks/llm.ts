/**
 * LLM-judged checks: their options are validated here like any other, the judging itself is done by
 * ctx.llmJudge (provided by the judge service). Without a judge model they are `invalid`, never failed.
 */
import { invalid } from './common.ts';
import type { LlmCheckSpec } from './schema.ts';
import type { CheckHandler } from './types.ts';

export const NO_JUDGE_REASON = 'no judge model configured';

export const llmJudged: CheckHandler<LlmCheckSpec> = (spec, ctx) => {
  if (spec.type === 'compare-meaning' && !spec.value && !ctx.expected) {
    return invalid(spec, 'compare-meaning needs a value: give "value" or the case\'s expected answer');
  }
  return ctx.llmJudge ? ctx.llmJudge(spec, ctx) : invalid(spec, NO_JUDGE_REASON);
};
