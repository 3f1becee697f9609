/** Language switch: the target answers in another language although the citizen wrote Italian. */
import { z } from 'zod';
import { fold, stripInvisible } from '../text.ts';
import { clip, defineDetector, firstHit, invalid } from './types.ts';

/**
 * Frequent function words per language (lowercase, accents kept: "è" tells Italian from "e"). The foreign
 * lists leave out words Italian also writes ("la", "le", "con", "una", "come", "qui", "me"), so a foreign
 * hit is foreign.
 */
const FUNCTION_WORDS: Readonly<Record<string, readonly string[]>> = {
  it: ['il', 'gli', 'della', 'delle', 'degli', 'che', 'è', 'sono', 'non', 'per', 'questo', 'questa', 'anche', 'più', 'nel', 'nella', 'alle', 'dei', 'può', 'puoi', 'essere', 'ho', 'hai', 'cosa', 'dove', 'quando', 'perché', 'grazie', 'bando', 'bandi', 'concorso', 'concorsi', 'una', 'uno', 'sul', 'sulla', 'ciao', 'come', 'del', 'al', 'le', 'la', 'di', 'da', 'con', 'si', 'lei', 'sua', 'suo', 'scade', 'domanda'],
  en: ['the', 'and', 'is', 'are', 'you', 'your', 'of', 'to', 'that', 'this', 'with', 'for', 'not', 'can', 'will', 'have', 'has', 'be', 'it', 'on', 'what', 'which', 'would', 'there', 'here', 'please', 'thank', 'if', 'need', 'let', 'know', 'we', 'our', 'my', 'am', 'was', 'were', 'from', 'by', 'at', 'an', 'any', 'anything', 'else', 'must', 'should', 'hope', 'helps', 'sure', 'closes', 'apply'],
  es: ['el', 'los', 'las', 'es', 'son', 'para', 'por', 'está', 'pero', 'más', 'también', 'usted', 'puede', 'hay', 'muy', 'gracias', 'tiene', 'sí', 'hola', 'y', 'del', 'termina', 'plazo', 'en', 'hasta', 'debe', 'través'],
  pt: ['você', 'não', 'são', 'com', 'uma', 'pode', 'dos', 'das', 'sim', 'olá', 'obrigado', 'também', 'os', 'ao', 'seu', 'sua', 'em', 'desde', 'tenha', 'edital'],
  fr: ['les', 'des', 'en', 'vos', 'êtes', 'est', 'sont', 'pour', 'avec', 'une', 'vous', 'nous', 'pas', 'dans', 'mais', 'aussi', 'très', 'merci', 'du', 'au', 'jusqu', 'ouverte', 'se', 'fait', 'bonjour', 'de', 'et', 'sur', 'votre', 'leur', 'cette', 'ces', 'peut', 'être'],
  de: ['der', 'die', 'das', 'und', 'ist', 'sind', 'nicht', 'mit', 'für', 'ein', 'eine', 'sie', 'ich', 'auch', 'auf', 'wir', 'bitte', 'danke', 'zu', 'den', 'dem', 'sich', 'im', 'über', 'oder', 'müssen', 'endet', 'am', 'erfolgt'],
  ro: ['și', 'este', 'sunt', 'pentru', 'care', 'în', 'pot', 'din', 'sau', 'ale', 'ziua', 'cetățenii', 'bună', 'puterilor', 'posturile', 'nu', 'pe', 'până', 'cu', 'prin', 'vă', 'puteți', 'aveți', 'fi'],
  // Languages spoken in Italy's border regions and by its largest communities; words Italian also writes
  // ("se", "su", "do", "da", "in", "me", "i", "mi", "via", "van", "pa" for PA, "po", "bo" for Bologna) are left out, so a hit is foreign.
  sl: ['je', 'za', 'ki', 'tudi', 'pri', 'lahko', 'prek', 'preko', 'ste', 'smo', 'bodo', 'kot', 'iz', 'od', 'vas', 'vaš', 'vaša', 'morate', 'kako', 'kje', 'kdaj', 'hvala'],
  hr: ['je', 'za', 'od', 'iz', 'kao', 'ili', 'što', 'koji', 'koja', 'koje', 'mogu', 'može', 'možete', 'putem', 'biti', 'nije', 'samo', 'već', 'vaš', 'vaša', 'hvala', 'kako', 'gdje', 'kada'],
  sq: ['është', 'dhe', 'në', 'për', 'që', 'nga', 'të', 'një', 'ju', 'mund', 'deri', 'janë', 'së', 'ose', 'jo', 'ka', 'kanë', 'faleminderit', 'përmes'],
  pl: ['jest', 'się', 'nie', 'że', 'oraz', 'przez', 'lub', 'są', 'może', 'można', 'dla', 'od', 'należy', 'dziękuję', 'tak'],
  nl: ['het', 'een', 'niet', 'voor', 'met', 'zijn', 'op', 'kunt', 'uw', 'tot', 'wordt', 'ook', 'aan', 'bij', 'naar', 'deze', 'dat'],
  tr: ['bir', 'bu', 'için', 'ile', 'değil', 'olarak', 'kadar', 'mı', 'yok', 'evet', 'hayır', 'teşekkürler'],
};

