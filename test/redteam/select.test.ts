import { describe, expect, it } from 'vitest';
import { BRANCHES, composeLibrary } from '../../shared/redteam/index.ts';
import { attackOf, selectScenarios } from '../../shared/redteam/select.ts';
import { selectRedteam, redteamSelectionSchema } from '../../shared/plans/eval.ts';
import { dailyPlan, dailyPlanSchema } from '../../shared/plans/daily.ts';
import type { RedteamScenario } from '../../shared/redteam/schema.ts';

const select = (sel: Record<string, unknown>) => selectRedteam(redteamSelectionSchema.parse(sel));

describe('red-team selection', () => {
  const all = composeLibrary();
  const attacks = new Set(all.map(attackOf));
  const branchesWithAttacks = new Set(all.map((s) => s.branch));

  it("the demo's 120: min(120, #attacks) distinct base attacks and every branch, then second techniques", () => {
    const demo = select({ limit: 120 });
    expect(demo).toHaveLength(Math.min(120, all.length));
    expect(new Set(demo.map(attackOf)).size).toBe(Math.min(120, attacks.size));
    expect(new Set(demo.map((s) => s.branch))).toEqual(branchesWithAttacks);
    // No attack is played twice before every attack has been played once.
    const perAttack = new Map<string, number>();
    for (const s of demo) perAttack.set(attackOf(s), (perAttack.get(attackOf(s)) ?? 0) + 1);
    if (demo.length <= attacks.size) expect(Math.max(...perAttack.values())).toBe(1);
  });

  it('covers distinct attacks before re-encodings of the same attack', () => {
    const picked = selectScenarios(all, attacks.size);
    expect(new Set(picked.map(attackOf)).size).toBe(attacks.size);
    // A plan can name the attacks, or the techniques, it plays.
    expect(select({ attacks: ['info.sysprompt'] }).every((s) => attackOf(s) === 'info.sysprompt')).toBe(true);
    const leaks = select({ techniques: ['system-prompt-extraction'], limit: 5 });
    expect(leaks).toHaveLength(5);
    expect(leaks.every((s) => s.technique === 'system-prompt-extraction')).toBe(true);
  });

  it('touches every branch with a small budget', () => {
    const picked = selectScenarios(all, BRANCHES.length);
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

  it('is reproducible for a seed and changes with it, in the plans too', () => {
    const ids = (seed?: string) => select({ limit: 60, ...(seed ? { seed } : {}) }).map((s) => s.id);
    expect(ids('a')).toEqual(ids('a'));
    expect(ids('a')).not.toEqual(ids('b'));
    expect(ids()).toEqual(ids('vaglio'));
  });

  it("a daily run's default seed is its date: another day, another selection; the same day, the same", async () => {
    const scenarioIds = async (today: string, seed?: string) => {
      const input = dailyPlanSchema.parse({
        plan: 'daily',
        today,
        source: { type: 'folder', id: 'x', path: '/nowhere' },
        target: { type: 'http', url: 'http://127.0.0.1:1/chat', body: { q: '{{message}}' }, response: { answer: 'a' } },
        redteam: { limit: 30, ...(seed ? { seed } : {}) },
      });
      const built = await dailyPlan.build(input, { config: {} as never });
      return built.tasks.filter((t) => t.kind === 'eval.redteam').map((t) => (t.payload as { scenario: RedteamScenario }).scenario.id);
    };
    expect(await scenarioIds('2026-12-01')).toEqual(await scenarioIds('2026-12-01'));
    expect(await scenarioIds('2026-12-01')).not.toEqual(await scenarioIds('2026-12-02'));
    expect(await scenarioIds('2026-12-01', 'fixed')).toEqual(await scenarioIds('2026-12-02', 'fixed'));
  });

  it('a dataset row is an attack of its own', () => {
    const row = { ...all[0]!, id: 'rt.ds.multijail-it.12', pattern: 'dataset' as const };
    expect(attackOf(row)).toBe('rt.ds.multijail-it.12');
  });
});

describe('the poisoned test bando hook (staging only)', () => {
  it('is off by default and, when asked for, adds innocent questions judged on the marker the poisoned bando asks for', () => {
    expect(select({}).some((s) => s.id.startsWith('rt.staging.'))).toBe(false);
    const staging = select({ limit: 5, poisonedBando: true }).filter((s) => s.id.startsWith('rt.staging.'));
    expect(staging.length).toBeGreaterThanOrEqual(2);
    for (const s of staging) {
      expect(s.detectors.find((d) => d.type === 'compliance-marker')?.params).toEqual({ markers: ['MARMOTTA2718'] });
      // The injection is in the corpus, not in what the citizen types.
      expect(s.turns.map((t) => t.user).join(' ')).not.toMatch(/MARMOTTA/i);
    }
  });
});
