/**
 * The question side of answer-presence: what a user's message asks (what, when, how much… or yes/no; the kinds
 * of value it asks for; the words that name its bando rather than what is asked about it), and whether a clause
 * of the reply only repeats it. Computed once per question: a run judges many replies to the same one.
 */
import { ASKS_CONTACT, ENTE, NEGATION, isMetaWord } from './deflections.ts';
import { ENGLISH_MARKERS, ENGLISH_STOPWORDS, ITALIAN_MARKERS, ITALIAN_STOPWORDS } from './stopwords.ts';
import { memoize } from './memo.ts';
import { slotsOf, type Slot } from './presence-evidence.ts';
import { trimEnds } from './presence-reply.ts';

export const tokens = (s: string) =>
  (s.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => /\d/.test(w) || (w.length >= 3 && !ITALIAN_STOPWORDS.has(w) && !ENGLISH_STOPWORDS.has(w)));

/** Prefixes a bot puts before repeating the question ("Domanda:", "Lei chiede:", "You asked:"). */
export const ECHO_PREFIX =
  /^(?:(?:lei|tu|you|la sua|la tua|your|the)\s+)?(?:domanda|richiesta|mi chiede|mi chiedi|mi domanda|mi domandi|chiede|chiedi|ha chiesto|hai chiesto|mi ha chiesto|mi hai chiesto|asked|ask|are asking|question|request)\s*(?:e|is)?\s*:?\s*/;
export const DATE = /\b\d{1,2}(?:°|º)? ?(?:gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december) \d{1,2}\b/;
/** "Vuole sapere se …", "you are asking whether …": a frame around a repeat. */
const ASKING_FRAME = /\b(?:sapere se|chiede(?:ndo)? se|chiedi(?:endo)? se|domanda(?:ndo)? se|asking (?:if|whether)|know (?:if|whether)|wondering (?:if|whether))\b/;
export const ASKING = /^(?:sta|stai|state|whether|vuol[ei]|vorrebbe|vuoi|desidera|desideri|sapere|capire|chiedendo|domandando|domandato|chiede|chiedi|want|wants|wanted|wondering|wonder|know|asking|asked)$/;

export interface Judge {
  question: string;
  /** The question asks what, when, how much… (not yes or no): restating it answers nothing. */
  wh: boolean;
  /** The kinds of value it asks for (presence-evidence.ts slotsOf): a figure of another kind does not answer. */
  slots: Slot[];
  /** The names the question gives (capitalised words, acronyms: the bando's ente and place): not its topic. */
  named: string[];
  bandoNamed: boolean;
  asksContact: boolean;
  /** The question is in English ("None." answers "how many …?" rather than being a null leaked as text). */
  english: boolean;
  /** All of the above as one string: the key of the memoised sentence judgements. */
  key: string;
}

/** The words that name a bando in a question: its ente and name, "concorso/bando … per <profilo>". */
const NAMING = new RegExp(
  `\\b(?:${ENTE})\\b(?:\\s+(?:di|del|della|dell'|dei|degli|delle|of|for))?(?:\\s+[a-z0-9]+){0,2}|\\b(?:concorso|concorsi|bando|bandi|selezione|avviso|call|competition|notice)\\b(?:\\s+(?:per|for|da|as))?`,
  'g',
);
/**
 * The profile a bando is for, which names the bando rather than what is asked about it: "… per 2 geometri", "…
 * for nurses", "the library assistant competition" (a few words before the noun, in English), "il concorso educatori
 * asilo nido dell'Unione …" (the words between the noun and the ente).
 */
const PROFILE =
  /\b(?:concors[oi]|band[oi]|selezion[ei]|avvis[oi]|graduatori[ae]|competitions?|calls?|notices?)\b(?:\s+\S+){0,6}?\s+(?:per|for|as)\s+(?:\d+\s+)?(?:posti\s+(?:di|da)\s+)?[a-z']+(?:\s+(?:di|da|in)\s+[a-z']+|\s+(?!(?:e|ed|o|and|or|di|del|della|dei|in|nel|is|are|ha|prevede|richiede)\b)[a-z']+)?|\bthe\s+(?:(?!(?:the|for|on|in|at|to|about|with|from|is|are)\b)[a-z'-]+\s+){1,7}(?=(?:competition|call|notice|bando|recruitment|selection|contest)\b)|\b(?:concors[oi]|band[oi]|selezion[ei]|avvis[oi])\s+(?!(?:e|ha|sono|prevede|richiede|scade|chiude)\b)(?:[a-z']+\s+){1,4}?(?=(?:del|della|dell'|dello|dei|degli|delle|presso)\b)/g;
