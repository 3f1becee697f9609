import type { z } from 'zod';
import type { TaskSpec } from '../engine/dag.ts';
import type { Config } from '../config.ts';

export interface PlanBuildDeps {
  config: Config;
}

/** A plan turns a validated run request into the run's tasks. Errors it throws name the field. */
export interface PlanDef<S extends z.ZodType = z.ZodType> {
  id: string;
  schema: S;
  /** `shared`: values the tasks' payloads refer to as {"$shared": name} (stored once with the run). */
  build(input: z.output<S>, deps: PlanBuildDeps): Promise<{ name: string; tasks: TaskSpec[]; shared?: Record<string, unknown> }>;
}
