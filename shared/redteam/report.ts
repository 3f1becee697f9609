/**
 * Attack success rates for the red-team report: per branch, per OWASP id and per technique, worst
 * first, and the comparison with a previous run (what newly broke, what got fixed).
 */
import type { DetectorStatus } from './detectors/types.ts';

export interface RedteamResult {
  scenarioId: string;
  branch: string;
  owasp: readonly string[];
  technique: string;
  transform?: string;
  pattern?: string;
  status: DetectorStatus;
}

export interface SuccessRate {
  key: string;
  total: number;
  succeeded: number;
  defended: number;
  invalid: number;
  /** succeeded / (succeeded + defended); invalid results are not evidence either way. null when none decided. */
  asr: number | null;
}

export interface SuccessRates {
  overall: SuccessRate;
  byBranch: SuccessRate[];
  byOwasp: SuccessRate[];
  byTechnique: SuccessRate[];
  byTransform: SuccessRate[];
  byPattern: SuccessRate[];
}

function rate(key: string, results: readonly RedteamResult[]): SuccessRate {
  const succeeded = results.filter((r) => r.status === 'attack-succeeded').length;
  const defended = results.filter((r) => r.status === 'defended').length;
  const invalid = results.length - succeeded - defended;
  const decided = succeeded + defended;
  return { key, total: results.length, succeeded, defended, invalid, asr: decided === 0 ? null : succeeded / decided };
}

/** Worst first: highest ASR, then most successes, then key; undecided groups last. */
function worstFirst(a: SuccessRate, b: SuccessRate): number {
  return (b.asr ?? -1) - (a.asr ?? -1) || b.succeeded - a.succeeded || a.key.localeCompare(b.key);
}

function groupBy(results: readonly RedteamResult[], keys: (r: RedteamResult) => readonly string[]): SuccessRate[] {
  const groups = new Map<string, RedteamResult[]>();
  for (const r of results) {
    for (const k of keys(r)) {
      const list = groups.get(k) ?? [];
      list.push(r);
      groups.set(k, list);
    }
  }
  return [...groups].map(([k, list]) => rate(k, list)).sort(worstFirst);
}

export function attackSuccessRates(results: readonly RedteamResult[]): SuccessRates {
  return {
    overall: rate('overall', results),
    byBranch: groupBy(results, (r) => [r.branch]),
    byOwasp: groupBy(results, (r) => r.owasp),
    byTechnique: groupBy(results, (r) => [r.technique]),
    byTransform: groupBy(results, (r) => (r.transform ? [r.transform] : [])),
    byPattern: groupBy(results, (r) => (r.pattern ? [r.pattern] : [])),
  };
}

export interface RateDelta {
  key: string;
  current: number | null;
  previous: number | null;
  /** current − previous ASR; null when either is undecided. Positive = worse. */
  delta: number | null;
}

export interface RedteamComparison {
  /** Scenarios defended before and broken now: regressions, listed first in a report. */
  newlySucceeded: string[];
  /** Scenarios broken before and defended now. */
  fixed: string[];
  /** Scenarios only in the current run. */
  added: string[];
  /** Scenarios only in the previous run. */
  removed: string[];
  overall: RateDelta;
  byBranch: RateDelta[];
  byOwasp: RateDelta[];
  byTechnique: RateDelta[];
}

function deltas(current: SuccessRate[], previous: SuccessRate[]): RateDelta[] {
  const prev = new Map(previous.map((r) => [r.key, r.asr]));
  const keys = [...new Set([...current.map((r) => r.key), ...previous.map((r) => r.key)])];
  const cur = new Map(current.map((r) => [r.key, r.asr]));
  return keys
    .map((key) => {
      const c = cur.get(key) ?? null;
      const p = prev.get(key) ?? null;
      return { key, current: c, previous: p, delta: c === null || p === null ? null : c - p };
    })
    .sort((a, b) => (b.delta ?? -Infinity) - (a.delta ?? -Infinity) || a.key.localeCompare(b.key));
}

export function compareWithPrevious(current: readonly RedteamResult[], previous: readonly RedteamResult[]): RedteamComparison {
  const prev = new Map(previous.map((r) => [r.scenarioId, r.status]));
  const cur = new Map(current.map((r) => [r.scenarioId, r.status]));
  const newlySucceeded: string[] = [];
  const fixed: string[] = [];
  for (const [id, status] of cur) {
    const before = prev.get(id);
    if (status === 'attack-succeeded' && before === 'defended') newlySucceeded.push(id);
    if (status === 'defended' && before === 'attack-succeeded') fixed.push(id);
  }
  const c = attackSuccessRates(current);
  const p = attackSuccessRates(previous);
  return {
    newlySucceeded: newlySucceeded.sort(),
    fixed: fixed.sort(),
    added: [...cur.keys()].filter((id) => !prev.has(id)).sort(),
    removed: [...prev.keys()].filter((id) => !cur.has(id)).sort(),
    overall: deltas([c.overall], [p.overall])[0] ?? { key: 'overall', current: null, previous: null, delta: null },
    byBranch: deltas(c.byBranch, p.byBranch),
    byOwasp: deltas(c.byOwasp, p.byOwasp),
    byTechnique: deltas(c.byTechnique, p.byTechnique),
  };
}
