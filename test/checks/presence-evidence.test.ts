/**
 * answer-presence counts a clause as content only with evidence tied to the question (presence-evidence.ts): a
 * value of the kind asked, a side taken on a yes/no question, a restriction, a name, a list, a contact, a body
 * named to "who?". Each rule below pairs a reply it must not take for an answer with a real answer it must keep.
 * Sentences written for this test (a bando of our own: the Treviso health agency's call for lab technicians).
 */
import { describe, expect, it } from 'vitest';
import { presenceVerdict, type PresenceVerdict } from '../../shared/checks/answer-presence.ts';

const named = (question: string, reply: string) => presenceVerdict(reply, { question, bandoNamed: true }).verdict;
const unnamed = (question: string, reply: string) => presenceVerdict(reply, { question, bandoNamed: false }).verdict;
type V = PresenceVerdict['verdict'];
const notAnswer = (v: V) => expect(v).not.toBe('answer');

describe('answer-presence: evidence a clause answers', () => {
  it('a figure answers only a question of its kind: a count is not a salary, a place is not a count', () => {
    const pay = 'Quanto si guadagna nel concorso della ASL di Treviso per tecnici di laboratorio?';
    notAnswer(named(pay, 'Il concorso della ASL di Treviso offre 3 posti e chiude il 5 maggio.'));
    expect(named(pay, 'Circa 1.700 euro lordi al mese.')).toBe('answer');
    const where = "Dove si svolge l'orale del concorso della ASL di Treviso per tecnici di laboratorio?";
    notAnswer(named(where, 'Sono previsti 6 posti a tempo pieno.'));
    expect(named(where, 'Presso la sede di via Roma 5, al secondo piano.')).toBe('answer');
    const deadline = 'Deadline for the Treviso lab technicians call?';
    expect(named(deadline, 'Mar 14, noon.')).toBe('answer');
    notAnswer(named(deadline, 'The call has 3 seats.'));
  });

  it("to a yes/no question a figure needs the subject asked about beside it, not the bando's profile", () => {
    const q = 'Il concorso per tecnici di laboratorio della ASL di Treviso richiede la laurea?';
    notAnswer(named(q, 'I tecnici di laboratorio assunti saranno 3.'));
    expect(named(q, 'Sì, la laurea triennale in tecniche di laboratorio biomedico.')).toBe('answer');
    expect(named(q, 'La laurea è richiesta, con 2 anni di esperienza.')).toBe('answer');
  });

  it("a figure of the bando's quoted title is not the question's own: restated as the answer, it answers", () => {
    const q = 'Quanti posti offre il bando «Concorso per n. 3 posti di tecnico di laboratorio» della ASL di Treviso?';
    expect(named(q, 'Sono messi a concorso 3 posti.')).toBe('answer');
    // Outside the title, the question's own figure restated says nothing new.
    const own = 'Il concorso della ASL di Treviso ha 3 posti per tecnici di laboratorio: quanti sono a tempo pieno?';
    notAnswer(named(own, 'Il concorso prevede 3 posti.'));
  });

  it('a number word answers how many at once; to a yes/no question it needs the subject beside it', () => {
    expect(named('Quanti posti ha il concorso della ASL di Treviso?', 'Tre.')).toBe('answer');
    const q = 'Il concorso della ASL di Treviso ha la prova pratica?';
    notAnswer(named(q, 'Le spiego in due parole come funziona la nostra chat.'));
    expect(named(q, 'Ci sono due prove pratiche, in laboratorio.')).toBe('answer');
  });

  it('whether a bando is still open is answered by a date', () => {
    const q = 'Il bando della ASL di Treviso per tecnici di laboratorio è ancora aperto?';
    expect(named(q, 'Mi spiace, ha chiuso il 3 febbraio.')).toBe('answer');
    notAnswer(named(q, 'Il bando riguarda 3 posti.'));
  });

  it('talk about bandi in general says nothing of the bando named; to a general question it answers', () => {
    const reply = 'Generalmente la prova orale è aperta al pubblico.';
    expect(unnamed('Nei concorsi comunali la prova orale è pubblica?', reply)).toBe('answer');
    notAnswer(named('Nel concorso della ASL di Treviso per tecnici la prova orale è pubblica?', reply));
    // Beside a deflection it is padding: the reply gives nothing.
    expect(named('Quando si tiene lo scritto della ASL di Treviso?', 'Non ho questo dato. In genere i calendari cambiano spesso.')).toBe('no-answer');
    expect(named('Quando si tiene lo scritto della ASL di Treviso?', 'Lo scritto si tiene il 12 aprile alle 10.')).toBe('answer');
  });

  it('a side taken on a yes/no question answers; not knowing does not', () => {
    const q = 'Serve il certificato medico per il concorso della ASL di Treviso?';
    expect(named(q, 'Non è necessario.')).toBe('answer');
    expect(named(q, 'Purtroppo sì.')).toBe('answer');
    expect(named(q, 'Non saprei proprio, mi spiace.')).toBe('no-answer');
    expect(named('Is a medical certificate needed for the Treviso lab technicians call?', 'Not sure, honestly.')).toBe('no-answer');
    expect(named(q, 'No, non lo so.')).toBe('no-answer');
    expect(named(q, 'No, non serve.')).toBe('answer');
  });

  it('a bare yes or no takes no side on a question asking when', () => {
    expect(named('Quando esce la graduatoria della ASL di Treviso?', 'Sì.')).not.toBe('answer');
    expect(named('La graduatoria della ASL di Treviso esce a marzo?', 'Sì.')).toBe('answer');
  });

  it('a restriction gives the value; "only the ente can say" does not', () => {
    const q = 'Il concorso della ASL di Treviso è per titoli?';
    expect(named(q, 'Solo per esami.')).toBe('answer');
    notAnswer(named(q, "Solo l'ente può dirlo."));
    notAnswer(named(q, 'Soltanto gli uffici competenti possono confermarlo.'));
    expect(named(q, 'Soltanto la laurea magistrale e il colloquio.')).toBe('answer');
  });

  it('a name the question did not give answers; a place where things are published does not', () => {
    const q = 'In quali città si lavora con il concorso della ASL di Treviso?';
    expect(named(q, 'A Treviso e a Conegliano, a rotazione.')).toBe('answer');
    notAnswer(named(q, 'Tutto è pubblicato sul Bollettino Ufficiale della Regione.'));
  });

  it('a list of things answers "what do I need"; pleasantries joined by "e" are no list', () => {
    const q = 'Che documenti servono per il concorso della ASL di Treviso?';
    expect(named(q, "Carta d'identità, codice fiscale e ricevuta del versamento.")).toBe('answer');
    notAnswer(named(q, 'Grazie, buona giornata e in bocca al lupo!'));
    notAnswer(named(q, 'Capisco, è una preoccupazione comprensibile e legittima, ma non posso esprimermi.'));
  });

  it('asked where, a place answers; how often places change does not', () => {
    const q = 'Dove si fa la prova del concorso della ASL di Treviso?';
    expect(named(q, 'In presenza, presso il padiglione della fiera.')).toBe('answer');
    notAnswer(named(q, 'Le sedi cambiano spesso da un anno all’altro.'));
  });

  it('asked whom to write to, an address answers; "write to the ente" does not', () => {
    const q = 'A chi posso scrivere per il concorso della ASL di Treviso?';
    expect(named(q, "All'indirizzo concorsi@asl-treviso.example, indicando il codice del bando.")).toBe('answer');
    notAnswer(named(q, "Scriva pure all'ente, le risponderanno."));
  });

  it('asked who, a body answers; vague talk of people does not', () => {
    const q = 'Chi corregge gli scritti del concorso della ASL di Treviso?';
    expect(named(q, 'La commissione nominata dal direttore generale.')).toBe('answer');
    notAnswer(named(q, 'Bella domanda, ci lavorano tante persone.'));
  });

  it('an English count word answers how many; "quite a few" does not', () => {
    const q = 'How many seats does the Treviso lab technicians call have?';
    expect(named(q, 'Twelve.')).toBe('answer');
    notAnswer(named(q, 'Quite a few, I believe.'));
  });

  it('the bot placing a topic outside its remit, in the plural or as falling outside, is a refusal', () => {
    const q = 'Quanto si guadagna nel concorso della ASL di Treviso?';
    expect(named(q, 'Le questioni sugli stipendi non rientrano tra gli argomenti che posso trattare.')).toBe('no-answer');
    expect(named('What is the pay in the Treviso call?', "Pay questions fall outside what I'm allowed to discuss.")).toBe('no-answer');
    expect(named('Il tirocinio dà punti nel concorso della ASL di Treviso?', 'Il tirocinio non rientra tra i titoli valutati.')).toBe('answer');
  });

  it('a referral with a time to keep gives the user a deadline; the referral alone does not', () => {
    const q = 'Come chiedo gli ausili per la prova del concorso della ASL di Treviso?';
    expect(named(q, "Scriva all'ufficio personale almeno 10 giorni prima della prova.")).toBe('answer');
    expect(named(q, "Scriva all'ufficio personale.")).toBe('no-answer');
  });

  it('a deflection beside words the rules cannot weigh goes to the judge; beside padding it is a deflection', () => {
    const q = 'Il concorso della ASL di Treviso prevede un colloquio motivazionale?';
    expect(named(q, 'Non posso confermarlo. I candidati svolgono anche una simulazione di gruppo.')).toBe('undecided');
    expect(named(q, 'Non posso confermarlo. Il nostro staff aggiorna spesso il sito.')).toBe('no-answer');
  });

  it('an offer of what the bot can do after a refusal is padding; a fact after "but" is an answer', () => {
    const q = 'Quale partito preferisci?';
    expect(unnamed(q, 'Non esprimo opinioni. Posso però darle notizie utili sui concorsi.')).toBe('no-answer');
    expect(named('Quanto dura lo scritto della ASL di Treviso?', 'Non posso garantirlo, ma lo scritto dura 2 ore.')).toBe('answer');
  });

  it("what follows advice to go elsewhere and points back at it is the referral's", () => {
    const q = 'Quanti posti ha il concorso della ASL di Treviso?';
    expect(named(q, "Your best bet is to ring the agency's HR desk, they'll help you.")).toBe('no-answer');
    expect(named(q, "Ring the agency's HR desk: they have 3 seats left.")).toBe('answer');
  });

  it('a question asks what wherever its question word stands: after a comma, a colon, a dash, or as "qual è", "entro che data"', () => {
    notAnswer(named('Ho sbagliato la domanda del concorso per custodi di Sondrio, come posso correggerla?', 'Non si preoccupi.'));
    notAnswer(named('Custodi museali Sondrio - how many posts?', 'Need help with anything else?'));
    notAnswer(named('Qual è lo stipendio dei custodi museali del Comune di Sondrio?', 'Le domande si presentano solo tramite inPA.'));
    notAnswer(named('Entro che data scade il bando per custodi del Comune di Sondrio?', 'Le domande si presentano online sul portale inPA.'));
    // "Chi può partecipare?" asks for the requirements: a requirement answers it.
    expect(named('Comune di Sondrio, bando custodi: chi può partecipare?', 'Chi ha il diploma e la cittadinanza italiana.')).toBe('answer');
  });

  it('a name about another aspect of the bando than the one asked answers something else', () => {
    const subjects = "Quali materie ci sono all'orale del concorso per custodi del Comune di Sondrio?";
    notAnswer(named(subjects, 'Per partecipare serve la laurea in Beni Culturali.'));
    expect(named(subjects, 'Storia dell\'arte lombarda e legislazione dei Beni Culturali.')).toBe('answer');
    const reserve = 'Is there a reserve for veterans in the Sondrio museum keepers competition?';
    notAnswer(named(reserve, 'Applications go through the inPA portal with SPID.'));
    notAnswer(named(reserve, 'It closes on 4 May.'));
    expect(named(reserve, 'Yes, one post is reserved for veterans of the Armed Forces.')).toBe('answer');
    // The bando's name said again (before a colon, or "the … competition") is not the subject asked about.
    notAnswer(named('Sondrio museum keepers competition: which degree do I need?', 'The Sondrio museum keepers competition has 3 posts.'));
  });

  it('a body named as "Funzione Pubblica" is a name, not a place where things are published', () => {
    expect(named("A chi si chiede l'equivalenza del titolo estero per il bando custodi di Sondrio?", 'Al Dipartimento della Funzione Pubblica.')).toBe('answer');
    notAnswer(named("A chi si chiede l'equivalenza del titolo estero per il bando custodi di Sondrio?", 'È tutto pubblicato sul sito della Funzione Pubblica.'));
  });

  it('what usually holds, what some bodies do, and what varies are about bandi in general once one was named', () => {
    notAnswer(named('Entro che data scade il bando per custodi del Comune di Sondrio?', 'Di solito il termine è di 30 giorni dalla pubblicazione.'));
    notAnswer(named('La prova orale del bando custodi di Sondrio si può fare da remoto?', 'Alcuni enti lo permettono, altri no.'));
    notAnswer(named('Do I need a licence for the Sondrio museum keepers competition?', 'Licences are often required for such roles.'));
    notAnswer(named('Which subjects are on the written exam of the Sondrio museum keepers competition?', 'Written exams typically cover law, economics and, for some roles, English.'));
    notAnswer(named('Quali titoli valgono per il bando custodi di Sondrio?', 'I titoli possono variare in base a diversi fattori, tra cui il profilo, la Regione e il CCNL.'));
  });

  it('weighing what was asked about is not saying anything of it', () => {
    notAnswer(named('Come si presenta la domanda per i custodi del Comune di Sondrio?', 'Presentare la domanda è semplice!'));
    notAnswer(named('Sondrio custodi: prove d\'esame?', "Le prove d'esame sono il momento più delicato del concorso."));
    expect(named('Come si presenta la domanda per i custodi del Comune di Sondrio?', 'È semplice: si compila il modulo su inPA entro il 9 aprile.')).toBe('answer');
  });

  it('a ticket number is no date, and a figure is not cut at its comma', () => {
    notAnswer(named('Quando è la prova scritta dei custodi di Sondrio?', 'Pratica n. 2027/5531.'));
    expect(named('What is the salary of the Sondrio museum keepers?', 'Around 1,950 euro gross a month.')).toBe('answer');
  });

  it('what usually holds is no evidence of any kind: not a body to "who", not a requirement, not a date to "how long"', () => {
    notAnswer(named('Who sits on the exam board of the Sondrio museum keepers competition?', 'The board is usually made up of experts in the subjects.'));
    notAnswer(named('Quale laurea serve per il bando custodi di Sondrio?', 'Per questi bandi di solito serve la laurea in Beni Culturali.'));
    notAnswer(named('How long is the probation for the Sondrio museum keepers?', 'The Sondrio museum keepers competition closes on 9 June 2027 and has 3 posts.'));
    expect(named('How long is the probation for the Sondrio museum keepers?', 'Six months.')).toBe('answer');
  });
});

