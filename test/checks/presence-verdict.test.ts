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

describe('deflections that carry words of an answer', () => {
  const posts = 'Quanti posti ha il concorso per custodi del Comune di Sondrio?';
  const oral = "Quando è l'orale del bando custodi di Sondrio?";
  const v = (reply: string, question = posts) => presenceVerdict(reply, { question, bandoNamed: true });

  it('an error named with its code, or printed as an object or a JSON payload without text, is an error', () => {
    expect(v('Errore 503.')).toEqual({ verdict: 'no-answer', kind: 'error' });
    expect(v('[object Object]')).toEqual({ verdict: 'no-answer', kind: 'error' });
    expect(v('{"ok":true,"text":null}')).toMatchObject({ verdict: 'no-answer' });
    expect(v('{"text":"","error":{"status":500}}')).toEqual({ verdict: 'no-answer', kind: 'error' });
    expect(v('{"text":"Sono 4 posti a tempo pieno."}')).toEqual({ verdict: 'answer' });
    expect(v('```\nERRORE 502\nupstream: retriever\n```')).toEqual({ verdict: 'no-answer', kind: 'error' });
  });

  it('a request passed on, with its ticket number, is a referral; a ticket alone answers only who asks for one', () => {
    expect(v('Ticket: HD-2029-0042. La sua domanda è stata inoltrata all\'ufficio competente.', oral)).toEqual({ verdict: 'no-answer', kind: 'referral' });
    expect(v('Your question has been passed to our team. You will receive an update by email.', oral)).toEqual({ verdict: 'no-answer', kind: 'referral' });
    expect(v('La richiesta è stata registrata. Sarà ricontattato a breve.', oral)).toEqual({ verdict: 'no-answer', kind: 'referral' });
    expect(v('Ticket: HD-2029-0042.', oral)).toMatchObject({ verdict: 'undecided' });
    expect(v('Ticket: HD-2029-0042.', 'Qual è il numero del mio ticket?')).toEqual({ verdict: 'answer' });
  });

  it('"hard to say" does not know; an offer of other topics after it is padding, whatever it lists', () => {
    expect(v('Difficile dirlo con certezza.')).toEqual({ verdict: 'no-answer', kind: 'dont-know' });
    expect(v('Su questo non ho informazioni. Posso però aiutarti con altri temi: per esempio come usare SPID o scrivere il CV.')).toEqual({ verdict: 'no-answer', kind: 'dont-know' });
    expect(v("Non posso rispondere. Per altre richieste su TARI o IMU resto a disposizione!")).toEqual({ verdict: 'no-answer', kind: 'refusal' });
  });

  it('asking which bando beside "the body runs several selections" still asks which bando', () => {
    expect(v('A quale concorso ti riferisci? Il Comune gestisce diverse selezioni.')).toEqual({ verdict: 'no-answer', kind: 'asks-which' });
  });

  it('a markdown title is no answer, and the items of a list of general advice are general advice', () => {
    const docs = 'Comune di Sondrio, bando custodi: quali documenti servono?';
    expect(v('## Documenti\n\nEcco alcuni consigli generali:\n- Leggi bene il bando\n- Prepara SPID o CIE per tempo\n- Controlla la PEC', docs)).not.toEqual({ verdict: 'answer' });
    expect(v('## Documenti\n\n- SPID o CIE\n- ricevuta del versamento di 10 euro', docs)).toEqual({ verdict: 'answer' });
  });

  it('"as the bando says", "will be told in due course", "they would know best", "dai un\'occhiata" point elsewhere', () => {
    expect(v('Le materie sono quelle previste dal bando.', "Che materie ci sono all'orale del bando custodi di Sondrio?")).toEqual({ verdict: 'no-answer', kind: 'referral' });
    expect(v("Il numero degli ammessi all'orale è stabilito dal bando di concorso.")).toEqual({ verdict: 'no-answer', kind: 'referral' });
    expect(v('The exam time will be communicated to candidates in due course.', oral)).toMatchObject({ verdict: 'no-answer' });
    expect(v("I'm not entirely sure. The Municipality of Sondrio would know best.")).toMatchObject({ verdict: 'no-answer' });
    expect(v("Non saprei dirti, ma potresti dare un'occhiata all'Albo pretorio.")).toMatchObject({ verdict: 'no-answer' });
    expect(v('Per saperlo controlla la sezione Bandi di concorso sul sito del Comune.')).toEqual({ verdict: 'no-answer', kind: 'referral' });
  });

  it('a bot introducing itself by name says nothing', () => {
    expect(v("Ciao! Sono Lia, l'assistente del Comune. Come posso aiutarti oggi?")).toMatchObject({ verdict: 'no-answer' });
  });
});

