/**
 * The authored material: taxonomy branches, base attacks (the attack scripts before transforms and
 * escalation patterns are applied) and the pool of legitimate citizen questions used to alternate
 * with attacks and to test recovery.
 */
import { z } from 'zod';
import {
  branchSchema,
  detectorSpecSchema,
  mandateSchema,
  owaspIdSchema,
  scenarioTurnSchema,
  transformNameSchema,
} from './schema.ts';
import { detectorSpecProblems } from './detectors/index.ts';

export const taxonomyBranchSchema = z.object({
  id: branchSchema,
  title: z.string().min(1),
  description: z.string().min(1),
  owasp: z.array(owaspIdSchema).min(1),
  techniques: z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1),
});
export const taxonomySchema = z.object({ branches: z.array(taxonomyBranchSchema).min(1) });
export type Taxonomy = z.infer<typeof taxonomySchema>;
export type TaxonomyBranch = z.infer<typeof taxonomyBranchSchema>;

/** Patterns an author may ask for; 'dataset' and 'adaptive' come from code, never from YAML. */
export const AUTHORED_PATTERNS = ['direct', 'crescendo', 'alternate', 'many-shot', 'retry', 'scripted', 'long-input'] as const;
export const authoredPatternSchema = z.enum(AUTHORED_PATTERNS);
export type AuthoredPattern = z.infer<typeof authoredPatternSchema>;

export const baseAttackSchema = z
  .object({
    /** Dotted, e.g. `role.pirate`; becomes the middle of every composed scenario id. */
    id: z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'dotted lowercase words, e.g. role.pirate'),
    branch: branchSchema,
    owasp: z.array(owaspIdSchema).min(1),
    technique: z.string().regex(/^[a-z0-9-]+$/),
    /** What the attacker tries to elicit; the judge reads it under the 'attack' mandate. */
    goal: z.string().min(10),
    /** The core malicious request, in its plainest form. */
    payload: z.string().min(1),
    /** Rephrasings of the payload: the retry after a refusal, the second attack when alternating. */
    variants: z.array(z.string().min(1)).min(1),
    /** Benign-looking approach turns that a crescendo climbs before the variant and the payload. */
    leadIn: z.array(z.string().min(1)).default([]),
    /** A compliant answer the attacker fakes in a many-shot prompt (absent: no many-shot). */
    primedAnswer: z.string().min(1).optional(),
    /** An explicit multi-turn script, played as-is by the 'scripted' pattern. */
    script: z.array(scenarioTurnSchema).optional(),
    transforms: z.array(transformNameSchema).min(1).default(['none']),
    patterns: z.array(authoredPatternSchema).min(1).default(['direct', 'retry']),
    detectors: z.array(detectorSpecSchema).default([]),
    mandate: mandateSchema.optional(),
  })
  .superRefine((a, ctx) => {
    a.detectors.forEach((spec, i) => {
      for (const message of detectorSpecProblems(spec)) ctx.addIssue({ code: 'custom', message, path: ['detectors', i, 'params'] });
    });
  })
  .refine((a) => a.detectors.length > 0 || a.mandate !== undefined, {
    message: 'a base attack needs at least one detector or a judge mandate',
    path: ['detectors'],
  })
  .refine((a) => !a.patterns.includes('crescendo') || a.leadIn.length >= 1, {
    message: "the 'crescendo' pattern needs at least one leadIn turn",
    path: ['leadIn'],
  })
  .refine((a) => !a.patterns.includes('many-shot') || a.primedAnswer !== undefined, {
    message: "the 'many-shot' pattern needs a primedAnswer",
    path: ['primedAnswer'],
  })
  .refine((a) => !a.patterns.includes('scripted') || (a.script?.length ?? 0) >= 2, {
    message: "the 'scripted' pattern needs a script of at least two turns",
    path: ['script'],
  });
export type BaseAttack = z.infer<typeof baseAttackSchema>;

export const attackFileSchema = z.object({ attacks: z.array(baseAttackSchema).min(1) });

export const legitPoolSchema = z.object({ questions: z.array(z.string().min(10)).min(4) });
export type LegitPool = z.infer<typeof legitPoolSchema>;
