/**
 * Answer presence, evidence tied to what the question asks: facts about other aspects of the bando, a figure counting
 * something else, a reference number, a search that found nothing, a value left to another text, an error's payload,
 * a lead into quotes, a disclaimer, the question put back. Our own wording, Italian and English.
 */
import { describe, expect, it } from 'vitest';
import { presenceVerdict } from '../../shared/checks/answer-presence.ts';

const v = (reply: string, question: string) => presenceVerdict(reply, { question, bandoNamed: true });
const answers = (reply: string, question: string) => expect(v(reply, question)).toEqual({ verdict: 'answer' });
const doesNotAnswer = (reply: string, question: string) => expect(v(reply, question)).not.toEqual({ verdict: 'answer' });

describe('facts about other aspects of the bando do not answer', () => {
  it('a sentence reciting posts, contract, deadline or how to apply, to a question about something else', () => {
    doesNotAnswer('Il bando offre 3 posti a tempo indeterminato e la domanda si presenta su inPA entro il 12 marzo.', 'Comune di Pratovecchio, bando vigili: che prove fisiche ci sono?');
    doesNotAnswer('Sure! The Lakeside clerk call has 2 full-time posts, and applications close on 4 June via the online portal.', 'Lakeside clerk call: is there a language test?');
    doesNotAnswer('Il concorso ha 6 posti part-time e scade il 30 settembre, candidature sul portale regionale.', 'concorso assistenti sociali Valdimonte: la laurea triennale basta?');
    doesNotAnswer('The call covers 4 posts; apply online; exams: written, oral and practical.', 'Harbour office call: what is the gross salary?');
  });
  it('the same facts answer when they are what was asked', () => {
    answers('Una prova scritta il 9 aprile e un colloquio orale a maggio.', 'Comune di Pratovecchio, bando vigili: che prove ci sono?');
    answers('Il bando offre 3 posti a tempo indeterminato.', 'Comune di Pratovecchio, bando vigili: quanti posti ci sono?');
    answers('Applications close on 4 June at noon.', 'Lakeside clerk call: when is the deadline?');
  });
});

describe('a figure counts what the question counts', () => {
  it('a figure before another kind of thing, or a date, is not the count asked', () => {
    doesNotAnswer('Le domande vanno inviate entro il 20 maggio.', 'Quanti posti ha il concorso geometri di Borgofranco?');
    doesNotAnswer('There are 3 vacancies in the library service.', 'How many hours a week is the Borgofranco library job?');
    doesNotAnswer("L'orale si svolge in 2 giornate.", "Quanti candidati sono stati ammessi all'orale del concorso di Borgofranco?");
  });
  it('a bare figure, the counted thing, or the same kind in other units answers', () => {
    answers('Sono 30 ore settimanali.', 'Quante ore a settimana prevede il concorso di Borgofranco?');
    answers('90 minutes.', 'How many hours does the Borgofranco written test last?');
    answers('2 posti.', 'Quanti posti ha il concorso geometri di Borgofranco?');
  });
  it('a level code or a reference number is no figure', () => {
    doesNotAnswer('The post is graded C1 under the national contract.', 'Borgofranco surveyor call: how many posts?');
    doesNotAnswer('Vedi il bando, art. 12, comma 3: «Il diario delle prove è pubblicato sul sito.»', "Quanti giorni di preavviso per l'orale del concorso di Borgofranco?");
    answers('20 giorni prima della prova (art. 12).', "Quanti giorni di preavviso per l'orale del concorso di Borgofranco?");
  });
});

describe('a search that found nothing is a "don\'t know"', () => {
  it('no relevant passage, result or document found', () => {
    for (const reply of ['Nessun risultato rilevante trovato per la tua ricerca.', 'No matching documents were returned for this query.', 'Non sono stati trovati passaggi utili nei documenti indicizzati.', 'Zero relevant snippets found.'])
      expect(v(reply, 'Il bando archivisti di Ponteselva prevede una prova orale?')).toEqual({ verdict: 'no-answer', kind: 'dont-know' });
  });
  it('no such bando is still an answer', () => {
    answers('Non risulta alcun bando aperto per archivisti a Ponteselva.', 'C\'è un bando per archivisti a Ponteselva?');
  });
});

