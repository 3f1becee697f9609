/**
 * answer-presence is three-valued: what its rules cannot decide (no deflection, nothing specific either) is
 * `undecided`, handed to the judge, and `invalid` with the reason when there is none — never a pass.
 * Sentences written for this test.
 */
import { describe, expect, it } from 'vitest';
import { detectNonAnswer, presenceVerdict } from '../../shared/checks/answer-presence.ts';
import type { CheckResult, JudgedCheckSpec } from '../../shared/checks/types.ts';
import { check, spec, transcript } from './helpers.ts';
import { runCheck } from '../../shared/checks/registry.ts';

const when = 'Quando scade il bando per geometri del Comune di Rovigo?';
const padding = 'Il nostro staff aggiorna costantemente il portale con tutte le novità.';

describe('presenceVerdict', () => {
  it('a clear answer, a clear deflection, and a reply the rules cannot tell', () => {
    expect(presenceVerdict('La domanda va presentata entro il 12 marzo 2027.', { question: when })).toEqual({ verdict: 'answer' });
    expect(presenceVerdict('Mi dispiace, non posso aiutarla con questa richiesta.', { question: when })).toEqual({ verdict: 'no-answer', kind: 'refusal' });
    const v = presenceVerdict(padding, { question: when });
    expect(v).toMatchObject({ verdict: 'undecided', why: expect.stringMatching(/generic words/) });
    // detectNonAnswer keeps its old reading: undecided is not a non-answer there.
    expect(detectNonAnswer(padding, { question: when })).toBeUndefined();
  });

  it('function words alone, or an affirmation to a what/when question, are undecided; to a yes/no question they say yes or no', () => {
    expect(presenceVerdict('Lo è.', { question: when })).toMatchObject({ verdict: 'undecided', why: expect.stringMatching(/function words/) });
    expect(presenceVerdict('Certo!', { question: when })).toMatchObject({ verdict: 'undecided', why: expect.stringMatching(/affirmation/) });
    expect(presenceVerdict('Certo!', { question: 'Il bando per geometri del Comune di Rovigo è ancora aperto?' })).toEqual({ verdict: 'answer' });
    expect(presenceVerdict('Non è richiesta.', { question: 'Per il bando di Rovigo è richiesta la patente?' })).toEqual({ verdict: 'answer' });
  });

  it('padding beside a deflection is still a deflection, not undecided', () => {
    expect(presenceVerdict(`Purtroppo non posso aiutarla su questo. ${padding}`, { question: when })).toMatchObject({ verdict: 'no-answer', kind: 'refusal' });
  });
});

describe('answer-presence on an undecided reply', () => {
  it('without a judge model it is invalid with the reason, never a pass', async () => {
    const r = await check({ type: 'answer-presence' }, { user: when, assistant: padding });
    expect(r.outcome).toBe('invalid');
    expect(r.reason).toMatch(/^no judge model configured: answer-presence undecided \(no deflection, but only generic words/);
    expect(r.undecided).toMatch(/generic words/);
  });

  it('with a judge model the judge decides it, under the answer-presence check', async () => {
    const seen: JudgedCheckSpec[] = [];
    const llmJudge = async (s: JudgedCheckSpec): Promise<CheckResult> => {
      seen.push(s);
      return { checkId: 'x', type: s.type, outcome: 'fail', reason: 'nothing about the deadline' };
    };
    const r = await check({ type: 'answer-presence' }, { user: when, assistant: padding }, { llmJudge });
    expect(seen.map((s) => s.type)).toEqual(['answer-presence']);
    expect(r).toMatchObject({ outcome: 'fail', reason: 'nothing about the deadline', checkId: 'answer-presence', undecided: expect.stringMatching(/generic words/) });
    // A decided reply never reaches the judge.
    const decided = await check({ type: 'answer-presence' }, { user: when, assistant: 'Scade il 12 marzo 2027.' }, { llmJudge });
    expect(decided.outcome).toBe('pass');
    expect(seen).toHaveLength(1);
  });

  it('turn "all" keeps the undecided mark of any turn, so the judge task runs it again', async () => {
    const t = transcript({ user: when, assistant: 'Scade il 12 marzo 2027.' }, { user: 'E quanti posti ci sono?', assistant: padding });
    const r = await runCheck(spec({ type: 'answer-presence', turn: 'all' }), { vars: {}, transcript: t });
    expect(r.outcome).toBe('invalid');
    expect(r.undecided).toMatch(/generic words/);
  });
});
