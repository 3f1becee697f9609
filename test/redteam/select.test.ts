import { describe, expect, it } from 'vitest';
import { BRANCHES, composeLibrary } from '../../shared/redteam/index.ts';
import { attackOf, selectScenarios } from '../../shared/redteam/select.ts';
import { selectRedteam, redteamSelectionSchema } from '../../shared/plans/eval.ts';

describe('red-team selection', () => {
  const all = composeLibrary();
  const attacks = new Set(all.map(attackOf));

  it('covers distinct attacks before re-encodings of the same attack', () => {
    const picked = selectScenarios(all, attacks.size);
    expect(new Set(picked.map(attackOf)).size).toBe(attacks.size);
    // The demo's budget of 120: every attack once, then second techniques.
    const demo = selectScenarios(all, 120);
    expect(demo).toHaveLength(Math.min(120, all.length));
    expect(new Set(demo.map(attackOf)).size).toBe(Math.min(120, attacks.size));
    // A plan can name the attacks it plays.
    expect(selectRedteam(redteamSelectionSchema.parse({ attacks: ['info.sysprompt'] })).every((s) => attackOf(s) === 'info.sysprompt')).toBe(true);
  });

  it('touches every branch with a small budget', () => {
    const picked = selectScenarios(all, BRANCHES.length);
    const branchesWithAttacks = new Set(all.map((s) => s.branch));
    expect(new Set(picked.map((s) => s.branch))).toEqual(branchesWithAttacks);
  });

  it("brings a new transform with an attack's second pick", () => {
    const picked = selectScenarios(all, attacks.size * 2);
    const byAttack = new Map<string, string[]>();
    for (const s of picked) byAttack.set(attackOf(s), [...(byAttack.get(attackOf(s)) ?? []), s.transform]);
    for (const [id, transforms] of byAttack) {
      const available = new Set(all.filter((s) => attackOf(s) === id).map((s) => s.transform));
      if (transforms.length === 2 && available.size > 1) expect(new Set(transforms).size, id).toBe(2);
    }
  });

  it('is reproducible for a seed and changes with it', () => {
    const ids = (seed: string) => selectScenarios(all, 60, seed).map((s) => s.id);
    expect(ids('a')).toEqual(ids('a'));
    expect(ids('a')).not.toEqual(ids('b'));
  });
});
