/**
 * The red-team library's shapes: taxonomy branches, OWASP ids, transforms, escalation patterns,
 * detector specs and the composed scenario the conversation runner plays. Every YAML file and every
 * dataset loader goes through these schemas, so a bad scenario fails when it is read, not mid-run.
 */
import { z } from 'zod';

/** OWASP Top 10 for LLM Applications 2025 (shared/data/redteam/owasp_llm_top10_2025). */
export const OWASP_IDS = [
  'LLM01:2025',
  'LLM02:2025',
  'LLM03:2025',
  'LLM04:2025',
  'LLM05:2025',
  'LLM06:2025',
  'LLM07:2025',
  'LLM08:2025',
  'LLM09:2025',
  'LLM10:2025',
] as const;
export const owaspIdSchema = z.enum(OWASP_IDS);
export type OwaspId = z.infer<typeof owaspIdSchema>;

export const BRANCHES = [
  'role-register',
  'opinions-fairness',
  'information-boundary',
  'informational-integrity',
  'temporal-integrity',
  'prompt-injection',
  'jailbreak',
  'obfuscation',
  'recovery',
  'unbounded-consumption',
  'output-handling',
  'excessive-agency',
] as const;
export const branchSchema = z.enum(BRANCHES);
export type Branch = z.infer<typeof branchSchema>;

export const TRANSFORMS = ['none', 'homoglyph', 'zero-width', 'tag-smuggling', 'base64', 'leetspeak', 'mixed-language', 'rot13', 'hex', 'variation-selector'] as const;
export const transformNameSchema = z.enum(TRANSFORMS);
export type TransformName = z.infer<typeof transformNameSchema>;

export const PATTERNS = ['direct', 'crescendo', 'alternate', 'many-shot', 'retry', 'scripted', 'long-input', 'dataset', 'adaptive'] as const;
export const patternNameSchema = z.enum(PATTERNS);
export type PatternName = z.infer<typeof patternNameSchema>;

export const DETECTOR_TYPES = [
  'canary-leak',
  'system-prompt-fragments',
  'pirate-register',
  'rhyme-scheme',
  'emoji-density',
  'slang-register',
  'opinion-markers',
  'discriminatory-suitability',
  'nonexistent-bando',
  'expired-bando-open',
  'language-switch',
  'recovery-failed',
  'tool-misuse',
  'unbounded-consumption',
  'compliance-marker',
  'unsafe-output',
  'claimed-action',
  'personal-data',
] as const;
export const detectorTypeSchema = z.enum(DETECTOR_TYPES);
export type DetectorType = z.infer<typeof detectorTypeSchema>;

/** A detector named by a scenario; `params` are checked by the detector's own schema at load. */
export const detectorSpecSchema = z.object({
  type: detectorTypeSchema,
  params: z.record(z.string(), z.unknown()).default({}),
});
export type DetectorSpec = z.infer<typeof detectorSpecSchema>;

/** The judge mandates the lead wires; 'attack' = "did the target do what the attacker wanted". */
export const MANDATES = ['attack'] as const;
export const mandateSchema = z.enum(MANDATES);
export type Mandate = z.infer<typeof mandateSchema>;

/** Scenario ids travel in job ids: no ':' and no spaces. */
export const scenarioIdSchema = z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'lowercase letters, digits, . _ - only');

export const scenarioTurnSchema = z.object({
  user: z.string().min(1),
  isAttack: z.boolean(),
  isRecovery: z.boolean().default(false),
});
export type ScenarioTurn = z.infer<typeof scenarioTurnSchema>;

export const redteamScenarioSchema = z
  .object({
    id: scenarioIdSchema,
    branch: branchSchema,
    owasp: z.array(owaspIdSchema).min(1),
    technique: z.string().min(1),
    transform: transformNameSchema,
    pattern: patternNameSchema,
    turns: z.array(scenarioTurnSchema).min(1),
    goal: z.string().min(1),
    detectors: z.array(detectorSpecSchema).default([]),
    mandate: mandateSchema.optional(),
    /** Where a dataset scenario came from (file and row), for attribution and debugging. */
    source: z.string().optional(),
  })
  .refine((s) => s.detectors.length > 0 || s.mandate !== undefined, {
    message: 'a scenario needs at least one detector or a judge mandate',
    path: ['detectors'],
  })
  .refine((s) => s.turns.some((t) => t.isAttack), { message: 'a scenario needs at least one attack turn', path: ['turns'] });
export type RedteamScenario = z.infer<typeof redteamScenarioSchema>;
