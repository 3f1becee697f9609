/** tender.verdict — one bando's ok/ko once its conversations, judgments and metadata check are done, with evidence. */
import { z } from 'zod';
import { defineKind } from '../engine/kinds.ts';

export const tenderVerdictKind = defineKind({
  kind: 'tender.verdict',
  queue: 'report',
  payload: z.object({ tenderId: z.string() }),
  timeoutMs: 60_000,
  attempts: 3,
  backoffMs: 1_000,
  // A verdict is due even when some of the tender's tasks failed: they count as evidence of ko.
  alwaysRun: true,
  handler: async (p, ctx) => {
    const failed = await ctx.sql<{ case_id: string; family: string | null; outcome: string; reason: string }[]>`
      select case_id, family, outcome, reason from case_results
      where run_id = ${ctx.runId} and tender_id = ${p.tenderId} and outcome in ('fail', 'error') order by case_id`;
    const counts = (await ctx.sql<{ total: number; pass: number; invalid: number }[]>`
      select count(*)::int as total, count(*) filter (where outcome = 'pass')::int as pass,
        count(*) filter (where outcome = 'invalid')::int as invalid
      from case_results where run_id = ${ctx.runId} and tender_id = ${p.tenderId}`)[0]!;
    const md = (await ctx.sql<{ verdict: string; discrepancies: unknown[] }[]>`
      select verdict, discrepancies from metadata_checks where run_id = ${ctx.runId} and tender_id = ${p.tenderId}`)[0];
    const lost = (await ctx.sql<{ n: number }[]>`
      select count(*)::int as n from tasks where run_id = ${ctx.runId} and status in ('failed', 'canceled')
        and (payload->>'tenderId' = ${p.tenderId})`)[0]!.n;
    const verdict = failed.length === 0 && md?.verdict !== 'ko' && lost === 0 ? 'ok' : 'ko';
    return {
      tenderId: p.tenderId,
      verdict,
      cases: counts,
      failedCases: failed,
      metadata: md ? { verdict: md.verdict, discrepancies: md.discrepancies } : null,
      tasksNotCompleted: lost,
    };
  },
});
