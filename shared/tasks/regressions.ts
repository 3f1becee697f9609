/**
 * eval.regressions — a node of every daily run: expands the run with one conversation (and judgment) per case
 * of the stored regression set (shared/eval/regressions.ts), attached under the report, so a bug reported
 * through POST /feedback is checked every day until it is green.
 */
import { z } from 'zod';
import { defineKind } from '../engine/kinds.ts';
import { regressionSets } from '../eval/regressions.ts';
import { caseTasks } from '../plans/eval.ts';
import { keyMaker } from '../plans/keys.ts';
import { targetConfigSchema } from '../targets/index.ts';

export const regressionsPayloadSchema = z.object({
  target: targetConfigSchema,
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

export const regressionsKind = defineKind({
  kind: 'eval.regressions',
  // Beside the ingestion it runs with: a daily run needs the ingester anyway, and this is a few reads.
  queue: 'ingest',
  payload: regressionsPayloadSchema,
  timeoutMs: 5 * 60_000,
  attempts: 3,
  backoffMs: 5_000,
  handler: async (p, ctx) => {
    const { sets, refused } = await regressionSets(ctx.db);
    if (refused.length) ctx.log.warn({ refused }, 'stored regression cases the current schema refuses were left out');
    // Keys are fixed by the cases, so a retried or resumed expansion produces the very same tasks.
    const key = keyMaker();
    const tasks = caseTasks(sets, p.target, { today: p.today, key: (raw) => key(`regression.${raw}`) });
    const expanded = tasks.length ? await ctx.expand(tasks, { attachTo: 'report' }) : { added: 0 };
    return { cases: sets.reduce((n, s) => n + s.cases.length, 0), refused, tasksAdded: expanded.added };
  },
});
