/**
 * answer-presence: evidence that is weak or generic (a guess, thanks, the bando's own name said back, a quoted
 * passage behind a source label, a figure about another aspect of the bando, advice in general) no longer makes a
 * reply an answer; it goes to the judge (undecided) or stays a deflection. Sentences written for this test.
 */
import { describe, expect, it } from 'vitest';
import { presenceVerdict } from '../../shared/checks/answer-presence.ts';

const verdictOf = (reply: string, question: string) => presenceVerdict(reply, { question, bandoNamed: true }).verdict;

describe('weak evidence is not an answer', () => {
  it('a guess beside "non lo so" is undecided; a condition with a value alone answers', () => {
    expect(verdictOf('Non ho il dato esatto. Potrebbero essere tra 5 e 8, ma è solo una stima.', 'Quanti posti ha il bando per fabbri del Comune di Serra?')).toBe('undecided');
    expect(verdictOf('Se la paghi online, si usa PagoPA: sono 10 euro.', 'Quanto costa la tassa del bando per 2 fabbri del Comune di Serra?')).toBe('answer');
  });

  it('thanks for a question naming the bando, or the bando named back in the question’s words, tell nothing', () => {
    const when = 'Quando è la prova del concorso per cuochi della Provincia di Monte?';
    expect(verdictOf('La ringrazio per la domanda sul concorso Cuochi Mensa 2028 della Provincia di Monte. Le informazioni non sono ancora disponibili.', when)).not.toBe('answer');
    const exam = 'Quali materie ci sono all’orale del concorso per 3 cuochi della mensa scolastica della Provincia di Monte?';
    expect(verdictOf('Il concorso per 3 cuochi della mensa scolastica della Provincia di Monte è uscito il 5 maggio 2026. Per le materie legga l’articolo 6.', exam)).not.toBe('answer');
    expect(verdictOf('All’orale: igiene degli alimenti e sicurezza sul lavoro, dal 5 maggio 2026.', exam)).toBe('answer');
  });

  it('"the office would know", "si possono trovare notizie nel sito", "enter the reference number" are deflections', () => {
    expect(verdictOf("I'm not sure. The council's jobs office at 4 Hill Road would know.", 'What documents do I need for the Dunmore Council porter job?')).toBe('no-answer');
    expect(verdictOf('Si possono trovare notizie sul part-time nel sito del Ministero. In generale i dipendenti possono chiederlo.', 'Il bando ORT-7 del Comune di Orta ammette il part-time?')).toBe('no-answer');
    expect(verdictOf('Please enter the reference number or the title.', 'Which documents does the Orta porter call ORT-7 need?')).toBe('no-answer');
  });

  it('a channel the question itself names is no new one', () => {
    expect(verdictOf('Per parlare con l’ufficio tributi si rivolga all’URP del Comune di Erba, che la aiuterà.', 'Qual è la mail dell’ufficio tributi del Comune di Erba?')).toBe('no-answer');
  });

  it('a quoted passage behind a source label, a figure about another aspect, advice in general', () => {
    expect(verdictOf('[Fonte: bando ABC-1, art. 2] «La commissione è composta da un presidente, due esperti e un segretario.»', 'Il Comune di Lago ha pubblicato il calendario della prova pratica del bando ABC-1?')).not.toBe('answer');
    expect(verdictOf('Our council has 40 parks. The Elm call offers 4 permanent surveyor posts in the roads team.', 'Which degree is required for the Elm County surveyor roles?')).not.toBe('answer');
    const notary = 'Posso usare il codice civile all’orale del bando per 2 notai di Forte?';
    expect(verdictOf('Ecco qualche consiglio generale per gli orali: ripassa, dormi bene, arriva presto.', notary)).not.toBe('answer');
    expect(verdictOf('Sì, il codice civile non commentato è ammesso all’orale.', notary)).toBe('answer');
  });

  it('a condition read as a list is still a condition; where the exam is held is not a contact to ask for', () => {
    expect(verdictOf('Non lo so. Se è prevista una tassa, andrà pagata con PagoPA.', 'Quanto costa la tassa del bando per 2 fabbri del Comune di Serra?')).not.toBe('answer');
    expect(verdictOf('Le consiglio di contattare l’Ufficio Tecnico, aperto dal lunedì al venerdì.', 'Dove si svolge lo scritto del bando per 2 fabbri del Comune di Serra?')).not.toBe('answer');
    expect(verdictOf('Per informazioni può rivolgersi all’UOC Affari Generali.', 'Chi è il responsabile del procedimento del bando SER-4 del Comune di Serra?')).toBe('no-answer');
    expect(verdictOf('Lo scritto si tiene presso la palestra di via Po 3.', 'Dove si svolge lo scritto del bando per 2 fabbri del Comune di Serra?')).toBe('answer');
  });
});
