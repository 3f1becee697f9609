/**
 * Shared fast-check settings: 10,000 generated inputs per property, and a wall-clock cap so a slow
 * machine cannot stall CI (fast-check then reports how many runs it managed, and the test checks the count).
 */
import type { Parameters as FcParameters } from 'fast-check';

export const FUZZ_RUNS = 10_000;
export const FUZZ_TIME_LIMIT_MS = 40_000;

/** Parameters for fc.assert, counting the inputs actually tried into `counter.n`. */
export function fuzzParams<T>(counter: { n: number }, numRuns = FUZZ_RUNS): FcParameters<T> {
  return {
    numRuns,
    interruptAfterTimeLimit: FUZZ_TIME_LIMIT_MS,
    markInterruptAsFailure: false,
    seed: 20261201,
    reporter: (details) => {
      counter.n = details.numRuns;
      if (details.failed) throw new Error(`property failed after ${details.numRuns} runs (seed ${details.seed}, path ${details.counterexamplePath ?? ''}): ${JSON.stringify(details.counterexample)?.slice(0, 500)}\n${String(details.errorInstance)}`);
    },
  };
}
