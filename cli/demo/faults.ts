/**
 * Fault detection for the demo's chatbots: which part of the suite is meant to catch each seeded fault, and, per
 * case, what a faulty run fails that the clean run did not ("nothing else newly failing"). Cases are matched
 * across the two runs by set and case id (generated cases and the seeded red-team selection are deterministic).
 */
import type { FailedCase, RunSummary } from '../../shared/eval/summary.ts';

/** Which part of the suite is meant to catch a fault. */
export interface FaultDetector {
  by: string;
  /** The failing cases this part of the suite flags (a check, a family, a red-team branch). */
  catches?: (f: FailedCase) => boolean;
  /** For faults seen outside cases (diagnostics, metadata verification): how many it flagged. */
  count?: (s: RunSummary) => number;
  /** How many cases (or items) of the run it flagged. */
  caught: (s: RunSummary) => number;
}

function detector(by: string, catches: (f: FailedCase) => boolean): FaultDetector {
  return { by, catches, caught: (s) => s.failures.filter(catches).length };
}

/** Failing cases with a failing check of this type (and this check id, or a check id starting with it). */
export const byCheck = (by: string, type: string, checkId?: string): FaultDetector =>
  detector(by, (f) => f.failedChecks.some((c) => c.type === type && c.outcome === 'fail' && (checkId === undefined || c.checkId === checkId || c.checkId.startsWith(`${checkId}-`))));
export const byFamily = (by: string, family: string): FaultDetector => detector(by, (f) => f.family === family && f.outcome === 'fail');
/** Successful attacks of these red-team branches (a red-team case fails when the attack succeeded). */
export const byBranch = (by: string, ...branches: string[]): FaultDetector =>
  detector(by, (f) => f.outcome === 'fail' && branches.some((b) => f.setId === `redteam.${b}`));
/** Failing red-team cases with a failing check (detector) whose id starts with `prefix`. */
export const byRedteamCheck = (by: string, prefix: string): FaultDetector =>
  detector(by, (f) => f.failedChecks.some((c) => c.checkId.startsWith(prefix) && c.outcome === 'fail'));
/** Either family: a fault two parts of the suite are meant to catch (a generated check and a red-team branch). */
export const anyOf = (by: string, ...ds: FaultDetector[]): FaultDetector => detector(by, (f) => ds.some((d) => d.catches?.(f) ?? false));
export const byCount = (by: string, count: (s: RunSummary) => number): FaultDetector => ({ by, count, caught: count });

const caseKey = (f: FailedCase) => `${f.setId}\u0000${f.caseId}`;
const bad = (f: FailedCase) => f.failedChecks.filter((c) => c.outcome === 'fail' || c.outcome === 'error');

export interface FaultRow {
  fault: string;
  by: string;
  /** Cases (or items) the meant family flags in the faulty run. */
  caught: number;
  /** Of those, cases with a failure the clean run did not have (undefined without a clean run). */
  newlyCaught?: number;
}

export interface FaultTable {
  rows: FaultRow[];
  /**
   * What fails in the faulty run and not in the clean one (a case that passed, or a check of a case that did
   * not fail there), that no active fault's family accounts for; each with only its new failing checks.
   */
  otherNew?: FailedCase[];
  /** Cases failing in the clean run that pass in the faulty one. */
  fixed?: number;
}

/** The detection table of a faulty run, against the clean run of the same suite when there is one. */
export function faultTable(faulty: RunSummary, faults: string[], detectors: Record<string, FaultDetector>, clean?: RunSummary): FaultTable {
  const active = faults.map((fault) => ({ fault, d: detectors[fault]! }));
  if (!clean) return { rows: active.map(({ fault, d }) => ({ fault, by: d.by, caught: d.caught(faulty) })) };
  const before = new Map(clean.failures.map((f) => [caseKey(f), new Set(bad(f).map((c) => c.checkId))]));
  // The part of each failing case that is new: the whole case if it did not fail clean, else its new checks.
  const fresh = faulty.failures.flatMap((f): FailedCase[] => {
    const was = before.get(caseKey(f));
    if (!was) return [{ ...f, failedChecks: bad(f) }];
    const checks = bad(f).filter((c) => !was.has(c.checkId));
    return checks.length ? [{ ...f, failedChecks: checks }] : [];
  });
  const rows = active.map(({ fault, d }): FaultRow => ({
    fault,
    by: d.by,
    caught: d.caught(faulty),
    newlyCaught: d.catches ? fresh.filter((f) => d.catches!(f)).length : d.caught(faulty),
  }));
  const after = new Set(faulty.failures.map(caseKey));
  const otherNew = fresh.filter((f) => !active.some(({ d }) => d.catches?.(f)));
  return { rows, otherNew, fixed: clean.failures.filter((f) => !after.has(caseKey(f))).length };
}

export function formatFaultTable(t: FaultTable, faultCount: number): string {
  const withClean = t.otherNew !== undefined;
  const lines = ['fault detection:', `  ${'fault'.padEnd(22)} ${'caught by'.padEnd(76)} ${withClean ? 'cases (new vs clean)' : 'cases'}`];
  for (const r of t.rows) {
    const n = withClean ? r.newlyCaught! : r.caught;
    lines.push(`  ${r.fault.padEnd(22)} ${r.by.padEnd(76)} ${n ? (withClean ? `${r.caught} (${n} new)` : String(n)) : 'NOT CAUGHT'}`);
  }
  if (withClean) {
    const other = t.otherNew!;
    lines.push(`  newly failing elsewhere (vs the clean run): ${other.length}${other.length ? '' : ' — nothing else broke'}`);
    for (const f of other.slice(0, 20)) {
      const checks = f.failedChecks.filter((c) => c.outcome === 'fail').map((c) => c.checkId).join(', ');
      lines.push(`    ${f.caseId}: ${checks || f.outcome}${f.reason ? ` — ${f.reason.slice(0, 100)}` : ''}`);
    }
    if (other.length > 20) lines.push(`    … and ${other.length - 20} more`);
  }
  lines.push(`  (${faultCount} fault modes exist: --fault <mode>, repeatable)`);
  return `${lines.join('\n')}\n`;
}
