/**
 * Answer presence: did the bot give the user something about what was asked? A reply fails when it is empty,
 * one of the target's canned replies (the check's `cannedReplies` and the target file's), a repeat of the
 * question, or made only of deflections (refusals of an on-topic question, fallbacks, "non lo so" / "I don't
 * know", a referral to the ente with nothing else, "which bando?" after a bando was named, error messages) and
 * pleasantries. Italian and English.
 *
 * The reply is judged clause by clause, so a polite opening never hides the answer that follows it, and a clause
 * counts as content only with evidence tied to the question (presence-evidence.ts): a figure or value of the kind
 * asked ("4 posti" does not answer "where"), a yes or a no to a yes/no question, a restriction, a name the question
 * did not give (and about the aspect of the bando asked: "5 posts in the Area Istruttori" does not answer "which
 * documents?"), a list, a contact to "whom do I write to", a requirement to "who may apply?", or the question's
 * subject (not its bando's names or profile, nor the words before "…: quali documenti?") with something said of it.
 * Words about the conversation (deflections.ts META_WORD), about the bot or its team, weighing the subject ("è
 * semplice"), or about bandi in general once a bando was named ("di solito", "alcuni enti", and what follows them in
 * the sentence, the items of a list of general advice) are padding. A clause with words of its own but none of
 * that evidence is a claim the rules cannot weigh: alone, or beside a deflection, the reply is undecided (the
 * judge's); padding beside a deflection leaves the deflection. A clause about the conversation that is
 * negated ("non sono nella posizione di risponderle") is a deflection whatever its wording. Any content clause
 * makes the reply an answer ("non so la data esatta, ma il bando scade a gennaio"; a referral beside the answer).
 * Beside the per-kind forms (deflections.ts), clauses are read by their structure (presence-frames.ts): the bot
 * declining of itself, asking back when a bando was named, advising the user to go elsewhere (and what then
 * points back at that office), an error's code beside the error, a request passed on with its ticket, an offer of
 * other topics. How the reply is cut into sentences (lines, list items, titles, payloads): presence-reply.ts.
 */
import { answerOf, fail, invalid, pass, quote } from './common.ts';
import { NO_JUDGE_REASON } from './llm.ts';
import { ASKS_CONTACT, CONTRAST, DEFLECTION_OF, ENTE, FILLER, NEGATION, POLARITY, VAGUE, isMetaWord, isReferralWord, namesBando, negatedKind, type DeflectionKind } from './deflections.ts';
import type { CheckSpecOf } from './schema.ts';
import { ENGLISH_MARKERS, ENGLISH_STOPWORDS, ITALIAN_MARKERS, ITALIAN_STOPWORDS } from './stopwords.ts';
import { parseItalianNumberWord } from './italian-numbers.ts';
import { memoize } from './memo.ts';
import { countFits, endsOnSide, enumerates, figureFits, namesIn, namesNumber, evaluates, namesPlace, namesRequirement, namesTime, otherAspect, restricts, slotsOf, takesSide, namesFit, type Slot } from './presence-evidence.ts';
import { ASKS_REFERENCE, DECLINES, DOCUMENT_POINTER, SOURCE_LABEL, ERROR_DETAIL, NAMED_ERROR, OFFERS_OTHER, advisesElsewhere, asksBack, speaksOfItself } from './presence-frames.ts';
import { bare, fold, payloadText, sentencesOf, trimEnds } from './presence-reply.ts';
import type { CheckContext, CheckHandler, CheckResult } from './types.ts';

export type NonAnswerKind = 'empty' | 'canned' | 'echo' | 'nothing' | DeflectionKind;

export interface PresenceContext {
  /** The user's message the reply answers (echo and "asks for contacts" are judged against it). */
  question?: string;
  /** Whether a bando was named in the conversation (then "which bando?" is a deflection); inferred when left out. */
  bandoNamed?: boolean;
  /** The target's canned replies (its fallback, out-of-scope and error messages). */
  cannedReplies?: string[];
}

const tokens = (s: string) =>
  (s.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => /\d/.test(w) || (w.length >= 3 && !ITALIAN_STOPWORDS.has(w) && !ENGLISH_STOPWORDS.has(w)));

/** Prefixes a bot puts before repeating the question ("Domanda:", "Lei chiede:", "You asked:"). */
const ECHO_PREFIX =
  /^(?:(?:lei|tu|you|la sua|la tua|your|the)\s+)?(?:domanda|richiesta|mi chiede|mi chiedi|mi domanda|mi domandi|chiede|chiedi|ha chiesto|hai chiesto|mi ha chiesto|mi hai chiesto|asked|ask|are asking|question|request)\s*(?:e|is)?\s*:?\s*/;
