/**
 * The target adapter registry: a zod discriminated union on `type` for the configs and an exhaustive
 * map of factories, so adding a type without its factory does not compile (see README.md).
 */
import { z } from 'zod';
import { createDirectLineTarget, directlineTargetSchema } from './directline.ts';
import { createHttpTarget, httpTargetSchema } from './http.ts';
import { createOpenAiTarget, openaiTargetSchema } from './openai.ts';
import { withPricing } from './pricing.ts';
import type { Target, TargetDeps } from './types.ts';

export const targetConfigSchema = z.discriminatedUnion('type', [httpTargetSchema, openaiTargetSchema, directlineTargetSchema]);
export type TargetConfig = z.infer<typeof targetConfigSchema>;
/** What a config file or API caller writes (defaults not yet applied). */
export type TargetConfigInput = z.input<typeof targetConfigSchema>;
export type TargetType = TargetConfig['type'];
export const TARGET_TYPES = targetConfigSchema.options.map((o) => o.shape.type.value) as TargetType[];

type Factory<K extends TargetType> = (config: Extract<TargetConfig, { type: K }>, deps: TargetDeps) => Target;

const factories: { [K in TargetType]: Factory<K> } = {
  http: createHttpTarget,
  openai: createOpenAiTarget,
  directline: createDirectLineTarget,
};

/** Build a target from its config (validated again here, so defaults apply to hand-written objects). */
export function createTarget(config: TargetConfigInput, deps: TargetDeps): Target {
  const parsed = targetConfigSchema.parse(config);
  // TS cannot correlate `factories[parsed.type]` with `parsed`; the mapped type above guarantees it.
  const factory = factories[parsed.type] as (config: TargetConfig, deps: TargetDeps) => Target;
  return withPricing(factory(parsed, deps), parsed.pricing);
}
