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
  const seen = new Map<string, number>();
  const results: WeightedResult[] = [];
  for (const spec of specs) {
    const n = (seen.get(spec.type) ?? 0) + 1;
    seen.set(spec.type, n);
    const id = spec.id ?? (n === 1 ? spec.type : `${spec.type}#${n}`);
    results.push({ ...(await runCheck(spec, ctx, id)), weight: spec.weight, hard: spec.hard });
  }
  return results;
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
 * Any error → error; a failing hard check → fail; nothing passed or failed (all invalid, or no checks)
 * → invalid; else pass when no check failed or, with a threshold, when the weighted pass share reaches
 * it. Invalid checks are left out of the share: a misconfigured check is reported, not counted against the bot.
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
  if (counted.length === 0) return { outcome: 'invalid', score: null, reason: results.length === 0 ? 'no checks' : 'all checks invalid' };
  if (opts.threshold === undefined) {
    return failed.length === 0
      ? { outcome: 'pass', score, reason: `${counted.length} checks pass` }
      : { outcome: 'fail', score, reason: failed.map((r) => `${r.checkId}: ${r.reason}`).join('; ') };
  }
  const share = score ?? 0;
  const summary = `weighted pass share ${share.toFixed(3)} (threshold ${opts.threshold})`;
  return share >= opts.threshold ? { outcome: 'pass', score, reason: summary } : { outcome: 'fail', score, reason: summary };
}

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
