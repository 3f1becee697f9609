/** Job payloads of the evaluation kinds. Parsed when a plan is built and again when a worker picks them up. */
import { z } from 'zod';
import { checkSpecSchema } from '../checks/index.ts';
import { targetConfigSchema } from '../targets/index.ts';
import { orShared } from '../engine/shared-values.ts';
import { scriptStepSchema } from '../llm/simulate-user.ts';

export const casePayloadSchema = z.object({
  setId: z.string(),
  caseId: z.string(),
  setType: z.enum(['single', 'conversation']),
  /** One user message per turn. */
  turns: z.array(z.string().min(1)).min(1),
  expected: z.string().optional(),
  vars: z.record(z.string(), z.string()).default({}),
  /**
   * Every check of the case (set defaults, case checks, per-turn checks), deterministic and LLM; or (eval
   * plans) a reference to the run's shared list, since most cases of a set have the same checks.
   */
  checks: orShared(z.array(checkSpecSchema)),
  threshold: z.number().min(0).max(1).optional(),
  /** The target config, or (eval plans) a reference to the run's shared one. */
  target: orShared(targetConfigSchema),
  repeatIndex: z.number().int().nonnegative().default(0),
  tags: z.array(z.string()).default([]),
  tenderId: z.string().optional(),
  /** What generated the case (boilerplate, fact, search, scope-switch, redteam, scenario). */
  family: z.string().optional(),
  /** "Today" for date checks (ISO date); the demo pins it. */
  today: z.string().optional(),
  /**
   * With a simulator model configured, a simulated user (persona + goal + one script step per turn, scope
   * switches included) phrases the turns; without one, `turns` are played as written.
   */
  simulate: z
    .object({
      persona: z.string().min(1),
      goal: z.string().min(1),
      script: z.array(scriptStepSchema).default([]),
      maxTurns: z.number().int().positive().max(50),
    })
    .optional(),
});
export type CasePayload = z.output<typeof casePayloadSchema>;

/** A case's check list, as stored in a run's shared values. */
export const checkListSchema = z.array(checkSpecSchema);
export type CasePayloadInput = z.input<typeof casePayloadSchema>;

export const judgePayloadSchema = z.object({
  caseTask: z.string(),
  case: casePayloadSchema,
});
export type JudgePayload = z.output<typeof judgePayloadSchema>;
