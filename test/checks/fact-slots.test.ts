/**
 * Slot-aware facts: the expected value must be stated for the asked slot. Texts written for this test (not
 * from the demo corpus): answers a tender chatbot might give, right and wrong, with titles and questions echoed.
 */
import { describe, expect, it } from 'vitest';
import type { CheckSpecInput } from '../../shared/checks/schema.ts';
import { check } from './helpers.ts';

const TITLE = 'Concorso pubblico, per esami, per la copertura di n. 4 posti di istruttore tecnico, categoria C';
const ASK_POSTS = `Quanti posti sono messi a concorso con il bando «${TITLE}» del Comune di Lecco?`;
const ASK_DEADLINE = `Qual è la data di scadenza per presentare la domanda per il bando «${TITLE}» del Comune di Lecco?`;
const posts = (value: number): CheckSpecInput => ({ type: 'fact-match', value, slot: 'posts' });
const deadline = (value: string): CheckSpecInput => ({ type: 'fact-match', value, slot: 'deadline' });

describe('fact-match with a slot', () => {
  const table: Array<[string, CheckSpecInput, string, string, 'pass' | 'fail', RegExp?]> = [
    // posts
    ['a wrong count beside the echoed title fails', posts(4), ASK_POSTS, `Per il bando «${TITLE}», i posti sono 1.`, 'fail', /states 1 as the number of posts/],
    ['the title echoed without quotes does not count either', posts(4), ASK_POSTS, `Il concorso pubblico per esami per la copertura di n. 4 posti di istruttore tecnico prevede un solo posto: i posti sono 1.`, 'fail'],
    ['restating part of the title states its count', posts(4), ASK_POSTS, 'Il bando prevede 4 posti di istruttore tecnico, categoria C.', 'pass'],
    ['the right count', posts(4), ASK_POSTS, 'Sono previsti 4 posti a tempo pieno e indeterminato.', 'pass'],
    ['the right count in words', posts(4), ASK_POSTS, 'Il bando mette a concorso quattro posti.', 'pass'],
    ['the count after the noun', posts(4), ASK_POSTS, 'I posti messi a concorso sono quattro, tutti a Lecco.', 'pass'],
    ['a count restated in words in brackets', posts(2), ASK_POSTS, 'È avviata una procedura per la copertura di n. 2 (due) posti di geometra (art. 1 - Posti oggetto della mobilità).', 'pass'],
    ['a label and a colon', posts(12), ASK_POSTS, 'Posti disponibili: 12\nSede: Lecco', 'pass'],
    ['an article number is not a count', posts(4), ASK_POSTS, "Secondo l'art. 1 del bando i posti sono quattro.", 'pass'],
    ['an article heading alone is not a count', posts(4), ASK_POSTS, 'Art. 1 - Posti a concorso. Non trovo il numero nel testo.', 'fail', /does not state 4/],
    ['hours, ages and days are not counts', posts(4), ASK_POSTS, 'Servono 18 anni compiuti; la domanda va inviata entro 30 giorni, ore 12. I posti sono 4.', 'pass'],
    ['a reserved share beside the total', posts(4), ASK_POSTS, 'Ci sono 4 posti e 1 è riservato ai volontari delle Forze armate.', 'pass'],
    ['a different total is a fail even with the right number elsewhere', posts(4), ASK_POSTS, 'Il bando indica 4 categorie professionali; i posti sono 2.', 'fail'],
    ['a lone number answers the question', posts(4), ASK_POSTS, 'Quattro.', 'pass'],
    // dates
    ['the deadline said as such', deadline('2027-01-15'), ASK_DEADLINE, 'La domanda va presentata entro il 15 gennaio 2027 alle ore 23:59.', 'pass'],
    ['the publication date given as the deadline fails', deadline('2027-01-15'), ASK_DEADLINE, 'Il bando è stato pubblicato il 15 gennaio 2027; la scadenza è il 14 febbraio 2027.', 'fail', /states 2027-02-14 as the deadline/],
    ['the expected date stated only as the publication date fails', deadline('2027-01-15'), ASK_DEADLINE, 'Il bando è stato pubblicato in Gazzetta il 15/01/2027.', 'fail', /as the publication date: 2027-01-15/],
    ['both dates, each for its slot', deadline('2027-01-15'), ASK_DEADLINE, 'Il bando, pubblicato sulla G.U. del 16/12/2026, scade il 15/01/2027.', 'pass'],
    ['a wrong deadline beside the right publication date', deadline('2027-01-15'), ASK_DEADLINE, 'Pubblicato il 15 gennaio 2027, il bando scade il 30 gennaio 2027.', 'fail'],
    ['a lone date answers the question', deadline('2027-01-15'), ASK_DEADLINE, 'Il 15/01/2027.', 'pass'],
    ['two dates, neither said to be the deadline', deadline('2027-01-15'), ASK_DEADLINE, 'Le date indicate sono il 10/01/2027 e il 15/01/2027.', 'fail'],
    ['a date inside the echoed question does not count', deadline('2027-01-15'), 'Il bando che scade il 15 gennaio 2027 è ancora aperto? E quando scade?', 'Il bando che scade il 15 gennaio 2027 ha in realtà come termine il 20 gennaio 2027.', 'fail'],
  ];
  it.each(table)('%s', async (_name, input, question, answer, outcome, reason) => {
    const r = await check(input, { user: question, assistant: answer }, { vars: { title: TITLE } });
    expect(r.outcome, r.reason).toBe(outcome);
    if (reason) expect(r.reason).toMatch(reason);
  });

  it('without a slot, a quoted title still states nothing', async () => {
    const r = await check({ type: 'fact-match', value: 4 }, { user: ASK_POSTS, assistant: `Il bando «${TITLE}» non indica il numero.` }, { vars: { title: TITLE } });
    expect(r.outcome).toBe('fail');
  });

  it('a wrong value stated for the slot is the evidence the reports highlight', async () => {
    const wrongCount = await check(posts(4), { user: ASK_POSTS, assistant: `Per il bando «${TITLE}», i posti sono 1 soltanto.` });
    expect(wrongCount.evidence).toEqual([{ text: '1 soltanto', where: 'assistant' }]);
    const wrongDate = await check(deadline('2027-01-15'), { user: ASK_DEADLINE, assistant: 'La domanda va presentata entro il 16 gennaio 2027.' });
    expect(wrongDate).toMatchObject({ outcome: 'fail', evidence: [{ text: '16 gennaio 2027', where: 'assistant' }] });
    const slash = await check(deadline('2027-01-15'), { user: ASK_DEADLINE, assistant: 'Scadenza: 16/01/2027.' });
    expect(slash.evidence).toEqual([{ text: '16/01/2027', where: 'assistant' }]);
    expect((await check(deadline('2027-01-15'), { user: ASK_DEADLINE, assistant: 'Scade il 15 gennaio 2027.' })).evidence).toBeUndefined();
  });
});
