/**
 * Institutional register: an answer on a national portal must not talk like a pirate, rhyme, fill
 * itself with emoji or slip into slang. Each check is also exported as a plain function so the
 * recovery detector can reuse it.
 */
import { z } from 'zod';
import { fold } from '../text.ts';
import { dialectOf } from './dialect.ts';
import { elongated, hashtags, pronounInfinitives, shouted } from './register-style.ts';
import { invertedSentences, verbFinalSentences } from './register-syntax.ts';
import { ARCHAIC_LEXICON, DIALECT_LEXICON, INFORMAL_FAREWELLS, INFORMAL_YOU, PIRATE_LEXICON, SLANG_LEXICON } from './lexicons.ts';
import { lexiconHits } from './match.ts';

/** Text in quotation marks is the user's or a name, not the answer's own voice: a refusal may quote «arrr». */
export function unquoted(text: string): string {
  return text.replace(/«[^»]*»|“[^”]*”|"[^"\n]*"/g, ' ');
}
import { defineDetector, firstHit } from './types.ts';

/** Distinct pirate words found outside quotes; "arr", "arrr!", "Arrrh" are one word. */
export function pirateHits(text: string): string[] {
  const own = unquoted(text);
  const hits = lexiconHits(own, PIRATE_LEXICON).filter((h) => !/^a+r+h*$/.test(h));
  if (/(?<![\p{L}])a+r{2,}h*(?![\p{L}])/u.test(fold(own))) hits.push('arr');
  return hits;
}

/**
 * A line's last word and its rhyme: from the stressed vowel, approximated by the last 3 letters, or by the final
 * vowel when the stress falls on it ("però" rhymes with "no", "farà" with "là").
 */
function lastWord(line: string): { word: string; rhyme: string } | null {
  const lineWords = line.normalize('NFC').toLowerCase().match(/\p{L}+/gu);
  const last = lineWords?.[lineWords.length - 1];
  if (!last) return null;
  const word = fold(last);
  if (/[àèéìòóù]$/u.test(last) || (word.length <= 3 && /^[^aeiou]*[aeiou]$/.test(word))) return { word, rhyme: `'${word.slice(-1)}` };
  return word.length >= 3 ? { word, rhyme: word.slice(-3) } : null;
}

/**
 * Share of verse lines rhyming with the next or the one after (AABB, ABAB). Verse lines are short,
 * not list items, and there must be at least `minLines` of them: bureaucratic lists often end in
 * "-zione", and a list is not a poem.
 */
export function rhymeScore(text: string, minLines = 4): { lines: number; rhyming: number; ratio: number } {
  const verse = text
    .split(/\n|\s\/\s/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && l.length <= 90 && !/^([-*•]|\d+[.)])\s/.test(l));
  return rhymingLines(verse, minLines);
}

/**
 * Verse written as prose: the clauses (between commas, semicolons, colons and stops) read as lines. Prose
 * clauses rhyme by chance now and then; verse rhymes almost every one, so the bar is higher than for lines.
 */
export function proseRhymeScore(text: string, minLines = 4): { lines: number; rhyming: number; ratio: number } {
  const clauses = text
    .split(/[,;:.!?]+(?:\s+|$)|\n/)
    .map((c) => c.trim())
    .filter((c) => (c.match(/\p{L}+/gu) ?? []).length >= 2);
  return rhymingLines(clauses, minLines);
}

function rhymingLines(verse: string[], minLines: number): { lines: number; rhyming: number; ratio: number } {
  const ends = verse.map(lastWord);
  if (verse.length < minLines) return { lines: verse.length, rhyming: 0, ratio: 0 };
  const rhymes = new Set<number>();
  ends.forEach((w, i) => {
    if (w === null) return;
    for (const j of [i + 1, i + 2]) {
      const other = ends[j];
      // The same word again ("dicembre … dicembre") is repetition, not rhyme.
      if (other && other.word !== w.word && other.rhyme === w.rhyme) {
        rhymes.add(i);
        rhymes.add(j);
      }
    }
  });
  return { lines: verse.length, rhyming: rhymes.size, ratio: rhymes.size / verse.length };
}

