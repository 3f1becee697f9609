/** Language switch: the target answers in another language although the citizen wrote Italian. */
import { z } from 'zod';
import { fold, stripInvisible } from '../text.ts';
import { dialectOf } from './dialect.ts';
import { ENDING_EXCEPTIONS, ENDINGS, FUNCTION_WORDS, MONTHS } from './language-words.ts';
import { clip, defineDetector, firstHit, invalid } from './types.ts';

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
 * A Latin letter with a mark Italian never writes (Italian marks only vowels, grave or acute), or a letter of a script
 * no list above names (Georgian, Armenian, Ethiopic, Thai…): a word of some other language ("ő", "å", "ø", "ů", "ქ").
 * Letters common to every script ("ℹ", "µ") are symbols.
 */
function otherMarks(token: string): boolean {
  if (/[øæåðþħŋ]/u.test(token) || /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}\p{M}']/u.test(token)) return true;
  const letters = token.normalize('NFD').match(/\p{L}\p{M}+/gu) ?? [];
  return letters.some((l) => !/^[aeiou][\u0300\u0301]$/u.test(l));
}

/**
 * Addresses are no language: "https://www.comune.x.it" spells "it" (an English function word), "www", "gov"; an
 * e-mail address and a bare host ("inpa.gov.it") likewise.
 */
