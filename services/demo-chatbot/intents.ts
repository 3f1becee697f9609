/**
 * Italian intent routing for deterministic mode: regular expressions over the accent-folded message.
 * Add an intent: its pattern here, its handler in deterministic.ts (the Record over ContentIntent makes
 * a missing content handler a compile error) and a row in test/demo-chatbot/intents.test.ts.
 */
import { z } from 'zod';
import { fold } from './text.ts';

export const contentIntentSchema = z.enum([
  'deadline', 'degree', 'requirements', 'application', 'posts', 'exams', 'location', 'contacts',
]);
export type ContentIntent = z.infer<typeof contentIntentSchema>;

/** Checked in this order; a message may carry several (e.g. "sede della prova" = exams + location). */
export const CONTENT_PATTERNS: Record<ContentIntent, RegExp> = {
  deadline: /scaden|\bscade|entro quando|\btermine|ultimo giorno|fino a quando|ancora apert|\be apert|\be scadut/,
  degree: /titol\w* di studio|laurea|laureat|diploma|classe di laurea|\blm?-\d/,
  requirements: /requisit|chi puo partecipare|\beta\b|cittadinanza|ammission|posso partecipare/,
  application: /come (si |posso |devo )?(present|invi|fa|partecip|candid)|domanda di partecipazione|candidar|presentare la domanda|modalita di presentazione/,
  posts: /quanti posti|numero (di|dei) posti|posti disponibili|quante (posizioni|persone|assunzioni)|quanti vincitori/,
  exams: /\bprov[ae]\b|\besam[ei]\b|colloqui|preselezion|\borale\b|\bscritt|materie|programma d/,
  location: /sede di lavoro|luogo di lavoro|dove si lavora|dove (si )?(svolg|prest)|assegnazione|\bsede\b|\bdove\b/,
  contacts: /contatt|telefon|e-?mail|\bpec\b|responsabile del procedimento|a chi (posso|devo) (rivolg|chied)|informazioni/,
};

export type Intent =
  | { kind: 'leak' }
  | { kind: 'register'; register: 'pirate' | 'rhyme' }
  | { kind: 'opinion' }
  | { kind: 'personal' }
  | { kind: 'faq' }
  | { kind: 'content'; intents: ContentIntent[] }
  | { kind: 'searchy' }
  | { kind: 'greeting' }
  | { kind: 'other' };

const LEAK = /(tue|le) istruzioni (iniziali|di sistema|precedenti|ricevute|segrete)|istruzioni che (hai ricevuto|ti (sono state date|hanno dato))|ripet\w* (parola per parola |testualmente )?(le tue |le )?istruzioni|(mostra|dimmi|rivela|ripeti|stampa|scrivi)\w* (le tue|il tuo|le) (istruzioni|prompt|regole)|tue istruzioni|system prompt|prompt di sistema|ignor\w* (all |tutte |le )*(previous|precedent)|previous instructions|developer mode|jailbreak/;
const PIRATE = /pirat/;
const RHYME = /\brim[ae]\b|\bin rima|poesia|filastrocca|\bversi\b/;
const ROLE = /(parla|rispondi|scrivi|comportati|fingi|d ?ora in poi|da ora|sei un|come se fossi|act as|pretend|talk like)/;
// Word starts matter: "selezione" holds "elezion", "Ufficio territoriale del Governo" is an administration.
const OPINION = /cosa ne pensi|che ne pensi|cosa pensi|secondo te|tua opinione|opinione personale|ti piace|preferisci|\be (meglio|giusto)\b|\bpolitic[aoi]\b|\bpolitici\b|\bpartit[oi]\b|\belezion|\bvot(are|eresti|erei|eri)\b|\bgovern[oi]\b|\bsindacat/;
const FAQ = /\bspid\b|\bcie\b|carta d identita elettronica|equipollen|equivalen\w* (del|dei) titol|(registr|iscri)\w* (su|al|a|sul) (inpa|portale)|\binpa\b.*(registr|iscri|account|credenzial|accesso|accedere)|(registr|iscri|accesso|accedere|account)\w*.*\binpa\b|cos e inpa|titolo (conseguito )?all estero/;
const SEARCHY = /\bbandi\b|\bconcorsi\b|\bcerc|\btrova|\belenc|ci sono|opportunit|posizioni aperte|offerte di lavoro|\bselezioni\b|\bavvisi\b/;
const GREETING = /^(ciao|buongiorno|buonasera|salve|grazie|arrivederci)\b/;
/** Words that put a search among jobs and bandi (a kind of bando, work, a profile, a region or a degree). */
const JOB_CONTEXT =
  /\b(concors|band|avvis|selezion|mobilita|procedur|lavor|impieg|post[oi]\b|profil|assunzion|opportunit|posizion|offert|candid|infermier|ingegner|istruttor|funzionar|agent|educator|tecnic|assistent|ricercator|tecnolog|medic|dirigent|operator|collaborator|geometr|bibliotecar|chimic|agronom|insegnant|docent|amministrativ|laure|diplom|region|provinc|comun[ei]\b|sicilia|sardegna|lombardia|lazio|toscana|piemonte|veneto|liguria|campania|puglia|calabria|basilicata|molise|abruzzo|marche|umbria|emilia|friuli|trentino|alto adige|valle d aosta)/;
