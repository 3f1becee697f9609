/**
 * The LLM roles vaglio uses, each with its own base URL, API key and model, read from the Config object
 * (never from the environment directly). A role without a model is "not configured": callers then report
 * `invalid` with `unconfiguredReason(role)` instead of failing.
 */
import { z } from 'zod';
import type { Config } from '../config.ts';

export const llmRoleSchema = z.enum(['judge', 'simulator', 'generator', 'extractor', 'embeddings']);
export type LlmRole = z.infer<typeof llmRoleSchema>;
export const LLM_ROLES = llmRoleSchema.options;

/** How the server is asked for structured output: JSON-schema response_format, JSON mode, or plain text. */
export const structuredOutputSchema = z.enum(['json_schema', 'json_object', 'text']);
export type StructuredOutputMode = z.infer<typeof structuredOutputSchema>;

export interface RoleSettings {
  role: LlmRole;
  model: string;
  baseURL: string | undefined;
  apiKey: string | undefined;
}

const KEYS = {
  judge: ['VAGLIO_JUDGE_MODEL', 'VAGLIO_JUDGE_BASE_URL', 'VAGLIO_JUDGE_API_KEY'],
  simulator: ['VAGLIO_SIMULATOR_MODEL', 'VAGLIO_SIMULATOR_BASE_URL', 'VAGLIO_SIMULATOR_API_KEY'],
  generator: ['VAGLIO_GENERATOR_MODEL', 'VAGLIO_GENERATOR_BASE_URL', 'VAGLIO_GENERATOR_API_KEY'],
  extractor: ['VAGLIO_EXTRACTOR_MODEL', 'VAGLIO_EXTRACTOR_BASE_URL', 'VAGLIO_EXTRACTOR_API_KEY'],
  embeddings: ['VAGLIO_EMBEDDINGS_MODEL', 'VAGLIO_EMBEDDINGS_BASE_URL', 'VAGLIO_EMBEDDINGS_API_KEY'],
} as const satisfies Record<LlmRole, readonly [keyof Config, keyof Config, keyof Config]>;

/** The settings of one role, with VAGLIO_LLM_BASE_URL / VAGLIO_LLM_API_KEY as fallbacks; undefined without a model. */
export function roleSettings(config: Config, role: LlmRole): RoleSettings | undefined {
  const [modelKey, urlKey, keyKey] = KEYS[role];
  const model = config[modelKey];
  if (typeof model !== 'string' || model === '') return undefined;
  const baseURL = (config[urlKey] as string | undefined) ?? config.VAGLIO_LLM_BASE_URL;
  const apiKey = (config[keyKey] as string | undefined) ?? config.VAGLIO_LLM_API_KEY;
  return { role, model, baseURL, apiKey };
}

/** The reason a caller reports (with outcome `invalid`) when a role has no model. */
export function unconfiguredReason(role: LlmRole): string {
  return `no ${role} model configured`;
}
