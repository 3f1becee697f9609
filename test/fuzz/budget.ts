/**
 * Shared fast-check settings: a fixed, seeded number of generated inputs per property, with no wall-clock
 * cap. A loaded machine makes a fuzz test slower, never shorter: the test checks that every input ran, and
 * its vitest timeout (FUZZ_TEST_TIMEOUT_MS) is far above what the inputs take on a busy machine.
 */
import type { Parameters as FcParameters } from 'fast-check';

export const FUZZ_RUNS = 10_000;
export const FUZZ_SEED = 20261201;
/** A vitest timeout for one fuzz test: 20 minutes (10,000 inputs take seconds on a quiet machine). */
export const FUZZ_TEST_TIMEOUT_MS = 20 * 60_000;

/** Parameters for fc.assert, counting the inputs actually tried into `counter.n`. */
export function fuzzParams<T>(counter: { n: number }, numRuns = FUZZ_RUNS): FcParameters<T> {
  return {
    numRuns,
    seed: FUZZ_SEED,
    reporter: (details) => {
      counter.n = details.numRuns;
      if (details.failed) throw new Error(`property failed after ${details.numRuns} runs (seed ${details.seed}, path ${details.counterexamplePath ?? ''}): ${JSON.stringify(details.counterexample)?.slice(0, 500)}\n${String(details.errorInstance)}`);
    },
  };
}