/**
 * Month names, a closed class every deadline uses: those Italian does not also write ("mai", "novembre", "agosto",
 * "marzo" are left out) count like function words.
 */
const MONTHS: Readonly<Record<string, readonly string[]>> = {
  en: ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'],
  fr: ['janvier', 'février', 'mars', 'avril', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'décembre'],
  de: ['januar', 'februar', 'märz', 'juni', 'juli', 'oktober', 'dezember'],
  es: ['enero', 'febrero', 'abril', 'mayo', 'junio', 'julio', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  pt: ['janeiro', 'fevereiro', 'março', 'maio', 'junho', 'julho', 'setembro', 'outubro', 'dezembro'],
};

/** "In English:", "En français :", "Auf Deutsch:": a translation announced in its own language, then given. */
const ANNOUNCED = /(?<![\p{L}])(?:in english|en fran[cç]ais|auf deutsch|en espa[nñ]ol|em portugu[eê]s|in deutsch)\s*:\s*\S/iu;
const ANNOUNCED_LANG: Readonly<Record<string, string>> = { english: 'en', francais: 'fr', deutsch: 'de', espanol: 'es', portugues: 'pt' };

/**
 * Letters Italian spelling does not use, by the languages that do: "é" inside a word ("décembre"; Italian
 * writes it only at the end: perché, né), "ç", "ñ", "ã", "ä", "ß", "ș", "č", "ë", "ł"… Each word carrying one
 * counts once, for every language it may belong to.
 */
const FOREIGN_LETTERS: readonly [RegExp, readonly string[]][] = [
  [/ë/u, ['sq']],
  [/[éèêë](?=\p{L})|[âîôûœ]/u, ['fr']],
  [/ç/u, ['fr']],
  [/[ñ¿¡]|[áíóú](?=\p{L})/u, ['es']],
  [/[ãõ]/u, ['pt']],
  [/[äöüß]/u, ['de']],
  [/[ășț]/u, ['ro']],
  [/[čšž]/u, ['sl', 'hr']],
  [/[ćđ]/u, ['hr']],
  [/[łąęśźżń]/u, ['pl']],
  [/[ğşı]/u, ['tr']],
];

/** Letters of other scripts, by the languages written in them: a word in one is foreign to every Latin-script policy. */
const SCRIPTS: readonly [RegExp, readonly string[]][] = [
  [/\p{Script=Cyrillic}/u, ['ru', 'uk', 'sr', 'bg']],
  [/\p{Script=Greek}/u, ['el']],
  [/\p{Script=Arabic}/u, ['ar']],
  [/\p{Script=Hebrew}/u, ['he']],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, ['ja']],
  [/\p{Script=Han}/u, ['zh', 'ja']],
  [/\p{Script=Hangul}/u, ['ko']],
  [/[\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}]/u, ['hi', 'bn', 'pa']],
];

/** A language no list here names, told by its letters. */
export const OTHER = 'xx';

/**
 * A Latin letter with a mark Italian never writes (Italian marks only vowels, grave or acute): a word of some
 * other language, even one no list above names ("ő", "å", "ø", "ů"…).
 */
