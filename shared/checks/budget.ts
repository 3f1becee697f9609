/**
 * Latency, token and cost budgets, read from the turns' latencyMs / usage. Per judged turn, or summed
 * over the conversation up to it with `total: true`. Missing measurements make the check invalid, not failed.
 */
import type { Turn } from '../transcript.ts';
import { fail, invalid, judgedTurn, pass } from './common.ts';
import type { CheckSpecOf } from './schema.ts';
import type { CheckContext, CheckHandler, CheckResult } from './types.ts';

function measured(
  spec: CheckSpecOf<'latency' | 'token-budget' | 'cost-budget'>,
  ctx: CheckContext,
  read: (t: Turn) => number | undefined,
  what: string,
  max: number,
  unit: string,
  missing: (turns: Turn[]) => string = () => `the target reported no ${what}`,
): CheckResult {
  const turns = spec.total ? ctx.transcript.turns : [judgedTurn(ctx)].filter((t) => t !== undefined);
  const values = turns.map(read);
  if (turns.length === 0 || values.some((v) => v === undefined)) return invalid(spec, missing(turns));
  const value = values.reduce<number>((s, v) => s + (v ?? 0), 0);
  const scope = spec.total ? `total ${what}` : what;
  // "latency 1500 ms, over the limit of 1000 ms"; token counts need no unit after their name.
  const amount = (n: string) => (unit ? `${n} ${unit}` : n);
  const shown = amount(unit === 'USD' ? value.toFixed(4) : String(value));
  return value <= max
    ? pass(spec, `${scope} ${shown}, within the limit of ${amount(String(max))}`)
    : fail(spec, `${scope} ${shown}, over the limit of ${amount(String(max))}`);
}

export const latency: CheckHandler<CheckSpecOf<'latency'>> = (spec, ctx) =>
  measured(spec, ctx, (t) => t.latencyMs ?? undefined, 'latency', spec.maxMs, 'ms');

export const tokenBudget: CheckHandler<CheckSpecOf<'token-budget'>> = (spec, ctx) =>
  measured(
    spec,
    ctx,
    (t) =>
      t.usage === undefined
        ? undefined
        : spec.count === 'in'
          ? t.usage.tokensIn
          : spec.count === 'out'
            ? t.usage.tokensOut
            : t.usage.tokensIn + t.usage.tokensOut,
    spec.count === 'in' ? 'input tokens' : spec.count === 'out' ? 'output tokens' : 'tokens (input + output)',
    spec.maxTokens,
    '',
  );

/** Why a turn has no cost: no token usage either (nothing to price), or tokens but no `pricing` to price them with. */
function noCost(turns: Turn[]): string {
  const unpriced = turns.filter((t) => t.usage?.costUsd === undefined);
  if (unpriced.length > 0 && unpriced.every((t) => t.usage !== undefined)) {
    return 'the target reported token usage but no cost: add `pricing` (USD per 1k input/output tokens) to the target file';
  }
  return 'the target reported no cost and no token usage to price (map `response.usage` or `response.cost` in the target file)';
}

export const costBudget: CheckHandler<CheckSpecOf<'cost-budget'>> = (spec, ctx) =>
  measured(spec, ctx, (t) => t.usage?.costUsd, 'cost', spec.maxUsd, 'USD', noCost);