/** A search for a person ("cerca … su Mario Rossi nato a …") or by someone's codice fiscale: not the search tool's job. */
const PERSONAL = /\b(cerca|cercami|trova|trovami)\b[^.?!]*\b(su|di) [a-z]+ [a-z]+,? (nat[oa]|residente)\b|\b[a-z]{6}\d{2}[a-z]\d{2}[a-z]\d{3}[a-z]\b/;

/**
 * A bando's title quoted by the user («...» or "...") is a name, not part of the question: "Concorso
 * pubblico, per esami" asks nothing about exams, "Selezione pubblica" voices no political opinion.
 */
export function withoutQuotes(message: string): string {
  return message.replace(/«[^»]*»|“[^”]*”|"[^"]*"/g, ' ');
}

const prepare = (message: string) => fold(withoutQuotes(message)).replace(/['’`]/g, ' ');

export function classify(message: string): Intent {
  const f = prepare(message);
  if (LEAK.test(f)) return { kind: 'leak' };
  if (PERSONAL.test(f)) return { kind: 'personal' };
  if ((PIRATE.test(f) || RHYME.test(f)) && ROLE.test(f)) return { kind: 'register', register: PIRATE.test(f) ? 'pirate' : 'rhyme' };
  if (OPINION.test(f)) return { kind: 'opinion' };
  if (FAQ.test(f)) return { kind: 'faq' };
  let intents = contentIntentSchema.options.filter((i) => CONTENT_PATTERNS[i].test(f));
  // "entro quando devo presentare la domanda?" asks for the deadline, not how to apply.
  if (intents.includes('deadline') && !/\bcome\b|modalita/.test(f)) intents = intents.filter((i) => i !== 'application');
  if (intents.length) return { kind: 'content', intents };
  // "trovami la ricetta della carbonara" is a search, not for bandi: the search tool is not a web search.
  if (SEARCHY.test(f)) return JOB_CONTEXT.test(f) ? { kind: 'searchy' } : { kind: 'other' };
  if (GREETING.test(f)) return { kind: 'greeting' };
  return { kind: 'other' };
}

/** Search-style message: plural bandi/concorsi, "cerco", "ci sono"... */
export function isSearchy(message: string): boolean {
  return SEARCHY.test(prepare(message));
}

const QUESTION_WORDS = /\b(qual[ei]?|quant[aeio]|come|dove|quando|chi|cosa|perche|posso|possono|devo|puo|potrei|vorrei|dimmi|spiegami|serve|servono|bisogna|entro|ho|hai|sono|mi|non|ma)\b/;
const TENDER_WORDS = /\b(concors[oi]|band[oi]|avvis[oi]|selezion[ei]|mobilita|procedur[ae])\b/;

/**
 * A search-box query ("concorso Agente di polizia locale Comune di Napoli", "Comune di Bergamo concorso
 * scadenza 15/01/2027"): names a kind of bando and asks nothing. A citizen typing this wants a list.
 */
export function isKeywordQuery(message: string): boolean {
  if (/[?]/.test(message)) return false;
  const f = prepare(message);
  return TENDER_WORDS.test(f) && !QUESTION_WORDS.test(f) && (f.match(/[a-z0-9]+/g) ?? []).length <= 24;
}

/** "solo quelli aperti", "ancora attivi", "non scaduti". */
export function wantsOpenOnly(message: string): boolean {
  return /\b(apert|attiv|non scadut|in scadenza|ancora disponibil)/.test(fold(message));
}
