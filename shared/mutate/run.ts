/**
 * A mutation run: every operator on every subject it applies to, each mutant judged by the suite.
 * Only subjects the suite passes on their original transcript can tell a mutant apart: the others are
 * reported as not applicable, with the reason. No chatbot is called.
 */
import { checkSpecSchema, runChecks } from '../checks/index.ts';
import { withCheckMemo } from '../checks/memo.ts';
import type { Outcome } from '../transcript.ts';
import { coveringInstruments, judge, touchedParts, unexercisedLlmChecks, type JudgeOptions } from './evaluate.ts';
import type { LoadedRun } from './load.ts';
import { timed, type MutationProfile } from './profile.ts';
import type { MutantOutcome, MutationContext, MutationOperator, MutationSubject } from './types.ts';

export interface Suggestion {
  setId: string;
  caseId: string;
  taskKey: string;
  operator: string;
  /** A check that passes on the original transcript and fails on the mutant (verified, not guessed). */
  check: Record<string, unknown>;
}

export interface MutationRunResult {
  mutants: MutantOutcome[];
  suggestions: Suggestion[];
  /** LLM checks present in the suite but not applied (no judge model configured). */
  llmNotExercised: number;
  subjects: number;
}

const failing = (o: Outcome | undefined) => o === 'fail' || o === 'error';

/** Another subject about a different tender (the nearest earlier one), for stale-scope: deterministic. */
function otherFor(subjects: MutationSubject[], i: number): MutationSubject | undefined {
  const s = subjects[i]!;
  for (let k = 1; k < subjects.length; k++) {
    const o = subjects[(i - k + subjects.length) % subjects.length]!;
    if (o.kind === 'case' && o.tenderId && o.tenderId !== s.tenderId) return o;
  }
  return undefined;
}

/** Keeps a suggested check only when it really tells the mutant apart from the original. */
async function verifiedSuggestion(op: MutationOperator, s: MutationSubject, ctx: MutationContext, mutant: MutationSubject['transcript'], cannedReplies?: string[]) {
  if (s.kind !== 'case' || !op.suggest) return undefined;
  const raw = op.suggest(s, ctx);
  const parsed = raw && checkSpecSchema.safeParse(raw);
  if (!parsed || !parsed.success) return undefined;
  const base = { expected: s.expected, vars: s.vars, now: s.today ? new Date(`${s.today}T12:00:00Z`) : undefined, roles: ctx.roles, cannedReplies };
  const [onOriginal] = await runChecks([parsed.data], { ...base, transcript: s.transcript });
  if (onOriginal?.outcome !== 'pass') return undefined;
  const [onMutant] = await runChecks([parsed.data], { ...base, transcript: mutant });
  return onMutant?.outcome === 'fail' ? raw! : undefined;
}

export interface RunOptions {
  profile?: MutationProfile;
  /** Off: every check runs again on every mutant (the verdict-identity test). */
  reuse?: boolean;
}

/** Every operator on every subject, judged with the checks' memos on (shared/checks/memo.ts), emptied at the end. */
export function runMutations(run: LoadedRun, operators: MutationOperator[], judgeOpts: JudgeOptions = {}, options: RunOptions = {}): Promise<MutationRunResult> {
  return withCheckMemo(() => mutateAll(run, operators, judgeOpts, options));
}

async function mutateAll(run: LoadedRun, operators: MutationOperator[], judgeOpts: JudgeOptions, { profile, reuse = true }: RunOptions): Promise<MutationRunResult> {
  const opts: JudgeOptions = { ...judgeOpts, roles: run.target?.roles, cannedReplies: run.target?.cannedReplies };
  const mutants: MutantOutcome[] = [];
  const suggestions: Suggestion[] = [];
  const suggested = new Set<string>();
  let llmNotExercised = 0;
  const confidential = run.target?.confidential;
  for (let i = 0; i < run.subjects.length; i++) {
    const s = run.subjects[i]!;
    if (!opts.llmJudge) llmNotExercised += unexercisedLlmChecks(s).length;
    const ctx: MutationContext = { roles: run.target?.roles, confidential, corpus: run.corpus, today: run.today, other: otherFor(run.subjects, i) };
    const ops = operators.filter((op) => op.subjects === 'both' || op.subjects === s.kind);
    if (ops.length === 0) continue;
    const base = await timed(profile, `phase:judge originals (${s.kind})`, () => judge(s, s.transcript, opts));
    for (const op of ops) {
      const row = { operator: op.id, taskKey: s.taskKey, setId: s.setId, family: s.family };
      const catchers = coveringInstruments(op, s, !!opts.llmJudge);
      if (base.outcome !== 'pass') {
        mutants.push({ ...row, status: 'not-applicable', by: [], covered: catchers.length > 0, detail: `the original does not pass (${base.outcome}): a mutant cannot be told apart` });
        continue;
      }
      let r;
      try {
        r = profile ? await timed(profile, `operator:${op.id} mutate`, () => op.mutate(s, ctx)) : op.mutate(s, ctx);
      } catch (err) {
        r = { applies: false as const, why: `operator failed: ${(err as Error).message}` };
      }
      if (!r.applies) {
        mutants.push({ ...row, status: 'not-applicable', by: [], covered: catchers.length > 0, detail: r.why });
        continue;
      }
      const mutant = r.transcript;
      const j = await timed(profile, `operator:${op.id} judge`, () => judge(s, mutant, opts, reuse ? { judgement: base, touched: touchedParts(s.transcript, mutant) } : undefined));
      if (failing(j.outcome)) {
        const by = [...j.by].filter(([id, o]) => failing(o) && !failing(base.by.get(id))).map(([id]) => id);
        mutants.push({ ...row, status: 'killed', by, covered: catchers.length > 0, detail: `${r.change}: ${j.reason}` });
        continue;
      }
      mutants.push({ ...row, status: 'survived', by: catchers, covered: catchers.length > 0, detail: `${r.change}: the suite says ${j.outcome}` });
      const key = `${s.setId}\u0000${op.id}`;
      if (!suggested.has(key)) {
        const check = await timed(profile, 'phase:suggested checks', () => verifiedSuggestion(op, s, ctx, mutant, opts.cannedReplies));
        if (check) {
          suggested.add(key);
          suggestions.push({ setId: s.setId, caseId: s.caseId, taskKey: s.taskKey, operator: op.id, check });
        }
      }
    }
  }
  return { mutants, suggestions, llmNotExercised, subjects: run.subjects.length };
}
