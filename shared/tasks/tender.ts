/**
 * tender.verdict — one bando's verdict once its conversations, judgments and metadata check are done, with
 * evidence: `not tested` (how many cases, why) when some of its cases could not be played, else ok/ko.
 */
import { and, asc, count, eq, inArray, notExists, sql as frag } from 'drizzle-orm';
import { z } from 'zod';
import { drizzleOf } from '../db/client.ts';
import { caseResults, metadataChecks, tasks } from '../db/schema/index.ts';
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
    const db = drizzleOf(ctx.sql);
    const c = caseResults;
    const ofTender = and(eq(c.runId, ctx.runId), eq(c.tenderId, p.tenderId));
    const failed = await db
      .select({ case_id: c.caseId, family: c.family, outcome: c.outcome, reason: c.reason })
      .from(c)
      .where(and(ofTender, inArray(c.outcome, ['fail', 'error'])))
      .orderBy(asc(c.caseId));
    const counts = (
      await db
        .select({
          total: count(),
          pass: frag<number>`(count(*) filter (where ${c.outcome} = 'pass'))::int`,
          invalid: frag<number>`(count(*) filter (where ${c.outcome} = 'invalid'))::int`,
        })
        .from(c)
        .where(ofTender)
    )[0]!;
    const m = metadataChecks;
    const md = (await db.select({ verdict: m.verdict, discrepancies: m.discrepancies }).from(m).where(and(eq(m.runId, ctx.runId), eq(m.tenderId, p.tenderId))))[0];
    // Case tasks of the tender that ended without a case result.
    const lost = (
      await db
        .select({ n: count() })
        .from(tasks)
        .where(
          and(
            eq(tasks.runId, ctx.runId),
            inArray(tasks.status, ['failed', 'canceled']),
            eq(frag`${tasks.payload}->>'tenderId'`, p.tenderId),
            inArray(tasks.kind, ['eval.converse', 'eval.redteam']),
            notExists(db.select({ one: frag`1` }).from(c).where(and(eq(c.runId, tasks.runId), eq(c.taskKey, tasks.taskKey)))),
          ),
        )
    )[0]!.n;
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
