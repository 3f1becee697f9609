/**
 * eval.judge — the LLM checks of one case, each under its test type's mandate, and what its deterministic
 * checks left undecided (answer-presence, under its own mandate); then the case's final outcome from all its
 * checks. Without a judge model each of them is `invalid` ("no judge model configured").
 */
import { defineKind } from '../engine/kinds.ts';
import { and, eq } from 'drizzle-orm';
import { drizzleOf } from '../db/client.ts';
import { transcripts } from '../db/schema/index.ts';
import { caseVerdict, runChecks, type WeightedResult } from '../checks/index.ts';
import { transcriptSchema } from '../transcript.ts';
import { checkListSchema, judgePayloadSchema } from '../eval/payloads.ts';
import { loadCheckResults, saveCheckResults, updateCaseOutcome, type StoredCheck } from '../eval/store.ts';
import { makeLlmJudge, type JudgedResult } from '../eval/llm-judge.ts';
import { llmFor } from './llm.ts';
import { targetConfigSchema } from '../targets/index.ts';
import { isLlmCheck } from './converse.ts';


export const judgeKind = defineKind({
  kind: 'eval.judge',
  queue: 'judge',
  payload: judgePayloadSchema,
  timeoutMs: 10 * 60_000,
  attempts: 3,
  backoffMs: 5_000,
  handler: async (p, ctx) => {
    const tr = transcripts;
    const row = (await drizzleOf(ctx.sql).select({ turns: tr.turns, sessionId: tr.sessionId }).from(tr).where(and(eq(tr.runId, ctx.runId), eq(tr.taskKey, p.caseTask))))[0];
    if (!row) throw new Error(`no transcript for ${p.caseTask}`);
    const transcript = transcriptSchema.parse({ sessionId: row.sessionId ?? undefined, turns: row.turns });
    // answer-presence runs again (its rules are deterministic: the same verdict as in the converse task) and goes
    // to the judge only where they cannot decide; what they decide stays as the converse task stored it.
    const specs = (await ctx.shared(p.case.checks, checkListSchema)).filter((c) => isLlmCheck(c) || c.type === 'answer-presence');
    const configured = Boolean(llmFor(ctx).forRole('judge'));
    const targetConfig = await ctx.shared(p.case.target, targetConfigSchema);
    const ran = await runChecks(specs, {
      transcript,
      roles: targetConfig.roles,
      cannedReplies: targetConfig.cannedReplies,
      expected: p.case.expected,
      vars: { ...p.case.vars, ...(p.case.tenderId ? { tenderId: p.case.tenderId } : {}) },
      llmJudge: configured ? makeLlmJudge(ctx.config, llmFor(ctx), { runId: ctx.runId, taskKey: ctx.taskKey, signal: ctx.signal }) : undefined,
    });
    const results = ran.filter((r) => r.type !== 'answer-presence' || r.undecided !== undefined);
    const stored: StoredCheck[] = results.map((r) => {
      const v = (r as WeightedResult & JudgedResult).verdict;
      return {
        ...r,
        source: 'llm',
        mandateId: v?.mandateId,
        mandateVersion: v?.mandateVersion,
        model: v?.model,
        details: v || r.undecided ? { ...(v ? { raw: v.raw, subVerdicts: v.subVerdicts, agreement: v.agreement, usage: v.usage } : {}), ...(r.undecided ? { undecided: r.undecided } : {}) } : undefined,
      };
    });
    for (const s of stored) {
      const u = (s.details as { usage?: { tokensIn: number; tokensOut: number; costUsd: number } } | undefined)?.usage;
      if (u) ctx.addUsage(u);
    }
    // Stored with the case (its task key), beside its deterministic checks: one case, one list of checks,
    // in every report. They replace the "not judged yet" rows the converse task left.
    await saveCheckResults(ctx.sql, ctx.runId, p.caseTask, stored);
    // The case outcome is decided over all its checks, deterministic (stored by the converse task) and LLM.
    const all = await loadCheckResults(ctx.sql, ctx.runId, p.caseTask);
    const verdict = caseVerdict(all, { threshold: p.case.threshold });
    await updateCaseOutcome(ctx.sql, { runId: ctx.runId, taskKey: p.caseTask, ...verdict });
    return { outcome: verdict.outcome, judged: stored.length };
  },
});
