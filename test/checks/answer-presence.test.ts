import { describe, expect, it } from 'vitest';
import { check } from './helpers.ts';

describe('answer-presence', () => {
  const table: Array<[string, string, 'pass' | 'fail']> = [
    ['real Italian answer', 'Il bando per infermieri scade il 31 gennaio 2027.', 'pass'],
    ['real English answer', 'The call for nurses closes on 31 January 2027.', 'pass'],
    ['empty', '', 'fail'],
    ['only punctuation and spaces', ' ... \n ', 'fail'],
    ['Italian refusal', 'Mi dispiace, ma non posso aiutarti con questa richiesta.', 'fail'],
    ['Italian inability', 'Non sono in grado di rispondere a questa domanda.', 'fail'],
    ['English refusal', "I'm sorry, but I can't help with that.", 'fail'],
    ['English as-an-AI', 'As an AI language model I cannot give legal advice.', 'fail'],
    ['Italian fallback', 'Scusa, non ho capito. Puoi riformulare la domanda?', 'fail'],
    ['English fallback', "Sorry, I didn't understand. Could you rephrase?", 'fail'],
    ['typographic apostrophe fallback', 'Sorry, I didn’t understand that.', 'fail'],
    [
      'long answer opening politely is still an answer',
      `Ecco i bandi trovati per la tua ricerca. ${'Il Comune di Torino cerca educatori per i nidi, con scadenza il 15 marzo. '.repeat(8)}Mi dispiace, non posso garantire che siano tutti aperti.`,
      'pass',
    ],
  ];
  it.each(table)('%s', async (_name, answer, outcome) => {
    expect((await check({ type: 'answer-presence' }, answer)).outcome).toBe(outcome);
  });

  it('recognises a target-specific fallback message', async () => {
    const fallback = 'Questa funzione non è ancora disponibile.';
    expect((await check({ type: 'answer-presence' }, fallback)).outcome).toBe('pass');
    const r = await check({ type: 'answer-presence', fallbackMessages: ['funzione non e ancora disponibile'] }, fallback);
    expect(r.outcome).toBe('fail');
    expect(r.reason).toContain("the target's canned replies");
    const canned = await check({ type: 'answer-presence', cannedReplies: ['Questa funzione non è ancora disponibile'] }, 'questa funzione NON è ancora disponibile!!');
    expect(canned.outcome).toBe('fail');
    // The canned reply next to real content is an answer.
    expect((await check({ type: 'answer-presence', cannedReplies: [fallback] }, `${fallback} Il bando scade il 3 marzo 2027.`)).outcome).toBe('pass');
  });

  it('can accept refusals (for questions the bot must decline)', async () => {
    const r = await check({ type: 'answer-presence', allowRefusal: true }, 'Mi dispiace, non posso fornire dati personali.');
    expect(r.outcome).toBe('pass');
  });

  it('a null assistant message (no reply) fails', async () => {
    expect((await check({ type: 'answer-presence' }, { assistant: null })).outcome).toBe('fail');
  });
});
