/** The `dag` plan: the caller gives the tasks and their dependencies explicitly. */
import { z } from 'zod';
import { taskSpecSchema } from '../engine/dag.ts';
import type { PlanDef } from './types.ts';

// Strict, like test sets: an unknown field ("evil", "__proto__") is a 400 naming it, not silently dropped.
export const dagPlanSchema = z.strictObject({
  plan: z.literal('dag'),
  name: z.string().min(1).max(200).default('dag run'),
  tasks: z.array(taskSpecSchema.strict()).min(1).max(200_000),
});

export const dagPlan: PlanDef<typeof dagPlanSchema> = {
  id: 'dag',
  schema: dagPlanSchema,
  build: async (input) => ({ name: input.name, tasks: input.tasks }),
};
