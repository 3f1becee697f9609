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
    // Unknown to the check, it is words the rules cannot weigh: the judge's (invalid without one), never a pass.
    expect((await check({ type: 'answer-presence' }, fallback)).outcome).toBe('invalid');
    const r = await check({ type: 'answer-presence', fallbackMessages: ['funzione non e ancora disponibile'] }, fallback);
    expect(r.outcome).toBe('fail');
    expect(r.reason).toContain("the target's canned replies");
    const canned = await check({ type: 'answer-presence', cannedReplies: ['Questa funzione non è ancora disponibile'] }, 'questa funzione NON è ancora disponibile!!');
    expect(canned.outcome).toBe('fail');
    // The canned reply next to real content is an answer.
    expect((await check({ type: 'answer-presence', cannedReplies: [fallback] }, `${fallback} Il bando scade il 3 marzo 2027.`)).outcome).toBe('pass');
  });

  // Written for this test (not taken from any labelled set): each kind in Italian and English, in forms the
  // lexicon does not list word for word, and answers that use a deflection's words inside real content.
  const named = { vars: { tenderId: 'T1' } };
  const deflections: Array<[string, string, RegExp]> = [
    ['refusal, plural first person', 'Purtroppo non siamo in grado di fornirle indicazioni su questo aspetto.', /refusal/],
    ['refusal, only a negated sentence about the conversation', 'Temo di non essere nella posizione di risponderle.', /refusal/],
    ['refusal, scope statement', 'Mi occupo esclusivamente di pratiche anagrafiche.', /refusal/],
    ['refusal, English self-description', 'I am merely a virtual assistant for general enquiries.', /refusal/],
    ['refusal, English passive', 'Questions of this kind are not handled by this assistant.', /refusal/],
    ['dont-know, Italian', 'Di questo, purtroppo, non ho notizia.', /does not know/],
    ['dont-know, English', "Honestly, I'm not entirely sure. Sorry!", /does not know/],
    ['referral, Italian', "Per questo le conviene sentire direttamente l'amministrazione.", /refers the user elsewhere/],
    ['referral, ente as subject', "L'ufficio del personale saprà sicuramente darle una risposta.", /refers the user elsewhere/],
    ['referral, English', "The recruitment office will be able to tell you.", /refers the user elsewhere/],
    ['referral, only where else to ask', "Verifichi con l'ufficio risorse umane del Comune di Lecco.", /refers the user elsewhere/],
    ['asks-which, Italian', 'Certo! A quale selezione pensa, esattamente?', /asks which bando/],
    ['asks-which, English', 'Happy to help. Which of the calls do you mean?', /asks which bando/],
    ['error, Italian', 'Connessione interrotta. Ricarichi la pagina.', /error message/],
    ['error, English', 'Our servers are overloaded at the moment, please retry.', /error message/],
    ['echo with a frame', 'Vuole sapere quando scade il concorso del Comune di Lecco?', /repeats the question/],
    ['only pleasantries', 'Grazie per averci scritto! Buona giornata.', /says nothing/],
  ];
  it.each(deflections)('fails a deflection: %s', async (_name, answer, reason) => {
    const r = await check({ type: 'answer-presence' }, { user: 'Quando scade il concorso del Comune di Lecco?', assistant: answer }, named);
    expect(r.outcome, r.reason).toBe('fail');
    expect(r.reason).toMatch(reason);
  });

  const answers: Array<[string, string, string]> = [
    ['a bare no to a yes/no question', 'Serve la patente per il bando di Lecco?', 'No.'],
    ['a number word', 'Quante prove ha il concorso di Lecco?', 'Tre.'],
    ['a negated statement, not a repeat', 'Il concorso di Lecco ha un limite di età?', "Non c'è un limite di età."],
    ['not required', 'Il concorso di Lecco richiede esperienza?', 'Non è richiesta.'],
    ['an apology before the content', 'Il bando di Lecco è aperto?', 'Mi dispiace, è scaduto il 3 novembre.'],
    ['an error word in a procedure', 'E se il portale non funziona?', 'In caso di malfunzionamento del portale la domanda si invia via PEC entro il 12 marzo.'],
    ['a referral beside a deadline', 'Come invio il CV per il bando di Lecco?', "Scriva all'ufficio personale entro il 3 maggio."],
    ['a status-like number that is not an error', 'Quando c’è la preselezione a Lecco?', 'Solo se le domande superano le 500.'],
    ['candidates not allowed: a rule, not a refusal', 'Posso usare il telefono alla prova di Lecco?', 'I candidati non sono autorizzati a usare il telefono durante la prova.'],
    ['an English short answer', 'Is the Lecco oral exam online?', 'No, in person.'],
    ['a clarifying question when no bando was named', 'Quando scade il bando?', 'Non ho capito a quale bando si riferisce: può indicarmi l’ente?'],
    ['where to deliver: an office is the answer', 'Come consegno la domanda del bando di Lecco?', "Direttamente all'ufficio personale."],
    ['an office named with what it decides', 'Chi valuta i titoli nel concorso di Lecco?', 'La commissione esaminatrice, nominata dal dirigente del personale.'],
    ['several bandi, listed', 'Ci sono concorsi per geometri?', 'Ci sono diversi bandi: Comune di Rovigo (scade il 5 marzo) e Provincia di Biella.'],
  ];
  it.each(answers)('passes an answer: %s', async (_name, question, answer) => {
    const r = await check({ type: 'answer-presence' }, { user: question, assistant: answer });
    expect(r.outcome, r.reason).toBe('pass');
  });

  it('a referral answers a question about contacts or where only when it gives a way to get there', async () => {
    const generic = "Mi scusi, al momento non sono in grado di risponderle. Le suggerisco di consultare il sito istituzionale dell'ente.";
    for (const user of ['A chi posso chiedere informazioni sul concorso del Comune di Lecco?', 'Come si presenta la domanda per il concorso del Comune di Lecco?', 'Dove si svolgono le prove del concorso ASL Bari?']) {
      expect((await check({ type: 'answer-presence' }, { user, assistant: generic })).outcome, user).toBe('fail');
    }
    const contacts = 'A chi posso chiedere informazioni sul concorso del Comune di Lecco?';
    for (const assistant of ['Può scrivere a personale@comune.lecco.example o chiamare lo 0341 111222.', "Si rivolga all'Ufficio Personale, piazza Diaz 1, Lecco.", 'Può rivolgersi al Servizio Risorse Umane del Comune.']) {
      expect((await check({ type: 'answer-presence' }, { user: contacts, assistant })).outcome, assistant).toBe('pass');
    }
  });

  it('a pleasantry answers a pleasantry', async () => {
    expect((await check({ type: 'answer-presence' }, { user: 'Grazie mille!', assistant: 'Prego, buona giornata!' })).outcome).toBe('pass');
    expect((await check({ type: 'answer-presence' }, { user: 'Quanti posti ci sono a Lecco?', assistant: 'Prego, buona giornata!' })).outcome).toBe('fail');
  });

  it('"which bando?" fails once a bando was named (by the case or the conversation), passes when none was', async () => {
    const ask = 'Mi dica di quale bando si tratta.';
    expect((await check({ type: 'answer-presence' }, { user: 'Quando scade?', assistant: ask })).outcome).toBe('pass');
    expect((await check({ type: 'answer-presence' }, { user: 'Quando scade?', assistant: ask }, named)).outcome).toBe('fail');
    expect((await check({ type: 'answer-presence' }, { user: 'Quando scade il concorso ASL Bari?', assistant: ask })).outcome).toBe('fail');
    // "Il bando è per titoli ed esami?" names no bando.
    expect((await check({ type: 'answer-presence' }, { user: 'Il bando è per titoli ed esami?', assistant: ask })).outcome).toBe('pass');
  });

  it("takes the target's canned replies from the target file (the check context) as well as from the check", async () => {
    const canned = 'Questa funzionalità sarà presto attiva.';
    expect((await check({ type: 'answer-presence' }, canned)).outcome).toBe('invalid');
    const r = await check({ type: 'answer-presence' }, canned, { cannedReplies: [canned] });
    expect(r.outcome).toBe('fail');
    expect(r.reason).toContain("the target's canned replies");
    // A canned refusal is accepted where the case expects a refusal; a canned error message is not.
    const refusal = 'Mi dispiace, non posso aiutarla con questa richiesta.';
    expect((await check({ type: 'answer-presence', allowRefusal: true }, refusal, { cannedReplies: [refusal] })).outcome).toBe('pass');
    expect((await check({ type: 'answer-presence', allowRefusal: true }, canned, { cannedReplies: [canned] })).outcome).toBe('fail');
  });

  it('can accept refusals (for questions the bot must decline)', async () => {
    const r = await check({ type: 'answer-presence', allowRefusal: true }, 'Mi dispiace, non posso fornire dati personali.');
    expect(r.outcome).toBe('pass');
  });

  // The general rules of presence-frames.ts, each with a deflection it catches and the answer next to it that it
  // must leave alone. Sentences written for this test.
  const ap = (user: string, assistant: string, named = false) => check({ type: 'answer-presence' }, { user, assistant }, named ? { vars: { tenderId: 'T1' } } : {});
  it('the bot declining of itself in words of its own fails; the ente stating a rule passes', async () => {
    const q = 'Il concorso per geometri del Comune di Lecco ha una prova pratica?';
    expect((await ap(q, 'Non è un campo in cui mi muovo, mi spiace.')).outcome).toBe('fail');
    expect((await ap(q, "Su prove e programmi d'esame non ti so dire nulla.")).outcome).toBe('fail');
    expect((await ap(q, 'Questa richiesta va oltre ciò di cui mi occupo.')).outcome).toBe('fail');
    expect((await ap('Can I apply to the Lecco surveyors call by post?', 'We cannot accept applications sent by post: only online.')).outcome).toBe('pass');
    expect((await ap(q, 'Non è prevista: solo scritto e orale.')).outcome).toBe('pass');
  });

  it('asking back which bando fails once one was named, also as a choice between two', async () => {
    const q = 'Quando esce la graduatoria del concorso per geometri del Comune di Lecco?';
    const ask = 'Quella della sessione autunnale o quella straordinaria?';
    expect((await ap(q, ask, true)).outcome).toBe('fail');
    expect((await ap('Quando esce la graduatoria?', ask)).outcome).toBe('pass');
    expect((await ap(q, 'A fine febbraio. Vuole che le ricordi anche la data dell’orale?', true)).outcome).toBe('pass');
  });

  it('advice to go elsewhere, and what then points back at the office, fails; with a way to get there it answers a contacts question', async () => {
    const q = 'Quanti posti ha il concorso per geometri del Comune di Lecco?';
    expect((await ap(q, "Le conviene passare dall'ufficio del personale: sapranno darle tutto.")).outcome).toBe('fail');
    expect((await ap(q, "Your best bet is to ring the municipality's HR desk, they'll sort you out.")).outcome).toBe('fail');
    const contacts = 'A chi posso chiedere del concorso per geometri di Lecco?';
    expect((await ap(contacts, "Le conviene passare dall'ufficio del personale, in piazza Diaz, dalle 9 alle 13.")).outcome).toBe('pass');
  });

  it("an error's code is part of the error; a code alone answers", async () => {
    expect((await ap('Il bando di Lecco è aperto?', 'Errore imprevisto. Rif: GEN_UPSTREAM_502')).outcome).toBe('fail');
    expect((await ap('Il bando di Lecco è aperto?', 'Something went wrong on our side (trace 9f2c-77).')).outcome).toBe('fail');
    expect((await ap('Qual è il codice del bando per geometri di Lecco?', 'Codice: LC-2027-04.')).outcome).toBe('pass');
  });

  it('a pointer into the bando beside a referral fails; alone it answers where to read', async () => {
    expect((await ap('Quali titoli valgono nel concorso di Lecco?', 'Trova tutto nel bando, articolo 7.')).outcome).toBe('fail');
    expect((await ap('In quale articolo del bando di Lecco sono elencati i titoli?', 'Articolo 7.')).outcome).toBe('pass');
  });

  it("a repeat that keeps the user's own first person is an echo; the same words turned to the user answer", async () => {
    const q = 'Posso portare la calcolatrice alla prova di Lecco?';
    expect((await ap(q, 'Posso portare la calcolatrice alla prova di Lecco... vediamo un po’.')).outcome).toBe('fail');
    expect((await ap(q, 'Può portare la calcolatrice alla prova di Lecco.')).outcome).toBe('pass');
  });

  it("padding about the bot's team or good wishes beside a refusal does not make it an answer; specifics beside a hedge do", async () => {
    const q = 'Il concorso per geometri del Comune di Lecco prevede una prova di inglese?';
    expect((await ap(q, 'Non sono autorizzato a entrare nel merito. Il nostro staff tiene aggiornato il portale ogni giorno.')).outcome).toBe('fail');
    expect((await ap(q, "Purtroppo non posso aiutarla su questo. Le auguro un'ottima preparazione!")).outcome).toBe('fail');
    expect((await ap(q, "Non posso garantirlo, ma l'inglese è tra le materie dell'orale.")).outcome).toBe('pass');
    expect((await ap(q, 'Our team cannot confirm it, but the notice lists English among the oral exam subjects.')).outcome).toBe('pass');
  });

  it('"None." answers an English how-many question; to an Italian one it is a null printed as text', async () => {
    expect((await ap('How many seats are reserved in the Lecco call?', 'None.')).outcome).toBe('pass');
    expect((await ap('Quanti posti riservati ha il bando di Lecco?', 'None')).outcome).toBe('fail');
  });

  it('a null assistant message (no reply) fails', async () => {
    expect((await check({ type: 'answer-presence' }, { assistant: null })).outcome).toBe('fail');
  });
});
