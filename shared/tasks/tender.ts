/**
 * tender.verdict — one bando's verdict once its conversations, judgments and metadata check are done, with
 * evidence: `not tested` (how many cases, why) when some of its cases could not be played, else ok/ko.
 */
import { z } from 'zod';
import { defineKind } from '../engine/kinds.ts';

export const tenderVerdictKind = defineKind({
  kind: 'tender.verdict',
  queue: 'report',
  payload: z.object({ tenderId: z.string() }),
  timeoutMs: 60_000,
  attempts: 3,
  backoffMs: 1_000,
  // A verdict is due even when some of the tender's tasks failed: then it says the bando was not tested.
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
      select count(*)::int as n from tasks t where t.run_id = ${ctx.runId} and t.status in ('failed', 'canceled')
        and t.payload->>'tenderId' = ${p.tenderId} and t.kind in ('eval.converse', 'eval.redteam')
        and not exists (select 1 from case_results r where r.run_id = t.run_id and r.task_key = t.task_key)`)[0]!.n;
    const errored = failed.filter((f) => f.outcome === 'error');
    const untested = errored.length + lost;
    const verdict = untested > 0 ? 'not tested' : failed.length === 0 && md?.verdict !== 'ko' ? 'ok' : 'ko';
    const why = [...new Set(errored.map((f) => f.reason))].slice(0, 3).join(' | ') + (lost ? `${errored.length ? ' | ' : ''}${lost} case tasks failed or were canceled` : '');
    return {
      tenderId: p.tenderId,
      verdict,
      ...(untested > 0 ? { untested, why } : {}),
      cases: counts,
      failedCases: failed,
      metadata: md ? { verdict: md.verdict, discrepancies: md.discrepancies } : null,
      tasksNotCompleted: lost,
    };
  },
});
