/**
 * The CI gate, in one function every caller uses (the CLI's exit code, the report task, the JSON report):
 * a run fails when nothing could be evaluated (pass + fail = 0: an empty evaluation proves nothing), when a
 * case errored (unless errors are allowed), and, with a threshold, when the pass rate is below it or a case
 * regressed. `why` says which of these decided, in words a CI log can show.
 */
import type { FailedCase, RunSummary } from '../eval/summary.ts';

export interface GateOptions {
  /** Minimum pass rate in [0, 1]. */
  threshold?: number;
  /** Errored cases (target or infrastructure failures) do not fail the gate. */
  allowErrors?: boolean;
}

/** What the JSON report records: the threshold, the decision and why. */
export interface GateDecision {
  pass: boolean;
  threshold: number | null;
  allowErrors: boolean;
  passRate: number | null;
  why: string[];
}

export interface GateResult extends GateDecision {
  failed: FailedCase[];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function gate(summary: RunSummary, opts: GateOptions | number = {}): GateResult {
  const o = typeof opts === 'number' ? { threshold: opts } : opts;
  const threshold = o.threshold ?? null;
  if (threshold !== null && !(threshold >= 0 && threshold <= 1)) throw new RangeError(`threshold must be between 0 and 1, got ${threshold}`);
  const allowErrors = o.allowErrors ?? false;
  const t = summary.totals;
  const why: string[] = [];
  let pass = true;
  if (t.pass + t.fail === 0) {
    pass = false;
    why.push(`nothing could be evaluated (pass + fail = 0; ${t.invalid} invalid, ${t.error} error)`);
  }
  if (t.error > 0) {
    if (allowErrors) why.push(`${t.error} cases errored (allowed by --allow-errors)`);
    else {
      pass = false;
      why.push(`${t.error} cases errored (the target or the infrastructure failed; --allow-errors to accept)`);
    }
  }
  if (threshold !== null && t.passRate !== null) {
    if (t.passRate < threshold) {
      pass = false;
      why.push(`pass rate ${pct(t.passRate)} is below the threshold ${pct(threshold)}`);
    } else why.push(`pass rate ${pct(t.passRate)} reaches the threshold ${pct(threshold)}`);
  }
  if (threshold !== null && summary.regressions > 0) {
    pass = false;
    why.push(`${summary.regressions} regressions against ${summary.previousRunId}`);
  }
  if (pass && why.length === 0) why.push(`${t.pass + t.fail} cases evaluated, no error, no threshold`);
  return { pass, threshold, allowErrors, passRate: t.passRate, why, failed: summary.failures };
}

/** The decision alone, as stored with the summary. */
export function gateDecision(summary: RunSummary, opts: GateOptions = {}): GateDecision {
  const { failed: _failed, ...decision } = gate(summary, opts);
  return decision;
}
