/** Running a case's checks and turning their results into the case's outcome. */
import type { Outcome } from '../transcript.ts';
import { runCheck } from './registry.ts';
import type { CheckSpec } from './schema.ts';
import type { CheckContext, CheckResult } from './types.ts';

/**
 * Runs checks in order; ids default to the type, with `#2`, `#3`... for repeated types. Each result
 * carries its spec's weight and hard flag, which is what caseOutcome needs.
 */
export async function runChecks(specs: CheckSpec[], ctx: CheckContext): Promise<WeightedResult[]> {
  const ids = checkIds(specs);
  const results: WeightedResult[] = [];
  for (const [i, spec] of specs.entries()) {
    results.push({ ...(await runCheck(spec, ctx, ids[i]!)), weight: spec.weight, hard: spec.hard });
  }
  return results;
}

/** The ids runChecks gives a list of specs (the same list, run by another task, gets the same ids). */
export function checkIds(specs: CheckSpec[]): string[] {
  const seen = new Map<string, number>();
  return specs.map((spec) => {
    const n = (seen.get(spec.type) ?? 0) + 1;
    seen.set(spec.type, n);
    return spec.id ?? (n === 1 ? spec.type : `${spec.type}#${n}`);
  });
}

export interface CaseVerdict {
  outcome: Outcome;
  /** Weighted pass share over pass+fail checks; null when no check passed or failed. */
  score: number | null;
  reason: string;
}

/** A result plus what caseVerdict needs from its spec; weight defaults to 1 and hard to false. */
export type WeightedResult = CheckResult & { weight?: number; hard?: boolean };

/**
 * The case outcome is the worst of its checks: error > fail > invalid > pass. A failing hard check fails
 * the case; with a threshold, the other failures count through the weighted pass share (pass+fail checks
 * only) instead of one by one. A check that could not run (invalid) leaves the case invalid, with its reason
 * ("no judge model configured: compare-meaning not evaluated"): a case is never `pass` on checks that did
 * not all run.
 */
export function caseVerdict(results: WeightedResult[], opts: { threshold?: number } = {}): CaseVerdict {
  const errors = results.filter((r) => r.outcome === 'error');
  if (errors.length > 0) return { outcome: 'error', score: null, reason: errors.map((r) => `${r.checkId}: ${r.reason}`).join('; ') };
  const counted = results.filter((r) => r.outcome === 'pass' || r.outcome === 'fail');
  const weight = (r: WeightedResult) => r.weight ?? 1;
  const total = counted.reduce((s, r) => s + weight(r), 0);
  const passed = counted.filter((r) => r.outcome === 'pass').reduce((s, r) => s + weight(r), 0);
  const score = counted.length === 0 ? null : total === 0 ? (counted.every((r) => r.outcome === 'pass') ? 1 : 0) : passed / total;
  const failed = counted.filter((r) => r.outcome === 'fail');
  const hardFailed = failed.filter((r) => r.hard);
  if (hardFailed.length > 0) {
    return { outcome: 'fail', score, reason: `hard check failed: ${hardFailed.map((r) => `${r.checkId}: ${r.reason}`).join('; ')}` };
  }
  if (opts.threshold === undefined) {
    if (failed.length > 0) return { outcome: 'fail', score, reason: failed.map((r) => `${r.checkId}: ${r.reason}`).join('; ') };
  } else if (counted.length > 0 && (score ?? 0) < opts.threshold) {
    return { outcome: 'fail', score, reason: `weighted pass share ${(score ?? 0).toFixed(3)} (threshold ${opts.threshold})` };
  }
  if (results.length === 0) return { outcome: 'invalid', score: null, reason: 'no checks' };
  const invalid = results.filter((r) => r.outcome === 'invalid');
  if (invalid.length > 0) return { outcome: 'invalid', score, reason: invalid.map(notEvaluated).join('; ') };
  const summary = opts.threshold === undefined
    ? `${counted.length} checks pass`
    : `weighted pass share ${(score ?? 0).toFixed(3)} (threshold ${opts.threshold})`;
  return { outcome: 'pass', score, reason: summary };
}

/** "<why>: <check> not evaluated", the reason an invalid check gives its case. */
export const notEvaluated = (r: { checkId: string; reason: string }): string => `${r.reason}: ${r.checkId} not evaluated`;

/** The case outcome only; see caseVerdict. */
export function caseOutcome(results: WeightedResult[], opts: { threshold?: number } = {}): Outcome {
  return caseVerdict(results, opts).outcome;
}

/** pass / (pass + fail); null when there is neither. */
export function passRate(outcomes: Outcome[]): number | null {
  const pass = outcomes.filter((o) => o === 'pass').length;
  const fail = outcomes.filter((o) => o === 'fail').length;
  return pass + fail === 0 ? null : pass / (pass + fail);
}
