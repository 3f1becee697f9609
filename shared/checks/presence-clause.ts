/**
 * One clause of a reply, judged for answer-presence: a deflection (and which kind), filler, a repeat of the question,
 * or words of its own, which count as content only with evidence tied to what the question asks (presence-evidence.ts).
 */
import { DEFLECTION_OF, ENTE, FILLER, NEGATION, POLARITY, VAGUE, isMetaWord, isReferralWord, negatedKind, type DeflectionKind } from './deflections.ts';
import { parseItalianNumberWord } from './italian-numbers.ts';
import { memoize } from './memo.ts';
import { countFits, endsOnSide, figureFits, namesNumber, evaluates, namesPlace, namesRequirement, namesTime, otherAspect, restricts, takesSide, namesFit } from './presence-evidence.ts';
import { DECLINES, DEFERS, DOCUMENT_POINTER, ERROR_DETAIL, NAMED_ERROR, RULE_TEXT, advisesElsewhere, speaksOfItself } from './presence-frames.ts';
import { bare, trimEnds } from './presence-reply.ts';
import { tokens, DATE, type Judge, BANDO_NOUN, questionWords, isEcho } from './presence-question.ts';

export const CONDITIONAL = /\b(?:in caso di|qualora|nel caso (?:in cui|di)|se (?:il|la|lo|l'|si)|if|in case of|should the)\b/;
/** Deflection kinds, most telling first (the reason names the first found). */
export const ORDER: DeflectionKind[] = ['error', 'refusal', 'fallback', 'dont-know', 'asks-which', 'referral'];

/**
 * content: says something; filler: pleasantries and words about the conversation; bare: only stop words ("lo è");
 * weak: only the question's own words, to a question asking what/when/how much (restates, adds nothing);
 * polar: a yes or a no; tentative: content said as a guess or under a condition ("potrebbe essere a marzo", "se è
 * prevista una tassa, si paga con PagoPA"), an answer only where nothing in the reply deflects; some: words of its own, but neither a figure nor anything about what was asked ("il nostro
 * staff aggiorna costantemente il portale"): it answers only where nothing in the reply deflects.
 */
export type Clause =
  | { kind: 'content' | 'tentative' | 'claim' | 'some' | 'filler' | 'bare' | 'weak' | 'echo' | 'detail' }
  | { kind: 'polar'; yesNo: boolean }
  | { kind: 'deflection'; as: DeflectionKind };

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
export function says(kind: DeflectionKind, text: string): boolean {
  const tested = testedKinds(text);
  let hit = tested.get(kind);
  if (hit === undefined) tested.set(kind, (hit = DEFLECTION_OF[kind].test(text) || (kind === 'referral' && advisesElsewhere(text))));
  return hit;
}

/** The first deflection kind a text shows, where it counts as one (see below), else undefined. */
export function deflection(text: string, ctx: Judge, kinds: DeflectionKind[]): DeflectionKind | undefined {
  for (const kind of kinds) {
    if (!says(kind, text)) continue;
    // Asking which bando is the right reply when none was named; a referral answers a question about contacts.
    if (kind === 'asks-which' && !ctx.bandoNamed) return undefined;
    // (A channel the question itself names, "l'ufficio concorsi" to "the ufficio concorsi's phone?", is not one.)
    if (kind === 'referral' && ctx.asksContact && newMatch(CONCRETE_CHANNEL, text, ctx.question)) return undefined;
    // A long clause with figures that mentions a referral, "which" or an error is content that also says so.
    // (Not the figures of an error's payload or status: "an error occurred: {"status": 500, …}".)
    const plain = kind === 'error' ? text.replace(/\{[^{}]*\}?|\[[^\]]*\]?|\b(?:status|code|codice|http)\W*\d+/g, ' ') : text;
    if ((kind === 'asks-which' || kind === 'referral' || kind === 'error') && tokens(plain).length > 10 && /\d/.test(plain)) return undefined;
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

/** The bot placing the question outside what it does ("esce dal tipo di supporto che offro", "beyond what I …"). */
const SCOPE_OUT = /\b(?:esce|escono|esula\w*|va oltre|vanno oltre|fuori (?:da|dal|dai|dalla|dalle|del|dei|dell')|al di fuori|outside|beyond|out of)\b/;

/** A clause thanking or apologising for something: "la ringrazio per …", "mi scuso per …", "thank you for …". */
const COURTESY = /^(?:(?:la|ti|vi) ringrazi\w*|grazie|ringraziamo|mi scus\w*|ci scusiamo|scusate|thanks?|thank you|many thanks|sorry|apologies|we apologi[sz]e|i apologi[sz]e)\b(?: (?:\S+ ){0,2}(?:per|for|about)\b)/;

/** The bot's side or good wishes: "il nostro staff", "our team", "le auguro", "wishing you the best". */
export const ABOUT_US = /\b(?:nostr[oaie]|our|team|staff|auguro|auguriamo|wish|wishing|good luck|buona fortuna|in bocca al lupo)\b/;

/** A clause pointing back at the ente or page just named: "che …", "dove …", "lì …", "loro …", "they'll …", "oppure …". */
export const CONTINUES = /^(?:che|chi|dove|li|loro|essi|oppure|altrimenti|they|they'll|they're|they'd|who|which|where|there|or|otherwise)\b/;

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
export const VARIES = /\b(?:var(?:ia|iano|iare|iabil\w*)|cambi(?:a|ano|are)|dipende|dipendono|var(?:y|ies|ied|iable)|depends?)\b/;
/** What usually or often holds ("di solito", "spesso", "typically"): said of bandi in general, not of the one named. */
export const USUALLY = /\b(?:spesso|talvolta|a volte|di solito|solitamente|generalmente|in genere|in generale|normalmente|tipicamente|di norma|in linea di massima|di massima|in linea generale|per (?:questi|simili|tali) (?:profili|ruoli|concorsi|posti)|often|sometimes|usually|generally|in general|normally|typically|as a rule|generally speaking|broadly speaking|for (?:such|similar|these) (?:roles|posts|positions|competitions|jobs))\b/;

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
  // A sentence speaking only of other aspects of the bando ("1 post, closes in April" to "is there an English
  // test?") answers nothing asked, unless it takes a side.
  if (scope.aside && ctx.slots.length === 0) return !ctx.wh && takesSide(c);
  // To a question naming no kind of value, a figure about another aspect of the bando ("5 posts" to "which degree?")
  // answers something else.
  // (A value of the kind asked answers whatever else the sentence speaks of.)
  const aside = ctx.slots.length === 0 && (scope.aside || otherAspect(c, about));
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
  if (named && namesFit(ctx.slots) && !aside) return true;
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
export const CLASS_OPENING = /\b(?:nei|negli|per i|per gli|tutti i|molti|alcuni|la maggior parte dei|qualsiasi|qualunque|ogni) (?:concorsi?|bandi|bando|avvisi|enti|ente|amministrazioni)(?: pubblic[io])?\b|\b(?:in|for|most|many|some|all|any) (?:\S+ )?(?:public )?(?:competitions|calls|notices|bodies|authorities|administrations)\b/;
/** A sentence opening on what generally holds, or naming bandi as a class. */
export const GENERIC_OPENING = new RegExp(`^(?:\\S+ ){0,3}?(?:${GENERIC_WORDS})\\b|${CLASS_OPENING.source}`);
/** A sentence leading into a list of general advice: "Ecco alcune indicazioni generali:", "Here's a general checklist:". */
export const GENERIC_LEAD = new RegExp(`(?:\\b(?:general[ei]?|generic[ao]?|generici|generiche|di solito|in genere|usually|typically|qualsiasi|qualunque)\\b|${GENERIC_OPENING.source}).*:$`);

/**
 * Whether a clause speaks of bandi in general rather than the one named: generic (its sentence opens on what
 * generally holds), classwide (it names bandi or bodies as a class: "alcuni enti"), usual (what usually holds,
 * "di solito", "typically", or of a class: its figures are not the bando's either).
 */
export interface Scope {
  generic: boolean;
  classwide: boolean;
  usual: boolean;
  /** The sentence speaks only of other aspects of the bando than the one asked (presence-evidence.ts otherAspect). */
  aside: boolean;
}
/** The words that name the bando asked about ("il bando …", "the call for …"): not a question about a rule text. */
export const BANDO_NAME = /\b(?:il |del |nel |al |the |this |that )?(?:bando|avviso|call|notice)\b/g;
const NO_SCOPE: Scope = { generic: false, classwide: false, usual: false, aside: false };
const usually = (c: string, ctx: Judge, scope: Scope): boolean => ctx.bandoNamed && (scope.usual || USUALLY.test(c));

export function classify(clause: string, ctx: Judge, names = '', scope: Scope = NO_SCOPE): Clause {
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
  // "Il periodo di prova è disciplinato dal CCNL", "all documents required by the call": the value left to another
  // text, no figure given (unless the question asks which text applies).
  if (DEFERS.test(c) && RULE_TEXT.test(c) && !figureFits(c, [], ctx.question) && !RULE_TEXT.test(ctx.question.replace(BANDO_NAME, ' '))) return { kind: 'deflection', as: 'referral' };
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