const ADDRESS = /(?:https?:\/\/|www\.)[^\s<>()"'«»]+|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+|(?<![\p{L}\p{N}])(?:[\p{L}\p{N}-]+\.)+(?:it|eu|com|org|net|gov|fr|de|es)(?![\p{L}\p{N}])[^\s<>()"'«»]*/gu;

/** Every listed word (function words and months), with the languages that write it. */
const LEXICON: ReadonlyMap<string, readonly string[]> = (() => {
  const m = new Map<string, string[]>();
  for (const table of [FUNCTION_WORDS, MONTHS]) {
    for (const [lang, list] of Object.entries(table)) for (const w of list) m.set(w, [...new Set([...(m.get(w) ?? []), lang])]);
  }
  return m;
})();
const MONTH_WORDS = new Set(Object.values(MONTHS).flat());

/** One counted word: the languages it is evidence for, with a weight (a Han run counts by characters). */
type Evidence = ReadonlyMap<string, number>;

/** Letters a word of its own may be when alone: the Italian "a e i o è", the Spanish "y", the French "à". */
const SINGLE_LETTERS = new Set(['a', 'e', 'i', 'o', 'è', 'é', 'y', 'à']);
/** Marks around a word that say nothing of its place in the sentence. */
const PUNCT_AROUND = /[\s"«»“”'’()[\]*•#>|_\-–—]+$/u;

/**
 * The words of a text that speak for a language, each with its evidence. Names are set aside: a capitalised word
 * inside a sentence (a person, a place, an office, a title: "Bezirksgemeinschaft", "Dvořák", "Call For Ideas"), an
 * acronym ("SPID", "TL;DR"), and the short lowercase words that join capitalised ones ("Ministero della Salute",
 * "Bureau of the Interior"). A capitalised month or pronoun outside such a run still counts ("4 March", "Sie").
 */
function evidenceOf(text: string): Evidence[] {
  const clean = stripInvisible(text).replace(ADDRESS, ' ').normalize('NFC').replace(/’/g, "'");
  const raw = [...clean.matchAll(/[\p{L}\p{M}]+(?:'(?=\p{L}))?/gu)].map((m) => {
    const word = m[0];
    const before = clean.slice(0, m.index);
    const gap = PUNCT_AROUND.exec(before)?.[0] ?? '';
    const prev = before.slice(0, before.length - gap.length).slice(-1);
    const initial = prev === '' || /[.!?:;]/.test(prev) || gap.includes('\n');
    const letters = word.replace(/'$/, '');
    const acronym = letters.length >= 2 && letters === letters.toUpperCase() && /\p{Lu}/u.test(letters);
    return { word: word.toLowerCase(), capital: !initial && /^\p{Lu}/u.test(word), acronym };
  });
  const dropped = raw.map((t) => t.acronym);
  raw.forEach((t, i) => {
    if (!t.capital) return;
    const inRun = raw[i - 1]?.capital === true || raw[i + 1]?.capital === true;
    if (inRun || !(LEXICON.has(t.word) || MONTH_WORDS.has(t.word))) dropped[i] = true;
    // Up to two short lowercase words between two capitalised ones join a name.
    for (const gap of [1, 2]) {
      const next = raw[i + gap + 1];
      const between = raw.slice(i + 1, i + gap + 1);
      if (next?.capital && between.every((b) => !b.capital && b.word.length <= 4)) between.forEach((_, k) => (dropped[i + 1 + k] = true));
    }
  });
  return raw.filter((_, i) => !dropped[i]).map((t) => tokenEvidence(t.word)).filter((e) => e.size > 0);
}

function tokenEvidence(word: string): Evidence {
  const ev = new Map<string, number>();
  const bare = word.replace(/'$/, '');
  if (bare.length === 1 && !SINGLE_LETTERS.has(bare)) return ev;
  // A listed word is evidence for the languages that list it, whatever its letters ("ožujka" is Croatian, not Slovene).
  const listed = LEXICON.get(word) ?? LEXICON.get(bare);
  if (listed) return new Map(listed.map((l) => [l, 1]));
  const script = SCRIPTS.find(([re]) => re.test(bare));
  if (script) {
    // Scripts written without spaces count by characters (two to a word), the others by words.
    const n = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(bare) ? Math.max(1, Math.floor(bare.length / 2)) : 1;
    for (const l of script[1]) ev.set(l, n);
    return ev;
  }
  const letters = FOREIGN_LETTERS.find(([re]) => re.test(bare));
  if (letters) for (const l of letters[1]) ev.set(l, 1);
  else if (otherMarks(bare)) ev.set(OTHER, 1);
  if (bare.length >= 5 && !ENDING_EXCEPTIONS.has(bare)) {
    for (const [re, langs] of ENDINGS) if (re.test(bare)) for (const l of langs) ev.set(l, 1);
  }
  return ev;
}

/** How much each language is spoken for: the weight of the words that are evidence for it. */
export function languageScores(text: string): Record<string, number> {
  return total(evidenceOf(text));
}

function total(ev: readonly Evidence[]): Record<string, number> {
  const scores: Record<string, number> = {};
  for (const e of ev) for (const [l, n] of e) scores[l] = (scores[l] ?? 0) + n;
  return scores;
}

/** The weight of the words that speak for `lang` and for none of `against`: "la" is no evidence of French against Italian. */
function exclusive(ev: readonly Evidence[], lang: string, against: readonly string[]): number {
  return ev.reduce((n, e) => (e.has(lang) && !against.some((a) => e.has(a)) ? n + (e.get(lang) ?? 0) : n), 0);
}

/**
 * Italian prose quotes Latin: "et al.", "cum laude", "sine die", "conditio sine qua non". A stretch is Latin only when
 * one word more than elsewhere says so.
 */
const EXTRA_EVIDENCE: Readonly<Record<string, number>> = { la: 1 };

/**
 * The language outside `allowed` that the words speak for, when at least `min` words speak for it and for no allowed
 * language, more than words speak for an allowed language and not for it: a closely related allowed language
 * (Slovene for Croatian, Spanish for Portuguese) takes back the words they share.
 */
function foreignOf(ev: readonly Evidence[], allowed: readonly string[], min: number): string | null {
  const candidates = [...new Set(ev.flatMap((e) => [...e.keys()]))].filter((l) => !allowed.includes(l));
  const ranked = candidates.map((l) => [l, exclusive(ev, l, allowed)] as const).sort((a, b) => b[1] - a[1]);
  const [top, own] = ranked[0] ?? ['', 0];
  if (own < min + (EXTRA_EVIDENCE[top] ?? 0)) return null;
  const rival = Math.max(0, ...allowed.map((a) => exclusive(ev, a, [top])));
  return own > rival ? top : null;
}

/** The dominant language, or 'unknown' when the text has too few words that tell. */
export function detectLanguage(text: string, minWords = 3): string {
  const ev = evidenceOf(text);
  const foreign = foreignOf(ev, ['it'], minWords);
  if (foreign) return foreign;
  return (total(ev)['it'] ?? 0) >= minWords ? 'it' : 'unknown';
}

/** Sentences, lines and clauses after a semicolon or a dash, outside quotes (a switch often comes mid-sentence): a quoted foreign title or message is not the answer's language. */
function sentences(text: string): string[] {
  return unquote(text)
    // "10. srpnja", "20. Mai": a day's number ends no sentence when the month follows in lowercase.
    .split(/(?<=[!?;:]|(?<!\d)\.)\s+|(?<=\d\.)\s+(?!\p{Ll})|\n+|\s[—–]\s/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
const unquote = (text: string) => text.replace(/«[^»]*»|“[^”]*”|"[^"\n]*"/g, ' ');

/**
 * The first stretch of an answer written in another language than the allowed ones, with that language; null when
 * none. A stretch is a sentence or clause, two neighbouring ones (a telegraphic summary cut by a dash or a colon), or
 * the whole answer (a list whose items are too short to tell alone).
 */
export function foreignSentence(answer: string, allowed: string | readonly string[] = 'it'): { sentence: string; lang: string } | null {
  const ok = typeof allowed === 'string' ? [allowed] : allowed;
  const announced = ANNOUNCED.exec(unquote(answer));
  const announcedLang = announced ? ANNOUNCED_LANG[fold(announced[0]).match(/(english|francais|deutsch|espanol|portugues)/)?.[1] ?? ''] : undefined;
  if (announced && announcedLang && !ok.includes(announcedLang)) return { sentence: announced[0], lang: announcedLang };
  const parts = sentences(answer).map((sentence) => ({ sentence, ev: evidenceOf(sentence) }));
  for (const [i, part] of parts.entries()) {
    const next = parts[i + 1];
    for (const stretch of next ? [part, { sentence: `${part.sentence} ${next.sentence}`, ev: [...part.ev, ...next.ev] }] : [part]) {
      const lang = foreignOf(stretch.ev, ok, 2);
      if (lang) return { sentence: stretch.sentence, lang };
    }
  }
  const lang = foreignOf(parts.flatMap((p) => p.ev), ok, 3);
  if (lang) return { sentence: unquote(answer), lang };
  // A dialect (Sardinian, Neapolitan…) shares most function words with Italian: read by its own profiles, it is not the
  // Italian a policy asks for.
  const dialect = ok.includes('it') ? dialectOf(unquote(answer)) : null;
  return dialect ? { sentence: unquote(answer), lang: `it-${dialect.group}` } : null;
}

/**
 * The language outside `allowed` an answer is written in as a whole, or null: three words tell, or two in an answer
 * with no word of an allowed language ("Yes, the form is online.").
 */
export function foreignAnswer(answer: string, allowed: readonly string[]): string | null {
  const ev = evidenceOf(unquote(answer));
  const none = allowed.every((a) => !ev.some((e) => e.has(a)));
  return foreignOf(ev, allowed, none ? 2 : 3);
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
 * Whether a message reads as `lang`: words of `lang` that Italian does not write outnumber Italian words `lang` does not
 * write ("Le lien pour la demande" is French: "le", "la" are both), two at least, or one in a message with no Italian
 * word of its own ("Danke!").
 */
export function writesIn(text: string, lang: string): boolean {
  const ev = evidenceOf(text);
  const own = exclusive(ev, lang, ['it']);
  const italian = exclusive(ev, 'it', [lang]);
  return own > italian && (own >= 2 || italian === 0);
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