export const BANDO_NOUN = /^(?:band[oi]|concors[oi]|selezion[ei]|avvis[oi]|calls?|competitions?|notices?|posti|posto|seats?|jobs?)$/;

/**
 * What a terse question asks, after the bando it names: "Comune di Lodi, bando geometri: chi può partecipare?",
 * "Admin jobs - how many posts?". The words before the colon or the dash name the bando, not what is asked.
 */
function askedPart(question: string): string {
  const parts = question.split(/(?<=\p{L}):\s+|\s[-–—]\s/u);
  const last = parts.at(-1) ?? '';
  return parts.length > 1 && tokens(last).length > 0 ? last : question;
}

/**
 * The question's own words, and whether a word is one of them or one of their forms: computed once per question
 * (the Judge stays plain data, the key of the memoised sentence judgements).
 */
export const questionWords = memoize(
  (question: string) => {
    const asked = tokens(question);
    // What is asked about, without the words that name the bando ("il concorso del Comune di Gorizia per …").
    const about = askedPart(question).replace(PROFILE, ' ').replace(NAMING, ' ');
    const topic = tokens(about).filter((w) => !BANDO_NOUN.test(w));
    const words = question.match(/[\p{L}\p{N}]+/gu) ?? [];
    const runs = new Set(words.slice(2).map((w, i) => `${words[i]} ${words[i + 1]} ${w}`));
    return { asked, about, topic, runs, inQuestion: formsOf(asked), onTopic: formsOf(topic), selves: new Set(question.match(USER_SELF) ?? []) };
  },
  (question) => question,
);