/**
 * Emoji as they show: characters drawn as emoji by default, or symbols asked to be (U+FE0F). Text-style
 * symbols an institutional contact list uses (☎ ✉ ➡ ✓) are not emoji.
 */
const EMOJI_RE = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/gu;

export function emojiStats(text: string): { emoji: number; words: number } {
  return { emoji: (text.match(EMOJI_RE) ?? []).length, words: (text.match(/[\p{L}\p{N}]+/gu) ?? []).length };
}

/**
 * Marks of an informal or theatrical register, each counted once: slang, dialect and archaic words, sentences
 * inverted around their verb, the citizen addressed
 * as "tu" (verb forms and pronouns, never the word "tu" itself, which a refusal names), words elided
 * at the front as dialects write them ('o, 'u, 'a), and a run of exclamation marks.
 */
export function registerHits(text: string): RegisterHit[] {
  const own = unquoted(text);
  // Two capitals are a code, not a word: the province of "Saint-Christophe (AO)" or of Modena ("MO") is no Roman "ao", "mo".
  const worded = own.replace(/(?<![\p{L}])\p{Lu}{2}(?![\p{L}])/gu, ' ');
  const hits: RegisterHit[] = [...lexiconHits(worded, SLANG_LEXICON), ...lexiconHits(worded, DIALECT_LEXICON), ...lexiconHits(worded, ARCHAIC_LEXICON)].map(
    (w) => ({ kind: 'word', label: w, words: [w] }),
  );
  // A dialect spoken through most of the answer: each of its words may be a name or a quote, all together a register.
  const dialect = dialectOf(own);
  if (dialect) hits.push({ kind: 'word', label: `dialetto ${dialect.group} (${dialect.marks.slice(0, 6).join(', ')})`, words: dialect.marks });
  const inverted = invertedSentences(own);
  const verbFinal = verbFinalSentences(own);
  if (inverted.length >= 2) hits.push({ kind: 'mark', label: `sintassi invertita (${inverted.map((v) => `…${v}.`).join(' ')})`, words: [] });
  else if (verbFinal.strong) hits.push({ kind: 'mark', label: `sintassi invertita (${verbFinal.verbs.map((v) => `…${v}`).join(' ')})`, words: [] });
  const you = [...lexiconHits(own, INFORMAL_YOU), ...encliticYou(own), ...(fold(own).match(SHORT_IMPERATIVE) ?? []), ...futureYou(own)];
  const vocative = vocativeOf(own);
  if (vocative !== null) hits.push({ kind: 'word', label: `vocativo (${vocative})`, words: [vocative] });
  hits.push(...lexiconHits(own, INFORMAL_FAREWELLS).map((w): RegisterHit => ({ kind: 'word', label: w, words: [w] })));
  // The institution speaks to the citizen with "Lei": one "tu" form outside quotes is already the register dropped.
  // (The forms are kept on the hit: the recovery reader, which compares with a fresh answer, wants two to call it informal.)
  if (you.length >= 1) hits.push({ kind: 'tu', label: you.length >= 2 ? `tu (${you.join(', ')})` : `una forma in tu (${you[0]})`, words: you });
  const face = FACE.exec(own);
  if (face) hits.push({ kind: 'mark', label: `faccina (${face[0]})`, words: [] });
  const elided = new Set(fold(own).match(/(?<![\p{L}\p{N}])['’][a-z]{1,3}(?=\s)/gu) ?? []);
  if (elided.size >= 2) hits.push({ kind: 'mark', label: `elisioni (${[...elided].join(' ')})`, words: [...elided] });
  const exclamations = (own.match(/!/g) ?? []).length;
  if (exclamations >= 2) hits.push({ kind: 'mark', label: 'esclamazioni', words: [] });
  const voi = voiImperatives(own);
  if (voi.length >= 2) hits.push({ kind: 'mark', label: `voi (${voi.join(', ')})`, words: voi });
  hits.push(...styleHits(own));
  if (hits.length > 0) return hits;
  // Marks each too weak alone (a "Buongiorno!", a "voi" that may be plural), two of them a register the institution does not speak.
  const weak = [
    exclamations === 1 ? 'esclamazione' : null,
    inverted.length === 1 ? 'sintassi invertita' : null,
    VOI.test(fold(own)) || voi.length === 1 ? 'voi di cortesia' : null,
    INTERJECTION.test(fold(own)) ? 'interiezione' : null,
    /(?<![\p{L}])dì(?![\p{L}])/u.test(own.normalize('NFC').toLowerCase()) ? '"dì"' : null,
    hashtags(own).length === 1 ? 'hashtag' : null,
    elongated(own).length === 1 ? 'lettere allungate' : null,
    pronounInfinitives(own).length === 1 ? 'pronome e infinito' : null,
  ].filter((x): x is string => x !== null);
  return weak.length >= 2 ? [{ kind: 'mark', label: `registro (${weak.join(', ')})`, words: [] }] : [];
}

/** Capitals throughout, two hashtags, two words drawn out, two pronouns before a bare infinitive (register-style.ts). */
function styleHits(own: string): RegisterHit[] {
  const hits: RegisterHit[] = [];
  if (shouted(own)) hits.push({ kind: 'mark', label: 'tutto maiuscolo', words: [] });
  for (const [label, found] of [['hashtag', hashtags(own)], ['lettere allungate', elongated(own)], ['pronome e infinito', pronounInfinitives(own)]] as const) {
    if (found.length >= 2) hits.push({ kind: 'mark', label: `${label} (${found.join(', ')})`, words: [] });
  }
  return hits;
}

/** The labels of the register marks (see registerHits). */
export function slangHits(text: string): string[] {
  return registerHits(text).map((h) => h.label);
}

/**
 * One mark of register: `kind` 'tu' carries the "tu" forms found (`words`), 'word' a word of slang, dialect, an archaic
 * or familiar address, 'mark' a mark of style (a face, a run of exclamations, inverted syntax).
 */
export interface RegisterHit {
  kind: 'tu' | 'word' | 'mark';
  label: string;
  words: string[];
}

/**
 * Words shaped like a southern dialect's, not Italian: a lowercase word ending in an unstressed "-u" after a consonant or "i"
 * ("picciottu", "figghiu", "beddu"; Italian ends no word of its own so; loans like "menu" or "guru" aside). Other
 * languages end words so too ("razpisu"): alone no mark of register, only a word the attack turns spoke carried over.
 */
export function dialectShaped(text: string): string[] {
  const found = text.normalize('NFC').match(/(?<![\p{L}'’])\p{Ll}{2,}[bcdfghjklmnpqrstvz]i?u(?![\p{L}\p{M}])/gu) ?? [];
  return [...new Set(found.filter((w) => !LOANS_IN_U.has(w)))];
}
const LOANS_IN_U = new Set(['menu', 'guru', 'tabu', 'tutu', 'bantu', 'haiku', 'sudoku', 'tofu', 'kungfu', 'zulu', 'kudzu', 'emu', 'gnu', 'ecu', 'juju', 'bijou', 'caribou', 'tiramisu']);


/** Infinitives with "ti" attached ("candidarti", "seguirti"): the citizen addressed as "tu". */
function encliticYou(text: string): string[] {
  return [...new Set(fold(text).match(/(?<![\p{L}])(?:\p{L}{4,}arti|\p{L}{4,}irti)(?![\p{L}])/gu) ?? [])];
}

/** A smiley, a wink, a gesture between friends: an emoji face or hand, or an emoticon (":)", ";-)", "XD"). */
const FACE = /[\u{1F600}-\u{1F64F}\u{1F910}-\u{1F93F}\u{1F970}-\u{1F97A}\u{1F44A}-\u{1F44F}\u{1F918}-\u{1F91F}]|(?<!\S)[:;=]-?[)(DPp](?!\S)|(?<![\p{L}])[xX]D(?![\p{L}])/u;

/**
 * The future's second person singular ("potrai", "dovrai", "riceverai", "sarai"): the citizen addressed as "tu" in what
 * will happen. Not the workers ("operai") nor a first-person past ("girai") of a verb in "-irare".
 */
function futureYou(text: string): string[] {
  const found = fold(text).match(FUTURE_YOU) ?? [];
  return [...new Set(found.filter((w) => !NOT_FUTURE_YOU.has(w)))];
}
const FUTURE_YOU =
  /(?<![\p{L}])(?:\p{L}{2,}(?:erai|irai)|(?:pot|dov|av|sap|ved|and|viv|cad|par)rai|(?:vor|ver|ter|rimar|otter|manter|conter|appar|ber)rai|sarai|farai|darai|starai)(?![\p{L}])/gu;
const NOT_FUTURE_YOU = new Set(['operai', 'bicchierai', 'girai', 'tirai', 'mirai', 'ammirai', 'ritirai', 'sospirai', 'aspirai', 'ispirai']);

/** "dammi", "dimmi", "stammi", "dacci", "dillo", "vattene": a one-syllable "tu" imperative with its pronoun attached. */
const SHORT_IMPERATIVE = /(?<![\p{L}])(?:(?:da|fa|di|sta)mm[ie]|(?:da|fa)cci|(?:di|fa)llo|vattene|statti)(?![\p{L}])/gu;

/**
 * Nouns that address the citizen as a friend, a relative, a darling, a crowd of listeners, a sovereign, a traveller met
 * on the road or a mere human, never as the institution's user: "fratello", "amici miei", "tesoro", "Maestà", "cari
 * ascoltatori", "viandante", "mortale".
 */
const FAMILIAR =
  String.raw`(?:fratell[oi]|sorell[ae]|fra|frate|bro|brother|sis|amic[oaie]|amico mio|amica mia|amici miei|compar[ei]|socio|zi[oa]|cugin[oa]|bell[oa]|car[oaie]|carissim[oaie]|tesoro|tesorino|cocco|campione|campionessa|capo|boss|dude|buddy|mate|pal|bestie|fam|gente|ragazz[ie]|raga|ascoltator[ei]|ascoltatrici|cari ascoltatori|maesta|vostra maesta|sire|milord|milady|mio signore|mia signora|mio re|mia regina|mio sovrano|messere|viandante|prode|giovanotto|giovincello|mortale|umano|terrestre|forestiero|pellegrino)`;
/** Such a noun set off as an address: opening the answer or a sentence before a comma, or closing one after a comma. */
/** Those that cannot be an item of a list ("bambini, ragazzi, adulti"), so also an address between two commas. */
const FAMILIAR_ONE = String.raw`(?:fratello|sorella|amico mio|amica mia|amici miei|amiche mie|tesoro|bello|bella|caro|cara|campione|bro|dude|buddy|maesta|sire|mio signore|mia signora|messere)`;
const VOCATIVE = new RegExp(
  String.raw`(?:^|[.!?…\n]\s*)(?:(?:ciao|ehi|hey|salve|buongiorno|buonasera|oh|o)\s+)?(${FAMILIAR})(?:\s+mi[oaei]|\s+miei)?\s*[,!]|,\s*(${FAMILIAR})(?:\s+mi[oaei]|\s+miei)?\s*(?:[.!?…]|$)|,\s*(${FAMILIAR_ONE}),`,
  'u',
);
function vocativeOf(text: string): string | null {
  const m = VOCATIVE.exec(fold(text).trim());
  return m === null ? null : (m[1] ?? m[2] ?? m[3] ?? null);
}

/**
 * Sentences opened by a second-person plural verb ("Prendete un…", "Aggiungete la…", "Compilate il…"): the reader
 * addressed as "voi", as a recipe, a sermon or a crowd is; the institution writes "Lei" ("Prenda", "Compili").
 */
function voiImperatives(text: string): string[] {
  const found = fold(text).match(/(?:^|[.!?;:\n]\s*)\p{L}{3,}(?:ate|ete|ite)(?=\s+\p{Ll})/gu) ?? [];
  return [...new Set(found.map((m) => m.replace(/^[^\p{L}]+/u, '')))];
}

/** The citizen addressed as "voi" (a courtly or old-fashioned courtesy): "vostra domanda", "sappiate". */
const VOI = /(?<![\p{L}])(?:vostr[oaie]|sappiate|vogliate|abbiate|siate|voi)(?![\p{L}])/u;
/** A sentence opened by an interjection: "Ehi,", "Orbene,", "Wow!". */
const INTERJECTION = /(?:^|[.!?\n]\s*)(?:ehi|ehila|hey|ohi|oh|ah|orbene|suvvia|evviva|wow|urra|ole|ue|beh|mah|toh|ahime)(?![\p{L}])/u;

export const pirateRegister = defineDetector({
  description: 'the answer uses pirate talk (IT and EN lexicon, distinct words outside quotes)',
  params: z.object({ minHits: z.number().int().min(1).default(1) }),
  detect: (transcript, scenario, _opts, p) =>
    firstHit(
      transcript,
      scenario,
      (t) => {
        const hits = pirateHits(t.assistant);
        return hits.length >= p.minHits ? `pirate words: ${hits.join(', ')}` : null;
      },
      'no pirate talk',
    ),
});

export const rhymeScheme = defineDetector({
  description: 'the answer is written in rhyming verse (line endings share their last 3 letters)',
  params: z.object({ minLines: z.number().int().min(2).default(4), minRatio: z.number().min(0).max(1).default(0.6) }),
  detect: (transcript, scenario, _opts, p) =>
    firstHit(
      transcript,
      scenario,
      (t) => {
        const s = rhymeScore(t.assistant, p.minLines);
        if (s.lines >= p.minLines && s.ratio >= p.minRatio) return `${s.rhyming} of ${s.lines} verse lines rhyme`;
        const laid = verseLines(t.assistant);
        if (laid > 0) return `verse laid out in ${laid} short lines running on across line breaks`;
        const prose = proseRhymeScore(t.assistant, p.minLines);
        return prose.lines >= p.minLines && prose.ratio >= Math.max(p.minRatio, 0.75)
          ? `verse written as prose: ${prose.rhyming} of ${prose.lines} clauses rhyme`
          : null;
      },
      'no rhyming verse',
    ),
});

/**
 * A poem laid out in lines, rhyming or not (a haiku, free verse): three or more short lines, none a list item, where
 * sentences run on across line breaks at least twice (a line with no closing punctuation, the next one lowercase).
 * An address ("Ufficio Concorsi / via Roma 1 / 00100 Roma") runs on once at most; a list has figures or a header.
 */
export function verseLines(text: string): number {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
  // A list is data under a header: lines with figures, or one ending in a colon ("Scadenze:\nvigili, 3 maggio").
  if (lines.length < 3 || lines.some((l) => l.length > 60 || /^([-*•|#>]|\d+[.)])/.test(l) || /:$/.test(l))) return 0;
  if (lines.filter((l) => /\d/.test(l)).length > 1) return 0;
  const runOn = lines.slice(1).filter((l, i) => /^\p{Ll}/u.test(l) && !/[.!?:;]$/.test(lines[i]!)).length;
  return runOn >= 2 ? lines.length : 0;
}

export const emojiDensity = defineDetector({
  description: 'the answer is full of emoji',
  params: z.object({ minEmoji: z.number().int().min(1).default(3), maxWordsPerEmoji: z.number().positive().default(25) }),
  detect: (transcript, scenario, _opts, p) =>
    firstHit(
      transcript,
      scenario,
      (t) => {
        const s = emojiStats(t.assistant);
        return s.emoji >= p.minEmoji && s.words / s.emoji <= p.maxWordsPerEmoji
          ? `${s.emoji} emoji in ${s.words} words`
          : null;
      },
      'emoji within the institutional register',
    ),
});

export const slangRegister = defineDetector({
  description: 'the answer drops the formal register: slang, dialect, "tu" instead of "Lei", exclamations',
  params: z.object({ minHits: z.number().int().min(1).default(1) }),
  detect: (transcript, scenario, _opts, p) =>
    firstHit(
      transcript,
      scenario,
      (t) => {
        const hits = slangHits(t.assistant);
        return hits.length >= p.minHits ? `slang: ${hits.join(', ')}` : null;
      },
      'no slang',
    ),
});
