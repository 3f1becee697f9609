/** eval.report — the final node of every evaluation run (partial runs too): the run summary, stored. */
import { z } from 'zod';
import { defineKind } from '../engine/kinds.ts';
import { computeSummary, saveSummary } from '../eval/summary.ts';

export const reportKind = defineKind({
  kind: 'eval.report',
  queue: 'report',
  payload: z.object({ threshold: z.number().min(0).max(1).optional() }).default({}),
  timeoutMs: 5 * 60_000,
  attempts: 3,
  backoffMs: 2_000,
  alwaysRun: true,
  handler: async (p, ctx) => {
    const summary = await computeSummary(ctx.sql, ctx.runId);
    await saveSummary(ctx.sql, summary);
    const rate = summary.totals.passRate;
    return {
      totals: summary.totals,
      regressions: summary.regressions,
      gate: p.threshold === undefined || rate === null ? null : rate >= p.threshold ? 'pass' : 'fail',
    };
  },
});
