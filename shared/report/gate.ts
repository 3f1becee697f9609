/** CI gate: a run passes when its pass rate reaches the threshold and nothing regressed or errored out. */
import type { FailedCase, RunSummary } from '../eval/summary.ts';

export interface GateResult {
  pass: boolean;
  passRate: number | null;
  failed: FailedCase[];
}

/** `threshold` in [0, 1]. A run with no judged case does not pass: an empty run proves nothing. */
export function gate(summary: RunSummary, threshold: number): GateResult {
  if (!(threshold >= 0 && threshold <= 1)) throw new RangeError(`threshold must be between 0 and 1, got ${threshold}`);
  const passRate = summary.totals.passRate;
  const pass = passRate !== null && passRate >= threshold && summary.regressions === 0 && summary.totals.error === 0;
  return { pass, passRate, failed: summary.failures };
}
