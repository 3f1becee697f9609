/**
 * eval.mutate — mutation testing of a finished run's suite (shared/mutate): no chatbot call, the run's own
 * checks and detectors applied to mutants of its stored transcripts; LLM checks only with a judge model.
 * Its source is the run named in the payload, or (as a plan option of eval/daily runs) its own run.
 */
import { z } from 'zod';
import { defineKind } from '../engine/kinds.ts';
import { makeLlmJudge } from '../eval/llm-judge.ts';
import { mutateRun } from '../mutate/index.ts';
import { llmFor } from './llm.ts';

export const mutatePayloadSchema = z
  .object({
    /** The run whose transcripts are mutated; absent: this task's own run. */
    sourceRun: z.string().min(1).optional(),
    operators: z.array(z.string().min(1)).optional(),
    minScore: z.number().min(0).max(1).optional(),
  })
  .strict();

export const mutateKind = defineKind({
  kind: 'eval.mutate',
  queue: 'report',
  payload: mutatePayloadSchema,
  // 2,000 transcripts × 18 operators at ≥ 5,000 mutants/s is seconds; LLM checks (with a judge) take longer.
  timeoutMs: 30 * 60_000,
  attempts: 2,
  backoffMs: 5_000,
  handler: async (p, ctx) => {
    const llm = llmFor(ctx);
    const llmJudge = llm.forRole('judge') ? makeLlmJudge(ctx.config, llm, { runId: ctx.runId, taskKey: ctx.taskKey, signal: ctx.signal }) : undefined;
    const { id, summary } = await mutateRun(ctx.db, p.sourceRun ?? ctx.runId, { only: p.operators, minScore: p.minScore, llmJudge });
    ctx.log.info({ mutationId: id, score: summary.score, mutants: summary.mutants }, 'mutation run stored');
    return { mutationId: id, score: summary.score, killed: summary.killed, survived: summary.survived, gate: summary.gate };
  },
});
