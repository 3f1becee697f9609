/**
 * The `daily` plan: the day's new bandi, each tested the day it arrives. One DAG: ingest (which expands the
 * run with every new tender's tests, judgments, metadata check and verdict), the stored regression set (which
 * expands it with its cases) and the global tasks (red-team, diagnostics), then the report. Submit it with Idempotency-Key `daily-<date>`: re-running the same day
 * returns the same run, and ingestion only adds what is new or changed.
 */
import { z } from 'zod';
import { isoDate } from '../tender/metadata.ts';
import { sourceConfigSchema } from '../ingest/index.ts';
import { targetConfigSchema } from '../targets/index.ts';
import { familySchema } from '../generate/index.ts';
import { redteamSelectionSchema } from './eval.ts';
import { diagnosticsPayloadSchema } from '../tasks/diagnostics.ts';
import { globalTasks, suiteOptionsSchema } from './suite.ts';
import { keyMaker } from './keys.ts';
import { mutateOptionSchema, mutateTask } from './mutate.ts';
import type { PlanDef } from './types.ts';

export const dailyPlanSchema = z.object({
  plan: z.literal('daily'),
  name: z.string().min(1).max(200).default('daily'),
  source: sourceConfigSchema,
  target: targetConfigSchema,
  /** Defaults to the date the run is planned (UTC). */
  today: isoDate.optional(),
  families: z.array(familySchema).optional(),
  retest: z.enum(['new', 'all']).default('new'),
  redteam: redteamSelectionSchema.optional(),
  diagnostics: z.array(diagnosticsPayloadSchema).default([]),
  threshold: z.number().min(0).max(1).optional(),
  /** After the report, mutation-test the day's suite (would it notice the chatbot breaking?). */
  mutate: mutateOptionSchema.optional(),
});
export type DailyPlanInput = z.input<typeof dailyPlanSchema>;

export const dailyPlan: PlanDef<typeof dailyPlanSchema> = {
  id: 'daily',
  schema: dailyPlanSchema,
  build: async (input) => {
    const today = input.today ?? new Date().toISOString().slice(0, 10);
    const key = keyMaker();
    // Each day plays another seeded selection (reproducible from the date), unless the request fixes the seed.
    const redteam = input.redteam ? { ...input.redteam, seed: input.redteam.seed ?? today } : undefined;
    // Red-team tasks wait for the ingestion: the expired bandi their detectors look for come from today's corpus.
    const globals = globalTasks(suiteOptionsSchema.parse({ target: input.target, today, redteam, diagnostics: input.diagnostics }), key, ['ingest']);
    const tasks = [
      {
        key: 'ingest',
        kind: 'ingest.daily',
        payload: { source: input.source, target: input.target, today, families: input.families, retest: input.retest },
      },
      // The stored regression set (POST /feedback): replayed every day until each case is green.
      { key: 'regressions', kind: 'eval.regressions', payload: { target: input.target, today } },
      ...globals,
    ];
    const report = { key: 'report', kind: 'eval.report', payload: { threshold: input.threshold }, dependsOn: tasks.map((t) => t.key) };
    return { name: input.name, tasks: [...tasks, report, ...(input.mutate ? [mutateTask(input.mutate)] : [])] };
  },
};