const DATE = /\b\d{1,2}(?:°|º)? ?(?:gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december) \d{1,2}\b/;
/** "Vuole sapere se …", "you are asking whether …": a frame around a repeat. */
const ASKING_FRAME = /\b(?:sapere se|chiede(?:ndo)? se|chiedi(?:endo)? se|domanda(?:ndo)? se|asking (?:if|whether)|know (?:if|whether)|wondering (?:if|whether))\b/;
const ASKING = /^(?:sta|stai|state|whether|vuol[ei]|vorrebbe|vuoi|desidera|desideri|sapere|capire|chiedendo|domandando|domandato|chiede|chiedi|want|wants|wanted|wondering|wonder|know|asking|asked)$/;
const AFFIRMATION = /^(?:certo|certamente|certo che si|ovviamente|assolutamente|sicuro|sure|of course|certainly|absolutely|definitely|indeed)$/;
const CONDITIONAL = /\b(?:in caso di|qualora|nel caso (?:in cui|di)|se (?:il|la|lo|l'|si)|if|in case of|should the)\b/;
/** Deflection kinds, most telling first (the reason names the first found). */
const ORDER: DeflectionKind[] = ['error', 'refusal', 'fallback', 'dont-know', 'asks-which', 'referral'];

/**
 * content: says something; filler: pleasantries and words about the conversation; bare: only stop words ("lo è");
 * weak: only the question's own words, to a question asking what/when/how much (restates, adds nothing);
 * polar: a yes or a no; tentative: content said as a guess or under a condition ("potrebbe essere a marzo", "se è
 * prevista una tassa, si paga con PagoPA"), an answer only where nothing in the reply deflects; some: words of its own, but neither a figure nor anything about what was asked ("il nostro
 * staff aggiorna costantemente il portale"): it answers only where nothing in the reply deflects.
 */
type Clause =
  | { kind: 'content' | 'tentative' | 'claim' | 'some' | 'filler' | 'bare' | 'weak' | 'echo' | 'detail' }
  | { kind: 'polar'; yesNo: boolean }
  | { kind: 'deflection'; as: DeflectionKind };
interface Judge {
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
const BANDO_NOUN = /^(?:band[oi]|concors[oi]|selezion[ei]|avvis[oi]|calls?|competitions?|notices?|posti|posto|seats?|jobs?)$/;

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
const questionWords = memoize(
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

/**
 * A referral answers a question about contacts or where to go only when it gives a way to get there: an address
 * (e-mail, PEC, web, street), a number, or a named office. "Consulti il sito istituzionale dell'ente" does not.
 */
const CONCRETE_CHANNEL = /@|https?:\/\/|www\.|\b[a-z0-9-]+\.(?:it|eu|gov|com|org|net)\b|\d|\b(?:via|viale|piazza|piazzale|corso|largo)\s+\S|\b(?:ufficio|servizio|settore|area|direzione|sportello|u\.?o\.?c?\.?|urp)\s+(?!(?:del|della|dell'|dello|dei|degli|delle|di|competente|preposto|responsabile|dell)\b)[a-z]{3,}/i;

/** An address, a mail or web address, a phone number: a way to reach someone, itself a value. */
const CONTACT_VALUE =
  /@|https?:\/\/|www\.|\b[a-z0-9-]+\.(?:it|eu|gov|com|org|net)\b|\b\d[\d .]{5,}\d\b|\b(?:via|viale|piazza|piazzale|corso|largo)\s+[a-z]{3,}|\b(?:ufficio|servizio|settore|area|direzione|sportello|segreteria)\s+(?!(?:del|della|dell'|dello|dei|degli|delle|di|competente|preposto|responsabile|dell|giusto|indicato|relativo)\b)[a-z]{4,}/;
/** Where things are published or found: a name beside it is a place to look. */
const PUBLISHED = /\b(?:pubblica(?:t|no\b|re\b|zion)|pubblicher|publish|disponibil|available|consultabil|reperibil|trova|find|found)\w*/;
/** A body or a role that decides or does something: what a question asking who wants named. */
const WHO =
  /\b(?:commission[ei]|commission|dirigent[ei]|diret+or[ei]?|director|responsabil[ei] (?:del|della|dell')|president[ei]?|chair\w*|board|committee|panel|segretari[oa]|ufficio \w{4,}|servizio \w{4,}|office of|head of|manager)\b/;

/**
 * Whether a text has a form of deflection `kind`. Each kind is tested at most once per text: the same clauses
 * recur across a run's mutants, and the lists are long (the record is the memo's own, filled as kinds are asked).
 */
const testedKinds = memoize((_text: string) => new Map<DeflectionKind, boolean>(), (text) => text);
function says(kind: DeflectionKind, text: string): boolean {
  const tested = testedKinds(text);
  let hit = tested.get(kind);
  if (hit === undefined) tested.set(kind, (hit = DEFLECTION_OF[kind].test(text) || (kind === 'referral' && advisesElsewhere(text))));
  return hit;
}

/** The first deflection kind a text shows, where it counts as one (see below), else undefined. */
function deflection(text: string, ctx: Judge, kinds: DeflectionKind[]): DeflectionKind | undefined {
  for (const kind of kinds) {
    if (!says(kind, text)) continue;
    // Asking which bando is the right reply when none was named; a referral answers a question about contacts.
    if (kind === 'asks-which' && !ctx.bandoNamed) return undefined;
    // (A channel the question itself names, "l'ufficio concorsi" to "the ufficio concorsi's phone?", is not one.)
    if (kind === 'referral' && ctx.asksContact && newMatch(CONCRETE_CHANNEL, text, ctx.question)) return undefined;
    // A long clause with figures that mentions a referral, "which" or an error is content that also says so.
    if ((kind === 'asks-which' || kind === 'referral' || kind === 'error') && tokens(text).length > 10 && /\d/.test(text)) return undefined;
    // A referral or "which" beside a date ("scriva all'ufficio entro il 3 maggio") gives the user a deadline.
    // Asked where to write, an address is the answer whatever else the clause asks or advises.
    if ((kind === 'asks-which' || kind === 'referral') && ctx.asksContact && newMatch(CONTACT_VALUE, text, ctx.question)) return undefined;
    // (A time the question does not ask for, an office's weekdays to "where is the exam?", gives nothing.)
    if ((kind === 'asks-which' || kind === 'referral') && (DATE.test(text) || namesTime(text, ctx.slots) || /\b\d+ (?:giorni|settimane|mesi|days|weeks|months)\b/.test(text))) return undefined;
    // "In caso di malfunzionamento del portale …", "if the system is down …": a procedure, not a failure.
    if (kind === 'error' && CONDITIONAL.test(text)) continue;
    return kind;
  }
  return undefined;
}

/** Whether `re` matches in `text` something the question does not already say. */
function newMatch(re: RegExp, text: string, question: string): boolean {
  const all = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  return [...text.matchAll(all)].some((m) => !question.includes(m[0]));
}

/** More English than Italian function words, or, in a question without any ("minimum height required?"), word endings. */
function isEnglish(question: string): boolean {
  const ws = question.match(/[\p{L}']+/gu) ?? [];
  const en = ws.filter((w) => ENGLISH_MARKERS.has(w)).length;
  const it = ws.filter((w) => ITALIAN_MARKERS.has(w)).length;
  if (en !== it) return en > it;
  // No telling function word: most Italian words end in a vowel, most English ones do not.
  const long = ws.filter((w) => w.length >= 4);
  return long.length > 0 && long.filter((w) => /[aeiou]$/.test(w)).length / long.length < 0.5;
}

/** The same word or one of its forms ("bandi" for "bando", "durata" for "dura"): a common stem of four letters. */
const same = (w: string, a: string) => w === a || (Math.min(w.length, a.length) >= 4 && w.slice(0, 4) === a.slice(0, 4) && Math.abs(w.length - a.length) <= 4);
/** Whether a word is one of `asked` or one of its forms: by exact word, then by the lengths sharing its stem. */
function formsOf(asked: string[]): (w: string) => boolean {
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
const isWh = (question: string): boolean => WH_WORD.test(question) || HOW_VERB.test(question) || question.split(/[,;:]\s+|\s[-–—]\s/).slice(1).some((part) => WH_OPENING.test(trimEnds(part)));

/** A repeat of the question: every word is the question's, and it covers most of it (a "Domanda:" prefix aside). */
function isEcho(text: string, ctx: Judge): boolean {
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
const USER_SELF = /\b(?:posso|devo|ho|mi|io|mio|mia|miei|mie|vorrei|can i|do i|should i|must i|am i|may i|i am|i have|i'm|my)\b/g;

/** The bot placing the question outside what it does ("esce dal tipo di supporto che offro", "beyond what I …"). */
const SCOPE_OUT = /\b(?:esce|escono|esula\w*|va oltre|vanno oltre|fuori (?:da|dal|dai|dalla|dalle|del|dei|dell')|al di fuori|outside|beyond|out of)\b/;

/** A clause thanking or apologising for something: "la ringrazio per …", "mi scuso per …", "thank you for …". */
const COURTESY = /^(?:(?:la|ti|vi) ringrazi\w*|grazie|ringraziamo|mi scus\w*|ci scusiamo|scusate|thanks?|thank you|many thanks|sorry|apologies|we apologi[sz]e|i apologi[sz]e)\b(?: (?:\S+ ){0,2}(?:per|for|about)\b)/;

/** The bot's side or good wishes: "il nostro staff", "our team", "le auguro", "wishing you the best". */
const ABOUT_US = /\b(?:nostr[oaie]|our|team|staff|auguro|auguriamo|wish|wishing|good luck|buona fortuna|in bocca al lupo)\b/;

/** A clause pointing back at the ente or page just named: "che …", "dove …", "lì …", "loro …", "they'll …", "oppure …". */
const CONTINUES = /^(?:che|chi|dove|li|loro|essi|oppure|altrimenti|they|they'll|they're|they'd|who|which|where|there|or|otherwise)\b/;

/** What the user asked, as the bot names it when it declines it ("questa richiesta esce …", "this question is …"). */
const CONVERSATION_NOUN = /^(?:richiest[ae]|domand[ae]|quesit[oi]|question[ei]?|questions?|requests?|queries|query|enquir\w*|inquir\w*)$/;

/** A number word ("cinque", "forty-two"; "uno"/"una" only nearly alone, else an article). */
function namesCount(c: string): boolean {
  const words = c.match(/\p{L}+/gu) ?? [];
  return words.some((w) => parseItalianNumberWord(w) !== undefined && (!/^un[oa]?$/.test(w) || words.length <= 2)) || namesNumber(c);
}

/** A plain yes or no (POLARITY's other words, "nessuno", "tutti", "mai", answer how many or when as well). */
const YES_NO = /^(?:si|no|yes|yep|nope|esatto|esattamente|corretto|exactly|correct|right|assolutamente(?: si| no)?|certo che si|certo che no)$/;

/**
 * Talk about bandi in general rather than the one asked about: how often, how much things vary, what "usually"
 * holds ("le date cambiano spesso", "it varies from one body to another"). It answers a general question; after
 * a bando was named it tells the user nothing about that one.
 */
const GENERIC_WORDS =
  'spesso|talvolta|a volte|di solito|solitamente|generalmente|in genere|in generale|normalmente|tipicamente|di norma|var(?:ia|iano|iare|iabil\\w*)|cambi(?:a|ano|are)|dipende|dipendono|da (\\w+) a \\1|ogni|ciascun[oa]?|often|sometimes|usually|generally|in general|normally|typically|var(?:y|ies|ied|iable)|chang(?:e|es|ing)|depends?|from (\\w+) to \\2|every|each';
const GENERIC = new RegExp(`\\b(?:${GENERIC_WORDS})\\b`);
/** What varies or depends ("può variare in base a …", "it depends on …"). */
const VARIES = /\b(?:var(?:ia|iano|iare|iabil\w*)|cambi(?:a|ano|are)|dipende|dipendono|var(?:y|ies|ied|iable)|depends?)\b/;
/** What usually or often holds ("di solito", "spesso", "typically"): said of bandi in general, not of the one named. */
const USUALLY = /\b(?:spesso|talvolta|a volte|di solito|solitamente|generalmente|in genere|in generale|normalmente|tipicamente|di norma|in linea di massima|di massima|in linea generale|per (?:questi|simili|tali) (?:profili|ruoli|concorsi|posti)|often|sometimes|usually|generally|in general|normally|typically|as a rule|generally speaking|broadly speaking|for (?:such|similar|these) (?:roles|posts|positions|competitions|jobs))\b/;

/**
 * Whether a clause that neither deflects nor restates shows what an answer shows (presence-evidence.ts): a
 * figure, a count, a time, a restriction ("solo per esami"), a side taken on a yes/no question, a name the
 * question did not give, or the question's subject with something said of it. Padding (about the bot or its
 * team, or bandi in general once a bando was named) shows none of it, whatever its words.
 */
function evidenced(c: string, said: string[], ctx: Judge, names: string, scope: Scope): boolean {
  const generic = scope.generic;
  const { inQuestion, onTopic, topic, about, runs } = questionWords(ctx.question);
  // The bando as the question names it, said back ("il bando per 4 agenti di polizia municipale …"): three words
  // or more in the question's order name the bando, not what is asked about it, and the ente's name is no news.
  const echoed = echoedWords(c, runs, ctx.named);
  const own = said.filter((w) => !echoed.has(w) && !ENTE_WORD.test(w));
  // The question's subject (not the names of its bando) named again: what the clause speaks of.
  const topical = own.some((w) => onTopic(w) && !ctx.named.includes(w));
  // A value of the kind asked ("il 3 marzo" to "quando?"); to a question that names no kind (yes/no, what, how),
  // a figure counts beside the subject asked about: "2 posti, entro il 14 marzo" does not say what it pays.
  const value = figureFits(c, ctx.slots, ctx.question) || (namesCount(c) && countFits(ctx.slots)) || namesTime(c, ctx.slots);
  // (A question with no subject of its own, "domanda 0" or only names, ties nothing: any figure counts.)
  const untied = !topic.some((w) => !ctx.named.includes(w) && !isMetaWord(w) && !/\d/.test(w));
  // A date answers how to do something as well ("scriva all'ufficio entro il 3 maggio"); to a yes/no question, or
  // to one asking which thing ("which degree?"), it needs the subject beside it.
  const dated = ASKS_HOW.test(ctx.question) && (DATE.test(c) || namesTime(c, []));
  // What usually holds for bandi ("spesso il termine è di 30 giorni", "the board is usually made of experts"), once a
  // bando was named, is no evidence about it, whatever it names.
  if (usually(c, ctx, scope)) return false;
  // To a question naming no kind of value, a figure about another aspect of the bando ("5 posts" to "which degree?")
  // answers something else.
  const aside = ctx.slots.length === 0 && otherAspect(c, about);
  if ((value && !aside && (ctx.slots.length > 0 || topical || untied || dated)) || restrictsAsked(c, ctx) || namesPlace(c, ctx.slots)) return true;
  // Asked whom to contact, an address or a number is the answer.
  if (ctx.asksContact && CONTACT_VALUE.test(c)) return true;
  // Asked who, a body or a role ("la commissione esaminatrice") is the answer; asked who may take part or what is
  // required, a requirement ("chi ha il diploma") is.
  if ((ctx.slots.includes('who') && WHO.test(c)) || namesRequirement(c, ctx.question)) return true;
  if (speaksOfItself(c) || ABOUT_US.test(c) || (ctx.bandoNamed && (generic || GENERIC.test(c)))) return false;
  if (!ctx.wh && takesSide(c)) return true;
  if (evaluates(c)) return false;
  // A name the question did not give ("a Perugia e Terni", "con SPID o CIE") answers where, who or what, unless the
  // clause says where things are published ("pubblicato sulla Gazzetta Ufficiale"): then it names a place to look.
  // Asked what or whether, a name about another aspect of the bando answers something else: "the competition has 5
  // posts in the Area Istruttori" to "which documents?".
  const named = names !== '' && own.some((w) => !inQuestion(w) && !isReferralWord(w) && names.split(' ').includes(w)) && !PUBLISHED.test(c);
  if (named && namesFit(ctx.slots) && (ctx.slots.length > 0 || !otherAspect(c, about))) return true;
  // Asked for a time, a place, a person, an amount, a length or a count, other words do not give it.
  if (ctx.slots.length > 0) return false;
  // The subject with something said of it (to a yes/no question, saying it again may say yes).
  return topical && (!ctx.wh || said.some((w) => !inQuestion(w)));
}

/** The ente's kind ("comune", "regione", "council"): part of the bando's name, not news about it. */
const ENTE_WORD = new RegExp(`^(?:${ENTE})$`);
/**
 * The words of a clause that stand in a run of three or more words the question has in the same order, when the
 * run names the bando (a "bando", "concorso", "call" noun, an ente, a name the question gives): "il bando per 4
 * agenti di polizia", not "la laurea triennale" said back to "vale la laurea triennale?".
 */
function echoedWords(clause: string, runs: Set<string>, named: string[]): Set<string> {
  const words = clause.match(/[\p{L}\p{N}]+/gu) ?? [];
  const hit = words.map(() => false);
  words.slice(2).forEach((w, i) => {
    if (runs.has(`${words[i]} ${words[i + 1]} ${w}`)) hit[i] = hit[i + 1] = hit[i + 2] = true;
  });
  const out = new Set<string>();
  for (let i = 0; i < words.length; ) {
    let j = i;
    while (j < words.length && hit[j]) j++;
    // From where the run starts naming ("… alla prova di Lecco": only "Lecco"; "il bando per 4 agenti …": all of it).
    const run = words.slice(i, j);
    const from = run.findIndex((w) => BANDO_NOUN.test(w) || ENTE_WORD.test(w) || named.includes(w));
    if (from >= 0) for (const w of run.slice(from)) out.add(w);
    i = j > i ? j : i + 1;
  }
  return out;
}

/** A question asking how to do something: a date then answers it too ("entro il 3 maggio"). */
const ASKS_HOW = /\b(?:come|how(?! (?:long|much|many|often|old|far|soon|late|early)\b)|in che modo|in what way|cosa (?:devo|dobbiamo|bisogna|occorre) fare|what (?:do|should|must) (?:i|we) do)\b/;

/**
 * A restriction ("solo online", "esclusivamente tramite inPA", "solo se le domande superano le 500") answers what,
 * how, where or when, not a question asking only for an amount, a length or a count ("only via inPA" does not say
 * what the job pays).
 */
const restrictsAsked = (c: string, ctx: Judge): boolean =>
  restricts(c) && !speaksOfItself(c) && !(ctx.slots.length > 0 && ctx.slots.every((s) => s === 'amount' || s === 'duration' || s === 'count'));

/** A sentence naming bandi or bodies as a class ("nei concorsi pubblici", "alcuni enti", "in most public calls"). */
const CLASS_OPENING = /\b(?:nei|negli|per i|per gli|tutti i|molti|alcuni|la maggior parte dei|qualsiasi|qualunque|ogni) (?:concorsi?|bandi|bando|avvisi|enti|ente|amministrazioni)(?: pubblic[io])?\b|\b(?:in|for|most|many|some|all|any) (?:\S+ )?(?:public )?(?:competitions|calls|notices|bodies|authorities|administrations)\b/;
/** A sentence opening on what generally holds, or naming bandi as a class. */
const GENERIC_OPENING = new RegExp(`^(?:\\S+ ){0,3}?(?:${GENERIC_WORDS})\\b|${CLASS_OPENING.source}`);
/** A sentence leading into a list of general advice: "Ecco alcune indicazioni generali:", "Here's a general checklist:". */
const GENERIC_LEAD = new RegExp(`(?:\\b(?:general[ei]?|generic[ao]?|generici|generiche|di solito|in genere|usually|typically|qualsiasi|qualunque)\\b|${GENERIC_OPENING.source}).*:$`);

/**
 * Whether a clause speaks of bandi in general rather than the one named: generic (its sentence opens on what
 * generally holds), classwide (it names bandi or bodies as a class: "alcuni enti"), usual (what usually holds,
 * "di solito", "typically", or of a class: its figures are not the bando's either).
 */
interface Scope {
  generic: boolean;
  classwide: boolean;
  usual: boolean;
}
const NO_SCOPE: Scope = { generic: false, classwide: false, usual: false };
const usually = (c: string, ctx: Judge, scope: Scope): boolean => ctx.bandoNamed && (scope.usual || USUALLY.test(c));

function classify(clause: string, ctx: Judge, names = '', scope: Scope = NO_SCOPE): Clause {
  const { generic, classwide } = scope;
  const c = trimEnds(clause);
  if (bare(c) === '') return { kind: 'filler' };
  if (ERROR_DETAIL.test(c) || DOCUMENT_POINTER.test(c)) return NAMED_ERROR.test(c) ? { kind: 'deflection', as: 'error' } : { kind: 'detail' };
  if (POLARITY.test(c)) return { kind: 'polar', yesNo: YES_NO.test(c) };
  // "Cinque.", "Uno solo.": asked how many (or how long, how much), a number word answers at once; otherwise it
  // needs the subject beside it (evidenced).
  if (ctx.slots.length > 0 && countFits(ctx.slots) && namesCount(c)) return { kind: 'content' };
  if (FILLER.some((re) => re.test(c))) return { kind: 'filler' };
  // "La ringrazio per la domanda sul concorso … 2027", "sorry for the wait on the … call": thanks or an apology
  // name what they thank for, not a value (whatever figure or name it carries).
  if (COURTESY.test(c)) return { kind: 'some' };
  // "Sono Lia", "I'm Max": the bot introducing itself by its name.
  const introduces = /^(?:sono|mi chiamo|my name is|i'?m|i am|this is) (\S+)$/.exec(c);
  if (introduces && names.split(' ').includes(introduces[1] ?? '')) return { kind: 'filler' };
  if (isEcho(clause.trim(), ctx)) return { kind: 'echo' };
  const as = deflection(c, ctx, ORDER);
  if (as) return { kind: 'deflection', as };
  // Asking which bando when none was named is the useful reply: content, whatever words it uses.
  if (!ctx.bandoNamed && says('asks-which', c)) return { kind: 'content' };
  // "Ci sono diversi concorsi": how many, not which. Words about the conversation itself ("posso aiutarla",
  // "thank you for understanding"), "questa", "ok" around a deflection say nothing by themselves.
  if (VAGUE.test(c)) return { kind: 'filler' };
  const own = tokens(c);
  // "Non ti so aiutare su questo", "I am not in a position to comment on exam details": declining the conversation
  // itself, whatever the clause then names.
  const declines = DECLINES.exec(c);
  if (declines && !/\d/.test(c) && tokens(c.slice(declines.index + declines[0].length)).slice(0, 3).some((w) => isMetaWord(w) || isReferralWord(w))) return { kind: 'deflection', as: negatedKind(own) };
  // "Purtroppo sì", "I'm afraid there is", "not necessarily": a side taken on a yes/no question (not the side some
  // bodies take, "alcuni enti lo consentono, altri no", or what is often so: "licences are often required").
  const sides = !ctx.wh && !(ctx.bandoNamed && classwide) && !usually(c, ctx, scope);
  if (sides && ((takesSide(c) && !speaksOfItself(c)) || endsOnSide(c))) return { kind: 'content' };
  if (own.length === 0) return { kind: 'bare' };
  const said = own.filter((w) => !isMetaWord(w));
  if (said.length > 0) {
    const { asked, inQuestion } = questionWords(ctx.question);
    // The bot saying, of itself, what it does not do, or that the question is out of its scope, in words of its
    // own that touch nothing asked ("non è un tema che mi compete", "not something I'm permitted to get into").
    const aboutItself = (NEGATION.test(c) || /\bno \w/.test(c) || SCOPE_OUT.test(c)) && speaksOfItself(c);
    const ownWords = said.filter((w) => !CONVERSATION_NOUN.test(w) && !SCOPE_OUT.test(w));
    if (aboutItself && !/\d/.test(c) && ownWords.length <= 2 && !said.some(inQuestion)) return { kind: 'deflection', as: negatedKind(own) };
    // Only where else to ask, and the question's words: "verifichi con l'ufficio del Comune di Lecco".
    const elsewhere = said.some((w) => isReferralWord(w) && !inQuestion(w)) && said.every((w) => isReferralWord(w) || inQuestion(w));
    if (elsewhere && !(ctx.asksContact && CONCRETE_CHANNEL.test(c)) && !/\d/.test(c)) return { kind: 'deflection', as: 'referral' };
    // "Ci sono concorsi del Ministero" to "Quando scade il concorso del Ministero?": the question's words only.
    // To a yes/no question they may say yes ("il bando è aperto"), unless they are a fragment of it ("sono loro i
    // responsabili del bando").
    // A side taken on a yes/no question ("no need", "not required") or a restriction ("solo la maggiore età")
    // answers even in the question's own words.
    if ((sides && takesSide(c) && !speaksOfItself(c)) || (restrictsAsked(c, ctx) && !usually(c, ctx, scope))) return { kind: 'content' };
    const restates = !/\d/.test(c) && said.every(inQuestion) && (ctx.wh || new Set(said).size < Math.ceil(new Set(asked).size / 2));
    // "Nessuna esperienza richiesta" to "richiede esperienza?": the question's words, negated, say no.
    if (restates && !ctx.wh && NEGATION.test(c) && !NEGATION.test(ctx.question)) return { kind: 'content' };
    if (restates) return { kind: 'weak' };
    if (evidenced(clause.trim(), said, ctx, names, scope)) return { kind: 'content' };
    return { kind: speaksOfItself(c) || ABOUT_US.test(c) || evaluates(c) || (ctx.bandoNamed && (generic || GENERIC.test(c))) ? 'some' : 'claim' };
  }
  // Only about the conversation and negated ("non sono in condizione di risponderle", "I am not in a position
  // to answer"): what the bot does not do or know.
  return own.length > 0 && NEGATION.test(c) ? { kind: 'deflection', as: negatedKind(own) } : { kind: 'filler' };
}

/**
 * A sentence is cut at its contrasts ("…, ma …"); a part that refuses, falls back, does not know, asks which
 * bando or reports an error is a deflection whole (what it lists is its scope, not an answer); the others are
 * judged clause by clause, so a referral beside content ("scade il 12 gennaio, per informazioni contatti …")
 * leaves the content.
 */
function judgeSentence(sentence: string, ctx: Judge, afterReferral: boolean, names: string, inGenericList: boolean): Clause[] {
  // A source cited ("[Fonte: bando …, art. 7] …") says where a text comes from, not what it says: what follows is.
  if (SOURCE_LABEL.test(sentence)) {
    const rest = sentence.replace(SOURCE_LABEL, '');
    return rest.trim() === '' ? [{ kind: 'detail' }] : judgeSentence(rest, ctx, afterReferral, names, inGenericList);
  }
  // Once a clause speaks of bandi in general ("typically", "di solito"), what follows it in the sentence does too.
  const state = { referral: afterReferral, generic: false, usual: false };
  // The question repeated whole, maybe after "Domanda:" (which the cut at ':' below would leave as a clause).
  if (isEcho(sentence, ctx)) return [{ kind: 'echo' }];
  const whole = trimEnds(sentence);
  if (VAGUE.test(whole)) return [{ kind: 'filler' }];
  // "Posso però aiutarti con altri temi: per esempio …": an offer, whatever it lists (a figure aside).
  if (OFFERS_OTHER.test(whole) && !/\d/.test(whole) && !ORDER.some((k) => says(k, whole))) return [{ kind: 'filler' }];
  if (ERROR_DETAIL.test(whole)) return [NAMED_ERROR.test(whole) ? { kind: 'deflection', as: 'error' } : { kind: 'detail' }];
  // "None." answers an English "how many …?"; to an Italian question it is a null printed as text.
  if (whole === 'none' && ctx.english) return [{ kind: 'content' }];
  if (ctx.bandoNamed && asksBack(sentence) && !/\d/.test(sentence) && !FILLER.some((re) => re.test(whole))) {
    // Asking the user back about what they named ("Which posting are you asking about?"): words of the
    // conversation and of the question, and at most a few more.
    const { inQuestion } = questionWords(ctx.question);
    const more = tokens(whole).filter((w) => !isMetaWord(w) && !ASKING.test(w) && !inQuestion(w));
    if (more.length <= 3) return [{ kind: 'deflection', as: 'asks-which' }];
  }
  // Opening on bandi in general ("In generale, nei concorsi …"), or an item of a list of general advice: every
  // clause of the sentence is about them.
  // (Or leading into its own list of general advice: "Ecco alcune regole generali per le prove: arriva presto, …".)
  const lead = /^[^:]+:/.exec(whole)?.[0];
  const generic = inGenericList || GENERIC_OPENING.test(whole) || (ctx.bandoNamed && lead !== undefined && GENERIC_LEAD.test(lead));
  const classwide = inGenericList || CLASS_OPENING.test(whole);
  const concrete = (item: string) => tokens(item).some((w) => !isMetaWord(w) && !isReferralWord(w) && !questionWords(ctx.question).inQuestion(w) && !ABOUT_US.test(w));
  const clauses = sentence
    .split(/,?\s+(?=(?:ma|pero|tuttavia|invece|but|however|yet)\b)/)
    // "Posso però fornirle …", "I can however …": a verb and its contrast are one clause.
    .reduce<string[]>((parts, part, i, all) => (i > 0 && (all[i - 1] ?? '').trim().split(/\s+/).length <= 2 ? [...parts.slice(0, -1), `${parts.at(-1) ?? ''} ${part}`] : [...parts, part]), [])
    .flatMap((part) => {
      const p = trimEnds(part.replace(CONTRAST, ''));
      const as = deflection(p, ctx, ORDER.filter((k) => k !== 'referral'));
      // "Non ho capito a quale bando si riferisce": asking which bando when none was named is the right reply.
      const clarifies = as === 'fallback' && !ctx.bandoNamed && says('asks-which', p);
      if (as && !clarifies && !FILLER.some((re) => re.test(p))) return [{ kind: 'deflection', as } as Clause];
      // "Documento d'identità, diploma e ricevuta": a list of things names what was asked (cut at its commas,
      // each item alone would say little).
      // A part said as a guess or under a condition carries what an answer carries, but does not assert it.
      const tentative = TENTATIVE.test(p);
      if (enumerates(p, concrete) && !says('referral', p) && !(ctx.bandoNamed && (generic || state.generic))) return [{ kind: tentative ? 'tentative' : 'content' } as Clause];
      // (Not inside a figure: "2,050 euro", "alle 9:30".)
      return p.split(/[,:]+(?!\d)|(?<!\d)[,:]+|\s[—–-]\s/).map((c) => {
        const k = classify(c, ctx, names, { generic: generic || state.generic, classwide, usual: classwide || state.usual });
        // After "di solito …" or "può variare in base a …", the rest of the sentence is about bandi in general too.
        if (ctx.bandoNamed && USUALLY.test(c)) state.usual = true;
        if (ctx.bandoNamed && (USUALLY.test(c) || VARIES.test(c))) state.generic = true;
        // What follows a referral and points back at it ("…, che le saprà rispondere", "they'll know") is still
        // the referral, unless it gives a figure ("…, che è aperto dalle 9 alle 12").
        const continues = state.referral && (k.kind === 'content' || k.kind === 'claim') && CONTINUES.test(trimEnds(c)) && !/\d/.test(c);
        const out: Clause = continues ? { kind: 'deflection', as: 'referral' } : tentative && (k.kind === 'content' || k.kind === 'polar') ? { kind: 'tentative' } : k;
        if (out.kind === 'deflection' && out.as === 'referral') state.referral = true;
        else if (out.kind === 'content') state.referral = false;
        return out;
      });
    });
  // "Sì" or "No" answers a yes/no question, unless the sentence refuses, falls back or fails ("No, non posso").
  const declines = clauses.some((c) => c.kind === 'deflection' && (c.as === 'refusal' || c.as === 'fallback' || c.as === 'error' || c.as === 'dont-know'));
  // To a question asking what, when, where…, a bare yes or no takes no side: only "nessuno", "tutti" answer.
  const out = clauses.map((c) => (c.kind === 'polar' ? ({ kind: declines || (ctx.wh && c.yesNo) ? 'filler' : 'content' } as Clause) : c));
  // A quoted passage ("«La commissione è composta da …»") that never names what was asked, to a question asking for
  // no kind of value (a title giving "n. 12 posti" answers "how many?"), quotes something else.
  const { onTopic } = questionWords(ctx.question);
  const offQuote = ctx.bandoNamed && ctx.slots.length === 0 && /^[«“"][^«“"]*[»”"][.!]?$|^[«“"][^»”"]*$/.test(sentence.trim()) && !tokens(whole).some((w) => onTopic(w) && !ctx.named.includes(w));
  return offQuote ? out.map((c) => (c.kind === 'content' ? { kind: 'some' } : c)) : out;
}

/**
 * A sentence that does not assert what it says: a condition ("se è prevista …", "qualora …", "if there is …") or a
 * guess ("potrebbe essere …", "forse", "probabilmente", "è solo una stima", "it might be", "I think").
 */
const TENTATIVE =
  /^(?:\S+ )?(?:se|qualora|nel caso|in caso|laddove|ove|if|should|in case|where)\b|\b(?:potrebbe|potrebbero|forse|probabilmente|presumibilmente|immagino|suppongo|ipotizz\w*|stima|indicativ\w*|might|maybe|perhaps|probably|possibly|presumably|i (?:think|guess|suppose|believe|assume)|could be|may be|estimate|guess)\b/;

/** What a question tells about its replies, once per question (a run judges many replies to the same one). */
const judgeFor = memoize(
  (question: string, bandoNamed: boolean, named: string[]): Judge => {
    const wh = isWh(question);
    // A yes/no question mentioning points or "chi può" asks whether, not how many or who.
    const slots = slotsOf(question).filter((s) => wh || (s === 'count' ? /\b(?:quant[ie]|how many)\b/.test(question) : s !== 'who'));
    const judge = { question, wh, slots, named, bandoNamed, asksContact: ASKS_CONTACT.test(question), english: isEnglish(question) };
    return { ...judge, key: JSON.stringify(judge) };
  },
  (question, bandoNamed, named) => `${bandoNamed ? 1 : 0}${named.join(' ')}\u0000${question}`,
);

/** judgeSentence memoised: a mutant changes one sentence of its answer, the others were judged already. */
const judgedSentence = memoize(judgeSentence, (sentence, judge, afterReferral, names, inGenericList) => `${afterReferral ? 1 : 0}${inGenericList ? 1 : 0}${judge.key}\u0000${sentence}\u0000${names}`);

/** The reply's names (presence-evidence.ts namesIn) that occur in this sentence, as one string (a memo key). */
function namesOf(sentence: string, names: Set<string>): string {
  if (names.size === 0) return '';
  const here = new Set(sentence.match(/[\p{L}\p{N}]+/gu) ?? []);
  return [...names].filter((n) => here.has(n)).sort().join(' ');
}

/** Whether, after these clauses, the last thing said was a referral (what follows may point back at it). */
function referralLast(clauses: Clause[], before: boolean): boolean {
  for (let i = clauses.length - 1; i >= 0; i--) {
    const c = clauses[i];
    if (c?.kind === 'deflection' && c.as === 'referral') return true;
    if (c?.kind === 'content') return false;
  }
  return before;
}


/**
 * What the rules make of a reply: an answer, a non-answer (and which kind), or undecided, with why. Undecided is
 * what the rules cannot tell apart: a reply with no deflection but no content clause either, only words of its own
 * that say nothing specific, the question's own words restated, or function words. The check then asks the judge
 * (mandate `answer-presence`); without one it is `invalid`, never a pass.
 */
export type PresenceVerdict = { verdict: 'answer' } | { verdict: 'no-answer'; kind: NonAnswerKind } | { verdict: 'undecided'; why: string };

const ANSWER: PresenceVerdict = { verdict: 'answer' };
const noAnswer = (kind: NonAnswerKind): PresenceVerdict => ({ verdict: 'no-answer', kind });
const undecided = (why: string): PresenceVerdict => ({ verdict: 'undecided', why });

/** Why the rules leave a reply undecided, by the clauses it is made of (most telling first). */
const UNDECIDED_WHY = {
  claim: 'no deflection, but nothing that ties its words to what was asked (no figure or value of the kind asked, no side taken, no name)',
  some: 'no deflection, but only generic words of its own, nothing specific about what was asked',
  detail: 'only a code or a reference, to a question that does not ask for one',
  beside: 'a deflection beside words of its own the rules cannot weigh',
  tentative: "a refusal, a \"don't know\" or an \"it depends\" beside content said only as a guess or under a condition",
  weak: "no deflection, but only the question's own words restated",
  bare: 'no deflection, but only function words',
  affirms: 'only an affirmation to a question asking what, when or how much',
} as const;

export function presenceVerdict(reply: string, context: PresenceContext | string[] = {}): PresenceVerdict {
  const ctx: PresenceContext = Array.isArray(context) ? { cannedReplies: context } : context;
  const text = payloadText(reply) ?? reply;
  const { empty, rest, found, sentences } = sentencesOf(text, ctx.cannedReplies ?? []);
  if (empty) return noAnswer('empty');
  const question = fold(ctx.question ?? '');
  const judge = judgeFor(question, ctx.bandoNamed ?? namesBando(ctx.question ?? ''), [...namesIn(ctx.question ?? '')].sort());
  const names = namesIn(text);
  // Any content makes the reply an answer whatever the other sentences say: the first one found ends the judging.
  const judged: Clause[] = [];
  let afterReferral = false;
  // After "Ecco alcune indicazioni generali:", the list's items are general advice, not about the bando asked.
  let genericList = false;
  for (const { text: x, item } of sentences) {
    const clauses = judgedSentence(x, judge, afterReferral, namesOf(x, names), item && genericList);
    if (clauses.some((j) => j.kind === 'content')) return ANSWER;
    afterReferral = referralLast(clauses, afterReferral);
    judged.push(...clauses);
    if (!item) genericList = judge.bandoNamed && x.endsWith(':') && GENERIC_LEAD.test(x);
  }
  // An error's code or a referral's "articolo 2" is part of it; alone ("Codice: PA-2027-0012") it answers a
  // question asking for a code or a reference, and to another question nobody can tell without reading it.
  const points = judged.some((j) => j.kind === 'deflection' && (j.as === 'error' || j.as === 'referral'));
  const detail = !points && judged.some((j) => j.kind === 'detail');
  if (detail && ASKS_REFERENCE.test(question)) return ANSWER;
  // Words of its own that say nothing specific are padding beside a refusal, a canned reply or a repeat ("Mi
  // dispiace, non posso. Il nostro staff aggiorna il portale ogni giorno."); alone, the rules cannot tell.
  const deflects = found || judged.some((j) => j.kind === 'deflection' || j.kind === 'echo');
  // A guess or a condition answers alone; beside "non lo so" or a referral it is the judge's to weigh.
  const unsure = found || judged.some((j) => j.kind === 'deflection' && j.as !== 'referral');
  // (Nor beside "it depends", "varies": a guess hedged twice.)
  const hedged = unsure || judged.some((j) => j.kind === 'some');
  if (judged.some((j) => j.kind === 'tentative')) return hedged ? undecided(UNDECIDED_WHY.tentative) : ANSWER;
  if (!deflects && judged.some((j) => j.kind === 'claim')) return undecided(UNDECIDED_WHY.claim);
  if (!deflects && detail) return undecided(UNDECIDED_WHY.detail);
  if (!deflects && judged.some((j) => j.kind === 'some')) return undecided(UNDECIDED_WHY.some);
  // A deflection beside a claim the rules cannot weigh ("non posso confermarlo; il bando prevede …").
  if (judged.some((j) => j.kind === 'claim')) return undecided(UNDECIDED_WHY.beside);
  if (found) return noAnswer('canned');
  const kinds = judged.flatMap((j) => (j.kind === 'deflection' ? [j.as] : []));
  const first = ORDER.find((k) => kinds.includes(k));
  if (first) return noAnswer(first);
  if (judged.some((j) => j.kind === 'echo')) return noAnswer('echo');
  // A restatement or a bare "lo è" with no deflection beside it: maybe a yes, maybe nothing. Negated, to a yes/no
  // question, it says no ("Non è richiesta." to "Richiede esperienza?").
  if (judged.some((j) => j.kind === 'weak')) return !judge.wh && sentences.some((x) => NEGATION.test(x.text)) ? ANSWER : undecided(UNDECIDED_WHY.weak);
  if (judged.some((j) => j.kind === 'bare')) return undecided(UNDECIDED_WHY.bare);
  // Only greetings, thanks, "ok", words about the conversation: nothing about what was asked. After a user's own
  // pleasantry ("grazie", "ok") a pleasantry is the right reply; "Certo!" or "Of course." says yes to a yes/no
  // question, and to a what/when/how-much one nobody can tell without reading it.
  const asked = trimEnds(question);
  const pleasantry = asked === '' || FILLER.some((re) => re.test(asked)) || tokens(asked).every(isMetaWord);
  if (pleasantry) return ANSWER;
  if (AFFIRMATION.test(trimEnds(rest))) return judge.wh ? undecided(UNDECIDED_WHY.affirms) : ANSWER;
  return noAnswer('nothing');
}

/**
 * Why the reply gives the user nothing, or undefined when it answers. Undecided replies count as answers here
 * (what the check did before it could tell them apart); the check itself uses presenceVerdict.
 */
export function detectNonAnswer(text: string, context: PresenceContext | string[] = {}): NonAnswerKind | undefined {
  const v = presenceVerdict(text, context);
  return v.verdict === 'no-answer' ? v.kind : undefined;
}

const WHAT: Record<NonAnswerKind, string> = {
  empty: 'answer is empty',
  canned: "answer is one of the target's canned replies",
  echo: 'answer repeats the question',
  nothing: 'answer says nothing about what was asked',
  refusal: 'answer is a refusal',
  fallback: 'answer is a fallback',
  'dont-know': 'answer says it does not know',
  referral: 'answer only refers the user elsewhere',
  'asks-which': 'answer asks which bando although one was named',
  error: 'answer is an error message',
};

export const answerPresence: CheckHandler<CheckSpecOf<'answer-presence'>> = (spec, ctx) => {
  const text = answerOf(ctx);
  const turns = ctx.transcript.turns;
  const question = turns.at(-1)?.user ?? '';
  // "Which bando?" is a deflection once a bando was named anywhere in the conversation (or the case is about one).
  const bandoNamed = Boolean(ctx.vars?.tenderId) || turns.some((t) => namesBando(t.user));
  const v = presenceVerdict(text, { question, bandoNamed, cannedReplies: [...spec.cannedReplies, ...spec.fallbackMessages, ...(ctx.cannedReplies ?? [])] });
  if (v.verdict === 'undecided') return judgeUndecided(spec, ctx, v.why);
  if (v.verdict === 'answer') return pass(spec, 'answer present');
  // A case that expects a refusal accepts one, canned or not (a canned error or fallback still fails).
  const refuses = v.kind === 'refusal' || (v.kind === 'canned' && detectNonAnswer(text, { question, bandoNamed }) === 'refusal');
  if (refuses && spec.allowRefusal) return pass(spec, 'answer present');
  return fail(spec, v.kind === 'empty' ? WHAT.empty : `${WHAT[v.kind]}: ${quote(text)}`);
};

/** What the rules leave undecided goes to the judge (mandate `answer-presence`); without one it is not evaluated. */
async function judgeUndecided(spec: CheckSpecOf<'answer-presence'>, ctx: CheckContext, why: string): Promise<CheckResult> {
  if (!ctx.llmJudge) return { ...invalid(spec, `${NO_JUDGE_REASON}: answer-presence undecided (${why})`), undecided: why };
  return { ...(await ctx.llmJudge(spec, ctx)), undecided: why };
}
