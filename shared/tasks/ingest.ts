/**
 * ingest.daily — the first node of a daily run: ingests the source (only new or changed bandi), generates each
 * new tender's tests and expands the run with their conversations, judgments, metadata checks and verdicts,
 * attached under the report.
 */
import { z } from 'zod';
import { defineKind } from '../engine/kinds.ts';
import { ingest, sourceConfigSchema } from '../ingest/index.ts';
import { targetConfigSchema } from '../targets/index.ts';
import { familySchema } from '../generate/index.ts';
import { keyMaker } from '../plans/keys.ts';
import { tenderTasks } from '../plans/suite.ts';
import { llmFor } from './llm.ts';

export const ingestPayloadSchema = z.object({
  source: sourceConfigSchema,
  target: targetConfigSchema,
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  families: z.array(familySchema).optional(),
  /** 'new': only bandi added or changed by this ingestion (the daily default); 'all': every current bando. */
  retest: z.enum(['new', 'all']).default('new'),
  metadataFrom: z.enum(['tenders', 'demo']).default('tenders'),
});

export const ingestKind = defineKind({
  kind: 'ingest.daily',
  queue: 'ingest',
  payload: ingestPayloadSchema,
  timeoutMs: 30 * 60_000,
  attempts: 3,
  backoffMs: 10_000,
  handler: async (p, ctx) => {
    const result = await ingest(ctx.sql, p.source, { runId: ctx.runId, signal: ctx.signal });
    const ids = p.retest === 'all' ? undefined : [...result.added, ...result.changed];
    let expanded = { added: 0 };
    let cases = 0;
    if (ids === undefined || ids.length > 0) {
      // Keys are prefixed so a resumed or retried expansion produces the very same tasks.
      const key = keyMaker();
      // With a generator model, LLM facts (evidence verified verbatim) and rephrased searches join the templates.
      const generator = llmFor(ctx).forRole('generator');
      const per = await tenderTasks(ctx.sql, ids, { target: p.target, today: p.today, families: p.families, metadataFrom: p.metadataFrom, generator }, key);
      cases = per.cases;
      expanded = await ctx.expand(per.tasks, { attachTo: 'report' });
    }
    return {
      added: result.added,
      changed: result.changed,
      unchanged: result.unchanged.length,
      errors: result.errors,
      cases,
      tasksAdded: expanded.added,
    };
  },
});
