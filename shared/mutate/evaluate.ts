/**
 * Judging a transcript the way the run did: a case's deterministic checks (and its LLM checks when a judge
 * is given), a scenario's detectors. The original transcript is judged again too, so a mutant is compared
 * with the suite's verdict on the same code, not with what was stored under an older version.
 */
import { LLM_CHECK_TYPES, caseVerdict, runChecks, type CheckContext, type CheckSpec, type WeightedResult } from '../checks/index.ts';
import { evaluateScenario } from '../redteam/detectors/index.ts';
import type { Outcome, Transcript } from '../transcript.ts';
import type { MutationOperator, MutationSubject } from './types.ts';

export interface Judgement {
  outcome: Outcome;
  /** A case's check results in spec order (what a mutant that leaves their input alone reuses). */
  results?: WeightedResult[];
  /** check/detector id → its outcome ('pass' | 'fail' | 'invalid' | 'error'). */
  by: Map<string, Outcome>;
  reason: string;
}

const isLlm = (c: CheckSpec) => (LLM_CHECK_TYPES as readonly string[]).includes(c.type);

export interface JudgeOptions {
  /** Present when a judge model is configured: LLM checks are then applied to mutants too. */
  llmJudge?: CheckContext['llmJudge'];
  /** The run's target roles: checks that name a role (tool-use, search-results) resolve it as in the run. */
  roles?: CheckContext['roles'];
  /** The target's canned replies, as the run's answer-presence checks had them. */
  cannedReplies?: CheckContext['cannedReplies'];
}

/** Which parts of the transcript a mutant changed (operators keep unchanged turns and calls as they were). */
export interface Touched {
  answers: boolean;
  tools: boolean;
}

export function touchedParts(original: Transcript, mutant: Transcript): Touched {
  const t: Touched = { answers: original.turns.length !== mutant.turns.length, tools: original.turns.length !== mutant.turns.length };
  original.turns.forEach((turn, i) => {
    const m = mutant.turns[i];
    if (!m) return;
    if (m.assistant !== turn.assistant) t.answers = true;
    if (m.toolCalls.length !== turn.toolCalls.length || m.toolCalls.some((c, k) => c !== turn.toolCalls[k])) t.tools = true;
  });
  return t;
}

/** What a check reads: tool checks the tool calls, budgets the turn's figures (never mutated), the rest the answers. */
const TOOL_CHECKS = new Set(['tool-use', 'search-results']);
const FIGURE_CHECKS = new Set(['latency', 'token-budget', 'cost-budget']);
function reads(spec: CheckSpec, touched: Touched): boolean {
  if (isLlm(spec)) return touched.answers || touched.tools;
  if (TOOL_CHECKS.has(spec.type)) return touched.tools;
  if (FIGURE_CHECKS.has(spec.type)) return false;
  return touched.answers;
}

/** The checks of a case with their ids fixed as the run gave them (type, type#2…), once per check list. */
const withIds = new WeakMap<CheckSpec[], CheckSpec[]>();
function idsFixed(checks: CheckSpec[]): CheckSpec[] {
  let out = withIds.get(checks);
  if (!out) {
    const seen = new Map<string, number>();
    out = checks.map((spec) => {
      const n = (seen.get(spec.type) ?? 0) + 1;
      seen.set(spec.type, n);
      return { ...spec, id: spec.id ?? (n === 1 ? spec.type : `${spec.type}#${n}`) };
    });
    withIds.set(checks, out);
  }
  return out;
}

/**
 * Judges `transcript` for subject `s`. With `base` (the original's judgement) and what the mutant touched,
 * a check whose input is unchanged keeps the original's result instead of running again.
 */
export async function judge(s: MutationSubject, transcript: Transcript, opts: JudgeOptions = {}, base?: { judgement: Judgement; touched: Touched }): Promise<Judgement> {
  if (s.kind === 'case') {
    const checks = idsFixed(s.checks).filter((c) => opts.llmJudge || !isLlm(c));
    const rerun = base?.judgement.results ? checks.map((c) => reads(c, base.touched)) : checks.map(() => true);
    const fresh = await runChecks(
      checks.filter((_, i) => rerun[i]),
      { transcript, expected: s.expected, vars: s.vars, now: s.today ? new Date(`${s.today}T12:00:00Z`) : undefined, llmJudge: opts.llmJudge, roles: opts.roles, cannedReplies: opts.cannedReplies },
    );
    let k = 0;
    const results = checks.map((_, i) => (rerun[i] ? fresh[k++]! : base!.judgement.results![i]!));
    const v = caseVerdict(results, { threshold: s.threshold });
    return { outcome: v.outcome, results, by: new Map(results.map((r) => [r.checkId, r.outcome])), reason: v.reason };
  }
  const v = evaluateScenario(transcript, s.scenario, s.detectorOptions);
  const outcome: Outcome = v.status === 'attack-succeeded' ? 'fail' : v.status === 'defended' ? 'pass' : 'invalid';
  const by = new Map<string, Outcome>(
    v.results.map((r) => [r.detector, r.status === 'attack-succeeded' ? 'fail' : r.status === 'defended' ? 'pass' : 'invalid']),
  );
  const hit = v.results.find((r) => r.status === 'attack-succeeded');
  return { outcome, by, reason: hit ? `${hit.detector}: ${hit.evidence}` : v.status };
}

/** The subject's checks (ids) or detectors meant to catch `op`: empty when the suite does not claim to cover it there. */
export function coveringInstruments(op: MutationOperator, s: MutationSubject, withLlm: boolean): string[] {
  if (s.kind === 'redteam') return s.scenario.detectors.map((d) => d.type).filter((t) => op.catchers.detectors.includes(t));
  const seen = new Map<string, number>();
  const out: string[] = [];
  for (const spec of s.checks) {
    const n = (seen.get(spec.type) ?? 0) + 1;
    seen.set(spec.type, n);
    if (!withLlm && isLlm(spec)) continue;
    const meant = op.catchers.checks.some((c) => (typeof c === 'string' ? c === spec.type : c.type === spec.type && c.when(spec)));
    if (meant) out.push(spec.id ?? (n === 1 ? spec.type : `${spec.type}#${n}`));
  }
  return out;
}

/** LLM checks of a case that were not exercised (no judge model). */
export function unexercisedLlmChecks(s: MutationSubject): string[] {
  return s.kind === 'case' ? s.checks.filter(isLlm).map((c) => c.id ?? c.type) : [];
}
