/** The checks that apply to one case, in the order they run: set defaults, case checks, per-turn checks. */
import type { CheckSpec } from '../checks/schema.ts';
import type { TestCase, TestSet } from './schema.ts';

export function caseChecks(set: TestSet, testCase: TestCase): CheckSpec[] {
  const perTurn =
    typeof testCase.input === 'string'
      ? []
      : testCase.input.turns.flatMap((t, i) => (t.checks ?? []).map((c) => ({ ...c, turn: i })));
  return [...set.defaultChecks, ...testCase.checks, ...perTurn];
}

/** The user messages of a case, one per turn. */
export function caseTurns(testCase: TestCase): string[] {
  return typeof testCase.input === 'string' ? [testCase.input] : testCase.input.turns.map((t) => t.user);
}

/** The pass threshold for a case: its own, else the set's. */
export function caseThreshold(set: TestSet, testCase: TestCase): number {
  return testCase.threshold ?? set.threshold;
}
