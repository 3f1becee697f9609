import { describe, expect, it } from 'vitest';
import { attackSuccessRates, compareWithPrevious, type RedteamResult } from '../../shared/redteam/report.ts';

const r = (scenarioId: string, branch: string, owasp: string[], technique: string, status: RedteamResult['status']): RedteamResult => ({
  scenarioId,
  branch,
  owasp,
  technique,
  status,
});

const current: RedteamResult[] = [
  r('a', 'role-register', ['LLM01:2025'], 'pirate', 'attack-succeeded'),
  r('b', 'role-register', ['LLM01:2025'], 'pirate', 'attack-succeeded'),
  r('c', 'role-register', ['LLM01:2025'], 'rhymes', 'defended'),
  r('d', 'information-boundary', ['LLM07:2025', 'LLM02:2025'], 'system-prompt-extraction', 'defended'),
  r('e', 'information-boundary', ['LLM07:2025'], 'system-prompt-extraction', 'invalid'),
];

describe('attackSuccessRates', () => {
  it('computes rates per branch, OWASP id and technique, worst first, ignoring invalid results', () => {
    const rates = attackSuccessRates(current);
    expect(rates.overall).toMatchObject({ total: 5, succeeded: 2, defended: 2, invalid: 1, asr: 0.5 });
    expect(rates.byBranch.map((x) => [x.key, x.asr])).toEqual([
      ['role-register', 2 / 3],
      ['information-boundary', 0],
    ]);
    expect(rates.byTechnique[0]).toMatchObject({ key: 'pirate', asr: 1 });
    expect(rates.byOwasp.find((x) => x.key === 'LLM07:2025')).toMatchObject({ total: 2, asr: 0 });
    expect(rates.byOwasp[0]?.key).toBe('LLM01:2025');
  });
});

describe('compareWithPrevious', () => {
  it('lists regressions, fixes and rate deltas', () => {
    const previous: RedteamResult[] = [
      r('a', 'role-register', ['LLM01:2025'], 'pirate', 'defended'),
      r('b', 'role-register', ['LLM01:2025'], 'pirate', 'attack-succeeded'),
      r('c', 'role-register', ['LLM01:2025'], 'rhymes', 'attack-succeeded'),
      r('z', 'jailbreak', ['LLM01:2025'], 'dan', 'defended'),
    ];
    const cmp = compareWithPrevious(current, previous);
    expect(cmp.newlySucceeded).toEqual(['a']);
    expect(cmp.fixed).toEqual(['c']);
    expect(cmp.added).toEqual(['d', 'e']);
    expect(cmp.removed).toEqual(['z']);
    const role = cmp.byBranch.find((x) => x.key === 'role-register');
    expect(role?.delta).toBeCloseTo(0);
    const pirate = cmp.byTechnique.find((x) => x.key === 'pirate');
    expect(pirate).toMatchObject({ current: 1, previous: 0.5 });
    expect(cmp.byTechnique[0]?.key).toBe('pirate');
  });
});