describe('a value left to another text is a referral', () => {
  it('governed, set or required by the contract, the law or the call, with no figure', () => {
    for (const reply of [
      'La durata del periodo di prova è stabilita dal contratto collettivo nazionale.',
      'Probation is governed by the applicable collective agreement.',
      'You must upload every document required by the notice.',
      'Il contributo, se dovuto, va pagato secondo le modalità indicate nel bando.',
    ])
      expect(v(reply, 'Ponteselva archivist call: what about probation, documents and the fee?')).not.toEqual({ verdict: 'answer' });
  });
  it('with the value, named as a source, or asked which text applies, it answers', () => {
    answers('Il periodo di prova è di 6 mesi, come previsto dal CCNL.', 'Bando archivisti Ponteselva: quanto dura il periodo di prova?');
    answers('Secondo il bando, la prova orale verte su diritto amministrativo e archivistica.', 'Bando archivisti Ponteselva: su cosa verte l\'orale?');
    answers('È disciplinato dal CCNL Funzioni Locali.', 'Bando archivisti Ponteselva: quale contratto si applica?');
  });
});

describe('what announces, frames or disclaims says nothing', () => {
  it("an error's payload gives no figure", () => {
    expect(v('Apologies, the request could not be completed because an error occurred in the model server: {"httpStatus": 502, "reason": "bad gateway"}', 'Ponteselva archivist call: how many posts?')).toMatchObject({ verdict: 'no-answer', kind: 'error' });
    expect(v('Si è verificato un errore: {"status": 429, "detail": "troppe richieste, riprova più tardi"}', 'Quanti posti ha il bando archivisti di Ponteselva?')).toMatchObject({ verdict: 'no-answer', kind: 'error' });
  });
  it('a lead into quotes, and the quotes judged for what they say', () => {
    const fee = 'Quanto costa la tassa del concorso archivisti di Ponteselva?';
    doesNotAnswer('Ecco cosa ho trovato:\n> [1] art. 2 — «I candidati devono possedere la cittadinanza italiana.»', fee);
    doesNotAnswer('Here is what I retrieved:\n> [1] Candidate guide — «All the details are in the call.»', fee);
    answers('Ecco cosa ho trovato:\n> [1] art. 5 — «La tassa di concorso è di 10 euro, non rimborsabile.»', fee);
  });
  it('a disclaimer about what the bot says, beside a refusal', () => {
    const appeal = 'Ho saltato la prova del concorso di Ponteselva per malattia, posso chiedere di recuperarla?';
    doesNotAnswer('Le informazioni qui riportate hanno carattere indicativo. Non posso però darle consulenza legale.', appeal);
    doesNotAnswer('The information provided here may not be up to date. I cannot advise on legal matters.', appeal);
  });
  it('the question put back, after a purpose clause or in other words, is no answer', () => {
    const rome = 'Is the written test of the Ponteselva archivist call held in Rome?';
    doesNotAnswer('Just to check I got it right: is the written test of the Ponteselva archivist call held in Rome?', rome);
    doesNotAnswer('Solo per essere sicuro: la prova scritta del concorso archivisti di Ponteselva si tiene a Roma?', 'La prova scritta del concorso archivisti di Ponteselva si tiene a Roma?');
    answers('Solo per esami.', 'Il concorso archivisti di Ponteselva è per titoli ed esami?');
  });
  it('numbered steps of general advice, written inline, are general advice', () => {
    doesNotAnswer('In genere occorre: 1) compilare la domanda; 2) allegare i documenti previsti; 3) pagare la tassa.', 'Comune di Ponteselva, bando archivisti: quali documenti servono?');
    doesNotAnswer('Usually you need to: 1) read the call; 2) attach the required documents; 3) submit before the deadline.', 'Ponteselva archivist call: which documents do I need?');
  });
});
