/** Mutation testing of an evaluation suite (see types.ts): load a run, mutate, judge, summarise, store. */
import type { Db } from '../db/client.ts';
import type { JudgeOptions } from './evaluate.ts';
import { loadRunForMutation } from './load.ts';
import { selectOperators } from './registry.ts';
import { summarize, type MutationSummary } from './report.ts';
import { runMutations } from './run.ts';
import { newMutationId, saveMutationRun } from './store.ts';
import type { MutationOperator } from './types.ts';

export { BUILTIN_OPERATORS } from './operators/index.ts';
export { loadOperatorModule, selectOperators, OperatorConfigError } from './registry.ts';
export { renderSummaryText, suggestionsYaml, type MutationSummary } from './report.ts';
export { getMutationRun, listMutationRuns } from './store.ts';
export type { MutationOperator, MutationSubject, MutationContext } from './types.ts';

export interface MutateOptions extends JudgeOptions {
  /** Operator ids to apply (default: all). */
  only?: string[];
  /** Operators of the user's own. */
  extra?: MutationOperator[];
  minScore?: number;
}

/** Mutates a finished run's transcripts, judges every mutant, stores and returns the summary. */
export async function mutateRun(db: Db, runId: string, opts: MutateOptions = {}): Promise<{ id: string; summary: MutationSummary }> {
  const operators = selectOperators(opts.extra, opts.only);
  const loaded = await loadRunForMutation(db, runId);
  const result = await runMutations(loaded, operators, opts);
  const summary = summarize(runId, result, Object.fromEntries(operators.map((o) => [o.id, o.description])), opts.minScore);
  const id = newMutationId();
  await saveMutationRun(db, id, operators.map((o) => o.id), summary);
  return { id, summary };
}
