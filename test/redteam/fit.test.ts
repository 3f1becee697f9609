/**
 * Attacks fitted under the target's maxInputChars: the library's own many-shot prompts lose faked exchanges
 * (the real request kept), any other over-long turn is not played and says why.
 */
import { describe, expect, it } from 'vitest';
import { composeLibrary } from '../../shared/redteam/index.ts';
import { fitScenario } from '../../shared/redteam/fit.ts';

const library = composeLibrary();
const manyShot = library.filter((s) => s.pattern === 'many-shot');

describe('fitScenario', () => {
  it('leaves a scenario alone when the target declares no limit or every turn fits', () => {
    const s = manyShot[0]!;
    expect(fitScenario(s, undefined)).toEqual({ scenario: s });
    expect(fitScenario(s, 1_000_000)).toEqual({ scenario: s });
  });

  it("drops a many-shot prompt's faked exchanges from the start until it fits, keeping the real request", () => {
    // Plain-text prompts (an encoding transform turns the whole prompt into one block: see the next test).
    const long = manyShot.filter((s) => s.transform === 'none' && s.turns.some((t) => t.user.length > 4000));
    expect(long.length).toBeGreaterThan(0);
    for (const s of long) {
      const r = fitScenario(s, 4000);
      if (!('scenario' in r)) throw new Error(`${s.id}: ${r.unplayable}`);
      const before = s.turns.find((t) => t.user.length > 4000)!.user;
      const after = r.scenario.turns.find((t) => t.isAttack)!.user;
      expect(after.length).toBeLessThanOrEqual(4000);
      // The header and the final request are the original's; only whole exchanges went.
      expect(after.split('\n\n')[0]).toBe(before.split('\n\n')[0]);
      expect(after.split('\n\n').at(-1)).toBe(before.split('\n\n').at(-1));
      expect(r.note).toMatch(/faked exchange\(s\) dropped to fit maxInputChars 4000/);
      expect(r.scenario.turns.length).toBe(s.turns.length);
    }
  });

  it('does not play an over-long turn it cannot shorten, and says why', () => {
    const s = library.find((x) => x.pattern === 'direct')!;
    const r = fitScenario(s, 5);
    expect(r).toEqual({ unplayable: expect.stringMatching(/^not played: turn 0 is \d+ characters, over the target's maxInputChars 5$/) });
    expect(fitScenario(manyShot[0]!, 20)).toEqual({ unplayable: expect.stringContaining('even with one exchange left') });
    const encoded = manyShot.find((x) => x.transform === 'base64' && x.turns.some((t) => t.user.length > 4000));
    if (encoded) expect(fitScenario(encoded, 4000)).toEqual({ unplayable: expect.stringContaining('over the target\'s maxInputChars 4000') });
  });
});
