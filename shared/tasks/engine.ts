import { z } from 'zod';
import { defineKind } from '../engine/kinds.ts';
import { FINALIZE_KIND } from '../engine/dag.ts';
import { finalizeRun } from '../engine/finalize.ts';

export const finalizeKind = defineKind({
  kind: FINALIZE_KIND,
  queue: 'control',
  payload: z.object({}).passthrough(),
  timeoutMs: 30_000,
  attempts: 10,
  backoffMs: 500,
  alwaysRun: true,
  handler: async (_p, ctx) => ({ status: await finalizeRun(ctx.sql, ctx.redis, ctx.prefix, ctx.runId) }),
});
