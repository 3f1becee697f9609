/**
 * The mutation report: per operator and per set/family, killed / survived / not applicable and the score;
 * every surviving mutant with the check that should have caught it, or "no check covers this".
 * score = killed / (killed + survived) over mutants the suite claims to cover (it has a check meant for the
 * operator); overallScore counts every applicable mutant.
 */
import { stringify } from 'yaml';
import type { MutantOutcome } from './types.ts';
import type { MutationRunResult, Suggestion } from './run.ts';

export interface Tally {
  killed: number;
  survived: number;
  notApplicable: number;
  /** Killed share of the covered mutants; null when none is covered. */
  score: number | null;
}

export interface Survivor {
  operator: string;
  taskKey: string;
  setId: string;
  family: string | null;
  /** The checks/detectors the case has that are meant for this operator, or "no check covers this". */
  shouldHaveCaught: string;
  detail: string;
}

export interface MutationSummary {
  sourceRunId: string;
  subjects: number;
  mutants: number;
  killed: number;
  survived: number;
  notApplicable: number;
  /** Over the mutants the suite claims to cover. */
  score: number | null;
  /** Over every applicable mutant. */
  overallScore: number | null;
  byOperator: Record<string, Tally & { description: string }>;
  bySet: Record<string, Tally>;
  survivors: Survivor[];
  suggestions: Suggestion[];
  llmNotExercised: number;
  minScore?: number;
  gate?: { passed: boolean; why: string };
}

function tally(ms: MutantOutcome[]): Tally {
  const covered = ms.filter((m) => m.covered);
  const k = covered.filter((m) => m.status === 'killed').length;
  const s = covered.filter((m) => m.status === 'survived').length;
  return {
    killed: ms.filter((m) => m.status === 'killed').length,
    survived: ms.filter((m) => m.status === 'survived').length,
    notApplicable: ms.filter((m) => m.status === 'not-applicable').length,
    score: k + s === 0 ? null : k / (k + s),
  };
}

function groupBy(ms: MutantOutcome[], key: (m: MutantOutcome) => string): Map<string, MutantOutcome[]> {
  const out = new Map<string, MutantOutcome[]>();
  for (const m of ms) {
    const k = key(m);
    const list = out.get(k);
    if (list) list.push(m);
    else out.set(k, [m]);
  }
  return out;
}

export function summarize(
  sourceRunId: string,
  result: MutationRunResult,
  descriptions: Record<string, string>,
  minScore?: number,
): MutationSummary {
  const ms = result.mutants;
  const all = tally(ms);
  const applicable = ms.filter((m) => m.status !== 'not-applicable');
  const killedAll = applicable.filter((m) => m.status === 'killed').length;
  const byOperator = Object.fromEntries(
    [...groupBy(ms, (m) => m.operator)].map(([op, list]) => [op, { ...tally(list), description: descriptions[op] ?? op }]),
  );
  const bySet = Object.fromEntries([...groupBy(ms, (m) => (m.family ? `${m.setId} / ${m.family}` : m.setId))].map(([k, list]) => [k, tally(list)]));
  const survivors: Survivor[] = ms
    .filter((m) => m.status === 'survived')
    .map((m) => ({
      operator: m.operator,
      taskKey: m.taskKey,
      setId: m.setId,
      family: m.family,
      shouldHaveCaught: m.covered ? m.by.join(', ') : 'no check covers this',
      detail: m.detail,
    }));
  const summary: MutationSummary = {
    sourceRunId,
    subjects: result.subjects,
    mutants: ms.length,
    killed: all.killed,
    survived: all.survived,
    notApplicable: all.notApplicable,
    score: all.score,
    overallScore: applicable.length ? killedAll / applicable.length : null,
    byOperator,
    bySet,
    survivors,
    suggestions: result.suggestions,
    llmNotExercised: result.llmNotExercised,
  };
  if (minScore !== undefined) {
    summary.minScore = minScore;
    summary.gate =
      summary.score === null
        ? { passed: false, why: 'no mutant the suite claims to cover: nothing measured' }
        : summary.score >= minScore
          ? { passed: true, why: `score ${summary.score.toFixed(3)} ≥ ${minScore}` }
          : { passed: false, why: `score ${summary.score.toFixed(3)} < ${minScore}` };
  }
  return summary;
}

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)} %`);

/** The terminal summary: per operator, then the survivors (first 20), then the gate. */
export function renderSummaryText(s: MutationSummary): string {
  const lines = [
    `mutation testing of run ${s.sourceRunId}: ${s.mutants} mutants of ${s.subjects} transcripts`,
    `score ${pct(s.score)} (killed over covered mutants), overall ${pct(s.overallScore)}; killed ${s.killed}, survived ${s.survived}, not applicable ${s.notApplicable}`,
    '',
    `${'operator'.padEnd(22)} ${'killed'.padStart(7)} ${'survived'.padStart(9)} ${'n/a'.padStart(6)} ${'score'.padStart(8)}`,
  ];
  for (const [op, t] of Object.entries(s.byOperator)) {
    lines.push(`${op.padEnd(22)} ${String(t.killed).padStart(7)} ${String(t.survived).padStart(9)} ${String(t.notApplicable).padStart(6)} ${pct(t.score).padStart(8)}`);
  }
  if (s.survivors.length) {
    lines.push('', `surviving mutants (${s.survivors.length}${s.survivors.length > 20 ? ', first 20' : ''}):`);
    for (const v of s.survivors.slice(0, 20)) lines.push(`  ${v.operator} on ${v.taskKey}: ${v.detail} — should have caught it: ${v.shouldHaveCaught}`);
  }
  if (s.llmNotExercised) lines.push('', `${s.llmNotExercised} LLM check(s) not exercised: no judge model configured`);
  if (s.suggestions.length) lines.push('', `${s.suggestions.length} suggested check(s) that kill surviving mutants (--suggest FILE writes them as YAML)`);
  if (s.gate) lines.push('', `gate: ${s.gate.passed ? 'passed' : 'FAILED'} (${s.gate.why})`);
  return `${lines.join('\n')}\n`;
}

/** Suggestions as YAML: per set, the checks to add, each verified to kill its mutant and pass the original. */
export function suggestionsYaml(s: MutationSummary): string {
  const bySet = new Map<string, { case: string; operator: string; check: Record<string, unknown> }[]>();
  for (const x of s.suggestions) {
    const list = bySet.get(x.setId) ?? [];
    list.push({ case: x.caseId, operator: x.operator, check: x.check });
    bySet.set(x.setId, list);
  }
  const doc = {
    note: `checks suggested by vaglio mutate for run ${s.sourceRunId}: each passes on the case's original answer and fails on the mutant that survived`,
    sets: [...bySet].map(([set, add]) => ({ set, add })),
  };
  return stringify(doc);
}
