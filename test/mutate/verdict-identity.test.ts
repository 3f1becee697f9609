/**
 * The mutation engine's short-cuts (a mutant reuses the original's results for checks whose input it did not
 * change) and the checks' memos (sentences, clauses, facts judged once) must not change a single verdict: the
 * same run judged with all of them and with none gives the same mutants, killed by the same checks, for the
 * same reasons. A cache that answered for the wrong input would show here (the last test proves the
 * comparison sees it).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { scrambleCheckMemoForTest, setCheckMemo, withCheckMemo } from '../../shared/checks/memo.ts';
import { BUILTIN_OPERATORS } from '../../shared/mutate/index.ts';
import { runMutations, type MutationRunResult } from '../../shared/mutate/run.ts';
import { fixtureRun } from './fixture-run.ts';

const run = fixtureRun(160);
const operators = [...BUILTIN_OPERATORS];

/** What a user reads per mutant: status, the killing check(s) or the catchers, and the detail with the reason. */
const verdicts = (r: MutationRunResult) => r.mutants.map((m) => `${m.taskKey} ${m.operator}: ${m.status} by [${m.by.join(', ')}] ${m.detail}`);

async function reference(): Promise<MutationRunResult> {
  setCheckMemo(false);
  try {
    return await runMutations(run, operators, {}, { reuse: false });
  } finally {
    setCheckMemo(true);
  }
}

afterEach(() => setCheckMemo(true));

describe('mutation verdicts with and without caching', () => {
  it('are identical per mutant, with cold and with warm caches', async () => {
    const plain = await reference();
    // The fixture exercises every outcome and kills with more than one kind of check and detector.
    const statuses = new Set(plain.mutants.map((m) => m.status));
    expect([...statuses].sort()).toEqual(['killed', 'not-applicable', 'survived']);
    const killers = new Set(plain.mutants.flatMap((m) => (m.status === 'killed' ? m.by : [])));
    for (const k of ['answer-presence', 'fact-match', 'tool-use', 'canary-leak', 'language-switch']) expect(killers).toContain(k);

    setCheckMemo(true);
    // The outer withCheckMemo keeps the caches between the two runs: the second one starts warm.
    await withCheckMemo(async () => {
      const cold = await runMutations(run, operators);
      expect(verdicts(cold)).toEqual(verdicts(plain));
      expect(cold.suggestions).toEqual(plain.suggestions);
      const warm = await runMutations(run, operators);
      expect(verdicts(warm)).toEqual(verdicts(plain));
      expect(warm.suggestions).toEqual(plain.suggestions);
    });
  });

  it('would differ if a cache gave another input\'s result (the comparison above can fail)', async () => {
    const plain = await reference();
    const stale = await withCheckMemo(async () => {
      await runMutations(run, operators);
      expect(scrambleCheckMemoForTest()).toBeGreaterThan(100);
      return runMutations(run, operators);
    });
    const differ = verdicts(stale).filter((v, i) => v !== verdicts(plain)[i]);
    expect(differ.length).toBeGreaterThan(10);
  });

  it('keep nothing once the mutation run is over (a service judging normal runs holds no cache)', async () => {
    await runMutations(run, operators);
    expect(scrambleCheckMemoForTest()).toBe(0);
  });
});