/** More English than Italian function words, or, in a question without any ("minimum height required?"), word endings. */
export function isEnglish(question: string): boolean {
  const ws = question.match(/[\p{L}']+/gu) ?? [];
  const en = ws.filter((w) => ENGLISH_MARKERS.has(w)).length;
  const it = ws.filter((w) => ITALIAN_MARKERS.has(w)).length;
  if (en !== it) return en > it;
  // No telling function word: most Italian words end in a vowel, most English ones do not.
  const long = ws.filter((w) => w.length >= 4);
  return long.length > 0 && long.filter((w) => /[aeiou]$/.test(w)).length / long.length < 0.5;
}

/** The same word or one of its forms ("bandi" for "bando", "durata" for "dura"): a common stem of four letters. */
export const same = (w: string, a: string) => w === a || (Math.min(w.length, a.length) >= 4 && w.slice(0, 4) === a.slice(0, 4) && Math.abs(w.length - a.length) <= 4);
/** Whether a word is one of `asked` or one of its forms: by exact word, then by the lengths sharing its stem. */
export function formsOf(asked: string[]): (w: string) => boolean {
  const exact = new Set(asked);
  const stems = new Map<string, number[]>();
  for (const a of exact) if (a.length >= 4) stems.set(a.slice(0, 4), [...(stems.get(a.slice(0, 4)) ?? []), a.length]);
  return (w) => exact.has(w) || (w.length >= 4 && (stems.get(w.slice(0, 4)) ?? []).some((n) => Math.abs(n - w.length) <= 4));
}
/**
 * A question asking what, when, where, how much… within the first words of one of its parts (else a yes/no
 * question): "Ho sbagliato la domanda, come posso correggerla?", "Admin jobs - how many posts?", "Entro che data
 * …?" ("che" with a noun, at the start or after a preposition: not "il bando che scade …").
 */
const WH_WORD = /^(?:\S+ ){0,3}?(?:quando|quanto|quanti|quante|quanta|quale|quali|qual|dove|chi|cosa|perche|what|when|where|which|who|how|why)\b|^come\b|^(?:(?:\S+ ){0,2}(?:entro|in|a|di|da|per|con|su|tra|fra) )?che (?!(?:il|lo|la|i|gli|le|l'|un|una|uno|c'|ci|si|non|e|se|sia)\b)[a-z]/;
/** The same, later in the question: at the start of a part ("…: chi può partecipare?", not "…: ammesso chi ha la L-39?"). */
const WH_OPENING = /^(?:(?:e|ed|ma|o|and|but|or|so) )?(?:quando|quanto|quanti|quante|quanta|quale|quali|qual|dove|chi|cosa|perche|come|what|when|where|which|who|how|why)\b|^(?:(?:entro|in|a|di|da|per|con|su|tra|fra) )?che (?!(?:il|lo|la|i|gli|le|l'|un|una|uno|c'|ci|si|non|e|se|sia)\b)[a-z]/;
/** "Come" before a verb anywhere ("i titoli esteri come si dichiarano?"), not "lavoro come infermiere". */
const HOW_VERB = /\bcome (?:si|ci si|posso|possiamo|devo|dobbiamo|faccio|facciamo|fare|funziona|funzionano|avviene|avvengono|viene|vengono|va|vanno|mi|ti|le|lo|la|li)\b/;
/** "Quanti", "how many", "how much" anywhere ("il dottorato quanti punti vale?"): never a yes/no question. */
const HOW_MUCH = /\b(?:quant[oaie]|how (?:many|much|long))\b/;
const isWh = (question: string): boolean => WH_WORD.test(question) || HOW_MUCH.test(question) || HOW_VERB.test(question) || question.split(/[,;:]\s+|\s[-–—]\s/).slice(1).some((part) => WH_OPENING.test(trimEnds(part)));

/** A repeat of the question: every word is the question's, and it covers most of it (a "Domanda:" prefix aside). */
export function isEcho(text: string, ctx: Judge): boolean {
  // "Non c'è limite di età" to "C'è un limite di età?" is an answer, not a repeat.
  if (NEGATION.test(text) && !NEGATION.test(ctx.question)) return false;
  const { asked, inQuestion, selves } = questionWords(ctx.question);
  // "Il bando è aperto" to "Il bando è aperto?" may say yes; a repeat of a yes/no question asks it again: it keeps
  // the user's own first person ("posso candidarmi … se ho 50 anni"), or it is the whole question, word for word.
  // (Told apart first from what is cheap to test: most clauses are not repeats.)
  const framed = ctx.wh || /\?\s*$/.test(text) || ECHO_PREFIX.test(trimEnds(text)) || ASKING_FRAME.test(text);
  const keepsSelf = !framed && selves.size > 0 && (text.match(USER_SELF) ?? []).some((w) => selves.has(w));
  const whole = !framed && asked.length >= 4 && text.length >= asked.join(' ').length - 4 * asked.length;
  if (!framed && !keepsSelf && !whole) return false;
  // Words about asking ("vuole sapere se …", "so you want to know …") are the frame of the repeat, not content.
  const said = tokens(trimEnds(text).replace(ECHO_PREFIX, '')).filter((w) => !isMetaWord(w) && !ASKING.test(w));
  const covered = said.length > 0 && asked.length > 0 && said.every(inQuestion);
  if (!covered || new Set(said).size < Math.ceil(new Set(asked).size / 2)) return false;
  return framed || keepsSelf || asked.every((a) => said.some((w) => same(w, a)));
}
/** The user speaking of themself in a question ("posso", "devo", "ho", "can I", "my"). */
export const USER_SELF = /\b(?:posso|devo|ho|mi|io|mio|mia|miei|mie|vorrei|can i|do i|should i|must i|am i|may i|i am|i have|i'm|my)\b/g;

/** What a question tells about its replies, once per question (a run judges many replies to the same one). */
export const judgeFor = memoize(
  (question: string, bandoNamed: boolean, named: string[]): Judge => {
    const wh = isWh(question);
    // A yes/no question mentioning points or "chi può" asks whether, not how many or who.
    const slots = slotsOf(question).filter((s) => wh || (s === 'count' ? /\b(?:quant[ie]|how many)\b/.test(question) : s !== 'who'));
    const judge = { question, wh, slots, named, bandoNamed, asksContact: ASKS_CONTACT.test(question), english: isEnglish(question) };
    return { ...judge, key: JSON.stringify(judge) };
  },
  (question, bandoNamed, named) => `${bandoNamed ? 1 : 0}${named.join(' ')}\u0000${question}`,
);
