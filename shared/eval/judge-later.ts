/**
 * What a case's deterministic checks leave undecided (answer-presence: no deflection found, nothing specific
 * either) is decided by the case's judge task, under the check's own mandate. A case with LLM checks has its
 * judge task planned already; any other case gets one added to the run when its reply turns out undecided
 * (engine/expand.ts), so cases the rules decide cost no task.
 */
import { and, arrayContains, eq } from 'drizzle-orm';
import { drizzleOf } from '../db/client.ts';
import { tasks } from '../db/schema/index.ts';
import { FINALIZE_KEY } from '../engine/dag.ts';
import type { TaskContext } from '../engine/kinds.ts';
import type { WeightedResult } from '../checks/index.ts';
import type { CasePayload } from './payloads.ts';

/** The reason an undecided check carries until the case's judge task has run. */
export const awaitingJudgeReason = (why: string): string => `answer-presence undecided (${why}): not judged yet (the judge task has not run)`;

/** The checks whose rules could not decide and that did not fail for another reason: the judge decides them. */
export const undecidedChecks = (results: WeightedResult[]): WeightedResult[] => results.filter((r) => r.undecided !== undefined && r.outcome === 'invalid');

/** The key of the judge task added for an undecided case (planned judge tasks are `judge.<set>.<case>…`). */
export const judgeLaterKey = (caseTask: string): string => `judge-later.${caseTask}`;

/**
 * Makes sure the case has a judge task: a planned one (the case has LLM checks) is left to do it; otherwise one is
 * added to the run, under a task that waits for the case (its tender's verdict, the report, else the run's
 * finalisation), so what waits for the case also waits for its judgment. Idempotent: a retried case adds nothing twice.
 */
export async function ensureJudgeTask(ctx: TaskContext, p: CasePayload): Promise<void> {
  const t = tasks;
  const dependents = await drizzleOf(ctx.sql)
    .select({ key: t.taskKey, kind: t.kind, status: t.status })
    .from(t)
    .where(and(eq(t.runId, ctx.runId), arrayContains(t.dependsOn, [ctx.taskKey])));
  if (dependents.some((d) => d.kind === 'eval.judge')) return;
  const waiting = dependents.filter((d) => d.status === 'queued').map((d) => d.key);
  const attachTo = waiting.sort((a, b) => Number(a === FINALIZE_KEY) - Number(b === FINALIZE_KEY))[0] ?? FINALIZE_KEY;
  await ctx.expand([{ key: judgeLaterKey(ctx.taskKey), kind: 'eval.judge', payload: { caseTask: ctx.taskKey, case: p }, dependsOn: [ctx.taskKey] }], { attachTo });
}
