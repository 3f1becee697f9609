/**
 * eval.converse — plays one case against the target, stores the transcript, applies every deterministic
 * check, and stores the case's outcome (provisional when LLM checks, or what the deterministic rules left
 * undecided, are still to be judged).
 */
import { defineKind } from '../engine/kinds.ts';
import { LLM_CHECK_TYPES, caseVerdict, checkIds, runChecks, type CheckSpec, type WeightedResult } from '../checks/index.ts';
import { targetConfigSchema, targetFor } from '../targets/index.ts';
import { casePayloadSchema, checkListSchema, type CasePayload } from '../eval/payloads.ts';
import { llmFor } from './llm.ts';
import { simulateUser } from '../llm/simulate-user.ts';
import type { TaskContext } from '../engine/kinds.ts';
import { TargetOutageError, answerSignature, playCase, redactPlayIf, toolSignature, type NextTurn } from '../eval/play.ts';
import { saveCaseOutcome, transcriptRow } from '../eval/store.ts';
import { awaitingJudgeReason, ensureJudgeTask, undecidedChecks } from '../eval/judge-later.ts';

/** The reason an LLM check carries until the case's judge task has run. */
export const AWAITING_JUDGE = 'not judged yet (the judge task has not run)';

export const isLlmCheck = (c: CheckSpec) => (LLM_CHECK_TYPES as readonly string[]).includes(c.type);

/** A simulated user for cases that ask for one, when a simulator model is configured (else the scripted turns). */
function simulatedUser(p: CasePayload, ctx: TaskContext): NextTurn | undefined {
  if (!p.simulate) return undefined;
  const llm = llmFor(ctx).forRole('simulator');
  if (!llm) return undefined;
  const sim = p.simulate;
  return async (conversation) => {
    const next = await simulateUser({ ...sim, conversation, llm, language: 'it', ctx: { runId: ctx.runId, taskKey: ctx.taskKey, signal: ctx.signal } });
    return next.done ? undefined : next.message;
  };
}

export const converseKind = defineKind({
  kind: 'eval.converse',
  queue: 'converse',
  payload: casePayloadSchema,
  // Several turns, each bounded by the target's own timeout and retries.
  timeoutMs: 5 * 60_000,
  attempts: 3,
  backoffMs: 2_000,
  batchable: true,
  handler: async (p, ctx) => {
    const targetConfig = await ctx.shared(p.target, targetConfigSchema);
    const target = targetFor(targetConfig, ctx.redis, ctx.prefix);
    // Read before the conversation: once the chatbot has been asked, nothing but storing the outcome may fail
    // because of Postgres (an outage must not make vaglio ask it twice).
    const checks = await ctx.shared(p.checks, checkListSchema);
    const vars = { ...p.vars, ...(p.tenderId ? { tenderId: p.tenderId } : {}) };
    // Redacted before anything is stored or checked, so no stored row or judge prompt holds the PII.
    const played = redactPlayIf(ctx.config.VAGLIO_REDACT_PII, await playCase(target, p.turns, vars, ctx.signal, simulatedUser(p, ctx)));
    ctx.addUsage({ tokensIn: played.tokensIn, tokensOut: played.tokensOut, costUsd: played.costUsd });
    // The conversation is over: checking and storing it need not hold up the next one.
    ctx.releaseSlot();
    const deterministic = checks.filter((c) => !isLlmCheck(c));
    const checked = await runChecks(deterministic, {
      transcript: played.transcript,
      expected: p.expected,
      vars,
      roles: targetConfig.roles,
      cannedReplies: targetConfig.cannedReplies,
      now: p.today ? new Date(`${p.today}T12:00:00Z`) : undefined,
    });
    const llmChecks = checks.filter(isLlmCheck);
    // What the rules left undecided goes to the case's judge task when there is a judge model; without one it
    // stays `invalid` with the reason the check gave ("no judge model configured: answer-presence undecided …").
    const toJudge = llmFor(ctx).forRole('judge') ? undecidedChecks(checked) : [];
    const results = checked.map((r) => (toJudge.includes(r) ? { ...r, reason: awaitingJudgeReason(r.undecided!) } : r));
    const pendingLlm = llmChecks.length > 0 || toJudge.length > 0;
    // The LLM checks are stored with the case as not judged yet (the judge task overwrites them): until it
    // has run, and if it never does, the case shows them and cannot pass without them.
    const llmIds = checkIds(llmChecks);
    const awaiting: WeightedResult[] = llmChecks.map((c, i) => ({
      checkId: llmIds[i]!,
      type: c.type,
      outcome: 'invalid',
      reason: AWAITING_JUDGE,
      weight: c.weight,
      hard: c.hard,
    }));
    const verdict = caseVerdict([...results, ...awaiting], { threshold: p.threshold });
    // Transcript, check results and case result in one statement, shared with the cases finishing alongside.
    // Kept until stored: an outage delays the write, it does not replay the conversation.
    await ctx.persist(() => saveCaseOutcome(ctx.sql, {
      transcript: transcriptRow(ctx, targetConfig, played),
      checks: [
        ...results.map((r) => ({ ...r, source: 'deterministic' as const })),
        ...awaiting.map((r) => ({ ...r, source: 'llm' as const })),
      ],
      result: {
      runId: ctx.runId,
      taskKey: ctx.taskKey,
      setId: p.setId,
      caseId: p.caseId,
      tenderId: p.tenderId,
      family: p.family,
      repeatIndex: p.repeatIndex,
      tags: p.tags,
      outcome: verdict.outcome,
      score: verdict.score,
      reason: played.error ? `target error: ${played.error}` : verdict.reason,
      answerSignature: answerSignature(played.transcript),
      toolSignature: toolSignature(played.transcript),
      pendingLlm,
        latencyMs: played.latencyMs,
      },
    }));
    // A case without a planned judge task (no LLM checks) gets one now (kept until stored, like the outcome).
    if (toJudge.length > 0) await ctx.persist(() => ensureJudgeTask(ctx, p));
    // The target could not be reached: the case is stored as an error (what a report shows if every retry
    // fails too), and the task fails, so the engine retries it and then dead-letters it for resume/reprocess.
    if (played.outage) throw new TargetOutageError(played.error ?? 'unknown');
    // The outcome is in case_results (read by the judge and the report): no task result to store.
    return undefined;
  },
});
