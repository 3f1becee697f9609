/** Run plans, one registry: the request body's `plan` picks one. Adding a plan: a file + two lines here. */
import { z } from 'zod';
import { dagPlan, dagPlanSchema } from './dag.ts';
import { evalPlan, evalPlanSchema } from './eval.ts';
import { dailyPlan, dailyPlanSchema } from './daily.ts';
import { mutatePlan, mutatePlanSchema } from './mutate.ts';
import type { PlanDef } from './types.ts';

export const runRequestSchema = z.discriminatedUnion('plan', [dagPlanSchema, evalPlanSchema, dailyPlanSchema, mutatePlanSchema]);
export type RunRequest = z.output<typeof runRequestSchema>;

export const PLANS: Record<RunRequest['plan'], PlanDef> = {
  dag: dagPlan as PlanDef,
  eval: evalPlan as PlanDef,
  daily: dailyPlan as PlanDef,
  mutate: mutatePlan as PlanDef,
};
