/**
 * What a target's turns cost when the target reports tokens but no price: `pricing` in the target file, in USD
 * per 1,000 input and output tokens. A cost the reply carries (`response.cost`, OpenAI-style `usage.cost`) wins:
 * it is what the operator was billed. A reply without token usage stays unpriced (cost-budget says why).
 */
import { z } from 'zod';
import type { Target, TargetReply } from './types.ts';

export const pricingSchema = z.strictObject({
  /** USD per 1,000 input (prompt) tokens. */
  inputPer1k: z.number().nonnegative(),
  /** USD per 1,000 output (completion) tokens. */
  outputPer1k: z.number().nonnegative(),
});
export type Pricing = z.infer<typeof pricingSchema>;

/** The reply with `usage.costUsd` set from its tokens, when it has usage and no reported cost. */
export function priceReply(reply: TargetReply, pricing: Pricing): TargetReply {
  const u = reply.usage;
  if (!u || u.costUsd !== undefined) return reply;
  const costUsd = (u.tokensIn * pricing.inputPer1k + u.tokensOut * pricing.outputPer1k) / 1000;
  return { ...reply, usage: { ...u, costUsd } };
}

/** Wraps a target so every reply is priced (the registry does it for every type with `pricing`). */
export function withPricing(target: Target, pricing: Pricing | undefined): Target {
  if (!pricing) return target;
  return { send: async (input, signal) => priceReply(await target.send(input, signal), pricing) };
}