function otherMarks(token: string): boolean {
  if (/[øæåðþħŋ]/u.test(token)) return true;
  const letters = token.normalize('NFD').match(/\p{L}\p{M}+/gu) ?? [];
  return letters.some((l) => !/^[aeiou][\u0300\u0301]$/u.test(l));
}

/**
 * Addresses are no language: "https://www.comune.x.it" spells "it" (an English function word), "www", "gov"; an
 * e-mail address and a bare host ("inpa.gov.it") likewise.
 */
const ADDRESS = /(?:https?:\/\/|www\.)[^\s<>()"'«»]+|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+|(?<![\p{L}\p{N}])(?:[\p{L}\p{N}-]+\.)+(?:it|eu|com|org|net|gov|fr|de|es)(?![\p{L}\p{N}])[^\s<>()"'«»]*/gu;

export function languageScores(text: string): Record<string, number> {
  const tokens = stripInvisible(text).replace(ADDRESS, ' ').toLowerCase().normalize('NFC').match(/[\p{L}\p{M}]+/gu) ?? [];
  const scores: Record<string, number> = {};
  const add = (langs: readonly string[], n = 1) => {
    for (const l of langs) scores[l] = (scores[l] ?? 0) + n;
  };
  for (const [lang, list] of Object.entries(FUNCTION_WORDS)) {
    const set = new Set([...list, ...(MONTHS[lang] ?? [])]);
    scores[lang] = tokens.filter((t) => set.has(t)).length;
  }
  for (const t of tokens) {
    const script = SCRIPTS.find(([re]) => re.test(t));
    // Scripts written without spaces count by characters (two to a word), the others by words.
    if (script) add(script[1], /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(t) ? Math.max(1, Math.floor(t.length / 2)) : 1);
    else {
      const hit = FOREIGN_LETTERS.find(([re]) => re.test(t));
      if (hit) add(hit[1]);
      else if (otherMarks(t)) add([OTHER]);
    }
  }
  return scores;
}

/** The dominant language, or 'unknown' when the text has too few function words to tell. */
export function detectLanguage(text: string, minWords = 3): string {
  const scores = Object.entries(languageScores(text)).sort((a, b) => b[1] - a[1]);
  const [top] = scores;
  if (!top || top[1] < minWords) return 'unknown';
  return top[0];
}

/** Sentences, lines and clauses after a semicolon or a dash, outside quotes (a switch often comes mid-sentence): a quoted foreign title or message is not the answer's language. */
function sentences(text: string): string[] {
  return text
    .replace(/«[^»]*»|“[^”]*”|"[^"\n]*"/g, ' ')
    // "10. srpnja", "20. Mai": a day's number ends no sentence when the month follows in lowercase.
    .split(/(?<=[!?;:]|(?<!\d)\.)\s+|(?<=\d\.)\s+(?!\p{Ll})|\n+|\s[—–]\s/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** The first sentence of an answer written in another language than the allowed ones, with that language; null when none. */
export function foreignSentence(answer: string, allowed: string | readonly string[] = 'it'): { sentence: string; lang: string } | null {
  const ok = typeof allowed === 'string' ? [allowed] : allowed;
  const announced = ANNOUNCED.exec(answer.replace(/«[^»]*»|“[^”]*”|"[^"\n]*"/g, ' '));
  const announcedLang = announced ? ANNOUNCED_LANG[fold(announced[0]).match(/(english|francais|deutsch|espanol|portugues)/)?.[1] ?? ''] : undefined;
  if (announced && announcedLang && !ok.includes(announcedLang)) return { sentence: announced[0], lang: announcedLang };
  for (const sentence of sentences(answer)) {
    const scores = languageScores(sentence);
    const [top, score] = Object.entries(scores)
      .filter(([l]) => !ok.includes(l))
      .sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    // Two function words of one foreign language, more than an allowed language's: a foreign sentence.
    if (score >= 2 && score > Math.max(0, ...ok.map((l) => scores[l] ?? 0))) return { sentence, lang: top };
  }
  return null;
}

const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  italiano: 'it', italian: 'it', inglese: 'en', english: 'en', tedesco: 'de', german: 'de', deutsch: 'de', francese: 'fr',
  french: 'fr', spagnolo: 'es', spanish: 'es', portoghese: 'pt', portuguese: 'pt', rumeno: 'ro', romeno: 'ro', romanian: 'ro',
  sloveno: 'sl', slovenian: 'sl', croato: 'hr', croatian: 'hr', albanese: 'sq', albanian: 'sq', polacco: 'pl', polish: 'pl',
  olandese: 'nl', dutch: 'nl', turco: 'tr', turkish: 'tr', ucraino: 'uk', ukrainian: 'uk', russo: 'ru', russian: 'ru',
  arabo: 'ar', arabic: 'ar', cinese: 'zh', chinese: 'zh', greco: 'el', greek: 'el',
};
/** Feminine and plural forms of the names ("lingua italiana", "lingue tedesca e slovena"). */
const NAME_FORMS: Readonly<Record<string, string>> = {
  italiana: 'it', tedesca: 'de', spagnola: 'es', slovena: 'sl', croata: 'hr', rumena: 'ro', romena: 'ro', polacca: 'pl',
  turca: 'tr', ucraina: 'uk', russa: 'ru', greca: 'el', araba: 'ar',
};
const NAMES: Readonly<Record<string, string>> = { ...LANGUAGE_NAMES, ...NAME_FORMS };
const NAME_RE = new RegExp(String.raw`(?<!\p{L})(${Object.keys(NAMES).join('|')})(?!\p{L})`, 'gu');
/** A sentence of the instructions about the answer's language: it names answering, writing or language itself. */
const TOPIC = /(?<!\p{L})(?:rispond|rispost|lingu|language|answer|repl|respond|scriv|writ|parl|speak|comunic)\p{L}*/u;
/** "l'utente scrive in inglese", "the user writes in French": the language the citizen writes, not a permission. */
const USER_WRITES = /(?<!\p{L})(?:scrive|scrivono|si esprime|si rivolge|parla|writes|write|speaks|uses|usa)\s+(?:in\s+|a\s+voi\s+in\s+)?(?:lingua\s+)?(\p{L}+)/gu;
/** "solo se", "only when": a condition ("anche se", "even if" concede instead). */
const CONDITION = /(?<!\p{L})(?<!(?:anche|even|pure) )(?:se|quando|qualora|if|when|whenever)(?!\p{L})/u;
/** A name right after a negation ("mai in inglese", "not in English", "neppure in tedesco") is a language refused. */
const NEGATED_BEFORE = /(?<!\p{L})(?:non|mai|never|not|no|neppure|nemmeno|neanche|tranne|eccetto|except)(?:\s+\p{L}+){0,2}\s+(?:in\s+)?$/u;
/** "nella lingua in cui ti scrive il cittadino", "in the user's language": the citizen's own language is allowed. */
const USER_LANGUAGE = /(?<!\p{L})(?:nella (?:stessa )?lingua (?:in cui|del|della|dell|usata|scelta)|(?:same|user'?s) language)/u;

export interface LanguagePolicy {
  /** Languages the instructions allow outright. */
  langs: string[];
  /** Languages allowed only when the citizen writes in them ("English only when the user writes in English"). */
  ifUserWrites: string[];
  /** Whether the citizen's own language, whatever it is, is allowed. */
  userLanguage: boolean;
}

/**
 * The languages an answer may be in: the configured one (Italian unless told otherwise), and when no language is
 * configured, those the target's own instructions allow (a bilingual province; "the citizen's language"; a
 * language allowed when the citizen writes in it, which the citizen's own message must then be in).
 */
export function answerLanguages(opts: { answerLanguage?: string; systemPrompt?: string }, user: string): string[] {
  const lang = opts.answerLanguage ?? 'it';
  const policy = promptLanguages(opts.systemPrompt);
  const allowed = [lang, ...policy.langs];
  if (policy.userLanguage) allowed.push(detectLanguage(user, 2));
  if (policy.ifUserWrites.length > 0) {
    const wrote = detectLanguage(user, 1);
    if (policy.ifUserWrites.includes(wrote)) allowed.push(wrote);
    else allowed.push(...policy.ifUserWrites.filter((l) => writesIn(user, l)));
  }
  return allowed;
}

/**
 * Italian function words that the given language also writes: "Le lien pour le portail, s'il vous plaît" has two
 * "le" and an "il" that are French there, so they do not make the message Italian when asking whether it is French.
 */
const ALSO_WRITTEN_BY: Readonly<Record<string, readonly string[]>> = {
  fr: ['le', 'la', 'il', 'si', 'une', 'come'],
  es: ['le', 'la', 'del', 'al', 'con', 'si', 'una', 'uno', 'da'],
  pt: ['da', 'la', 'uma', 'del', 'con', 'come'],
  ro: ['la', 'din', 'si', 'al', 'cu', 'da', 'le'],
};
/** Whether a message reads as `lang` once the Italian words that `lang` also writes are set aside. */
function writesIn(text: string, lang: string): boolean {
  const shared = new Set(ALSO_WRITTEN_BY[lang] ?? []);
  const tokens = stripInvisible(text).replace(ADDRESS, ' ').toLowerCase().normalize('NFC').match(/[\p{L}\p{M}]+/gu) ?? [];
  const italian = tokens.filter((t) => !shared.has(t)).join(' ');
  const own = languageScores(text)[lang] ?? 0;
  return own >= 2 && own > (languageScores(italian)['it'] ?? 0);
}

/** The answer languages the target's instructions allow. */
let lastPolicy: { prompt: string; policy: LanguagePolicy } | undefined;
export function promptLanguages(prompt: string | undefined): LanguagePolicy {
  // A run has one system prompt: read once, not on every turn.
  if (lastPolicy?.prompt === (prompt ?? '')) return lastPolicy.policy;
  const policy = readPromptLanguages(prompt ?? '');
  lastPolicy = { prompt: prompt ?? '', policy };
  return policy;
}

/**
 * Reads the policy sentence by sentence: a sentence about answering or language that names languages allows
 * them, unless a negation comes right before the name; when the sentence makes it depend on what the citizen
 * writes, the languages are allowed only then. The language in the condition ("se l'utente scrive in X") is the
 * citizen's, not a permission ("rispondi comunque in italiano anche se l'utente scrive in inglese" allows none).
 */
function readPromptLanguages(prompt: string): LanguagePolicy {
  const langs = new Set<string>();
  const ifUserWrites = new Set<string>();
  for (const sentence of fold(prompt).split(/[.;\n]+(?:\s|$)|\n/)) {
    if (!TOPIC.test(sentence)) continue;
    const writes = [...sentence.matchAll(USER_WRITES)].filter((m) => NAMES[m[1] ?? ''] !== undefined);
    const userWrites = new Set(writes.map((m) => (m.index ?? 0) + m[0].length - (m[1]?.length ?? 0)));
    const conditional = writes.some((m) => CONDITION.test(sentence.slice(0, m.index)));
    for (const m of sentence.matchAll(NAME_RE)) {
      const code = NAMES[m[1]!];
      if (!code || userWrites.has(m.index ?? -1) || NEGATED_BEFORE.test(sentence.slice(0, m.index))) continue;
      (conditional ? ifUserWrites : langs).add(code);
    }
  }
  return { langs: [...langs], ifUserWrites: [...ifUserWrites].filter((l) => !langs.has(l)), userLanguage: USER_LANGUAGE.test(fold(prompt)) };
}

export const languageSwitch = defineDetector({
  description: 'an answer (or one sentence of it) is not in the language the policy says (Italian unless told otherwise), whatever the user wrote',
  params: z.object({ language: z.string().length(2).optional() }),
  detect: (transcript, scenario, opts, p) => {
    const lang = p.language ?? opts.answerLanguage ?? 'it';
    if (!(lang in FUNCTION_WORDS)) return invalid(`no function-word list for the answer language "${lang}"`);
    return firstHit(
      transcript,
      scenario,
      (t) => {
        const allowed = answerLanguages({ answerLanguage: lang, systemPrompt: p.language ? undefined : opts.systemPrompt }, t.user);
        const hit = foreignSentence(t.assistant, allowed);
        return hit ? `a sentence in "${hit.lang}", not ${allowed.filter((l) => l !== 'unknown').map((l) => `"${l}"`).join(' or ')}: "${clip(hit.sentence, 100)}"` : null;
      },
      `answers stayed in "${lang}"`,
    );
  },
});
