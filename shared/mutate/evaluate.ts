/**
 * Judging a transcript the way the run did: a case's deterministic checks (and its LLM checks when a judge
 * is given), a scenario's detectors. The original transcript is judged again too, so a mutant is compared
 * with the suite's verdict on the same code, not with what was stored under an older version.
 */
import { LLM_CHECK_TYPES, caseVerdict, runChecks, type CheckContext, type CheckSpec } from '../checks/index.ts';
import { evaluateScenario } from '../redteam/detectors/index.ts';
import type { Outcome, Transcript } from '../transcript.ts';
import type { MutationOperator, MutationSubject } from './types.ts';

export interface Judgement {
  outcome: Outcome;
  /** check/detector id → its outcome ('pass' | 'fail' | 'invalid' | 'error'). */
  by: Map<string, Outcome>;
  reason: string;
}

const isLlm = (c: CheckSpec) => (LLM_CHECK_TYPES as readonly string[]).includes(c.type);

export interface JudgeOptions {
  /** Present when a judge model is configured: LLM checks are then applied to mutants too. */
  llmJudge?: CheckContext['llmJudge'];
}

export async function judge(s: MutationSubject, transcript: Transcript, opts: JudgeOptions = {}): Promise<Judgement> {
  if (s.kind === 'case') {
    const checks = opts.llmJudge ? s.checks : s.checks.filter((c) => !isLlm(c));
    const results = await runChecks(checks, {
      transcript,
      expected: s.expected,
      vars: s.vars,
      now: s.today ? new Date(`${s.today}T12:00:00Z`) : undefined,
      llmJudge: opts.llmJudge,
    });
    const v = caseVerdict(results, { threshold: s.threshold });
    return { outcome: v.outcome, by: new Map(results.map((r) => [r.checkId, r.outcome])), reason: v.reason };
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
