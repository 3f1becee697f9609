/** plan: 'mutate' — mutation testing of a finished run's suite, as a run of its own (API: POST /runs/:id/mutations). */
import { z } from 'zod';
import { ValidationError } from '../engine/errors.ts';
import { OperatorConfigError, selectOperators } from '../mutate/registry.ts';
import type { TaskSpec } from '../engine/dag.ts';
import type { PlanDef } from './types.ts';

/** `mutate:` in an eval or daily plan: after the report, the run's own suite is mutation-tested. */
export const mutateOptionSchema = z
  .object({
    /** Operator ids (default: every built-in operator). */
    operators: z.array(z.string().min(1)).optional(),
    /** Gate of the mutation run: its score below it fails its gate. */
    minScore: z.number().min(0).max(1).optional(),
  })
  .strict();
export type MutateOption = z.infer<typeof mutateOptionSchema>;

function checkOperators(operators: string[] | undefined, field: string): void {
  // Unknown operator ids are refused before anything is stored or enqueued.
  try {
    selectOperators([], operators);
  } catch (err) {
    if (err instanceof OperatorConfigError) throw new ValidationError([`${field}: ${err.message}`]);
    throw err;
  }
}

/** The task that mutation-tests its own run once the report (and so every case) is done. */
export function mutateTask(opt: MutateOption, after = 'report'): TaskSpec {
  checkOperators(opt.operators, 'body.mutate.operators');
  return { key: 'mutate', kind: 'eval.mutate', payload: { operators: opt.operators, minScore: opt.minScore }, dependsOn: [after] };
}

export const mutatePlanSchema = z
  .object({
    plan: z.literal('mutate'),
    name: z.string().min(1).max(200).optional(),
    /** The finished run whose transcripts are mutated. */
    sourceRun: z.string().regex(/^[A-Za-z0-9_.-]+$/, 'a run id'),
    /** Operator ids (default: every built-in operator). */
    operators: z.array(z.string().min(1)).optional(),
    /** Gate: the mutation score (killed over covered mutants) below it fails the mutation run's gate. */
    minScore: z.number().min(0).max(1).optional(),
  })
  .strict();

export const mutatePlan: PlanDef<typeof mutatePlanSchema> = {
  id: 'mutate',
  schema: mutatePlanSchema,
  async build(input) {
    checkOperators(input.operators, 'operators');
    return {
      name: input.name ?? `mutate ${input.sourceRun}`,
      tasks: [{ key: 'mutate', kind: 'eval.mutate', payload: { sourceRun: input.sourceRun, operators: input.operators, minScore: input.minScore } }],
    };
  },
};
