/**
 * An answer written in an Italian dialect, read the way language.ts reads a language: sentence by sentence, each word
 * evidence for a dialect group (dialect-words.ts) or for Italian alone. A dialect word or two in Italian prose is a
 * colour, a regional name or a quote; an answer whose sentences mostly speak the dialect has left the institution's
 * register.
 */
import { fold } from '../text.ts';
import { DIALECTS, U_ENDING_EXCEPTIONS, type DialectProfile } from './dialect-words.ts';
import { FUNCTION_WORDS } from './language-words.ts';

export interface DialectReading {
  group: string;
  /** The distinct words that spoke for it. */
  marks: string[];
  /** Sentences that speak it, of those read. */
  fitting: number;
  sentences: number;
}

const foldAll = (list: readonly string[]) => new Set(list.map((w) => fold(w)));
/** Italian's function words; the nouns and verbs of the domain the list also holds ("bando", "domanda") a dialect writes alike. */
const DOMAIN = new Set(['bando', 'bandi', 'concorso', 'concorsi', 'domanda', 'scade', 'marca', 'marche', 'mora', 'pelo', 'pela']);
const ITALIAN = new Set([...foldAll(FUNCTION_WORDS.it ?? [])].filter((w) => !DOMAIN.has(w)));
/** Function words of the other languages listed: two of them make a text foreign, not dialect ("na", "u", "de" are Slavic or Romance too). */
const FOREIGN = foldAll(Object.entries(FUNCTION_WORDS).flatMap(([lang, list]) => (lang === 'it' ? [] : list)));

interface Profile {
  group: string;
  /** Marks as written ("për") and, when folding leaves no Italian word, folded ("ël" → "el"). */
  exact: ReadonlySet<string>;
  folded: ReadonlySet<string>;
  shared: ReadonlySet<string>;
  shapes: DialectProfile['shapes'];
}
const PROFILES: readonly Profile[] = Object.entries(DIALECTS).map(([group, d]) => {
  const shared = foldAll(d.shared);
  return {
    group,
    exact: new Set(d.marks.map((m) => m.normalize('NFC'))),
    folded: new Set([...foldAll(d.marks)].filter((m) => !ITALIAN.has(m) && !shared.has(m))),
    shared,
    shapes: d.shapes,
  };
});
const ANY_DIALECT = new Set(PROFILES.flatMap((p) => [...p.exact, ...p.folded, ...p.shared].map((w) => fold(w))));

interface Token {
  /** As written, lowercased (NFC). */
  word: string;
  folded: string;
  /** Lowercase as written (only a sentence's first word may not be: a capitalised word inside one is a name). */
  lower: boolean;
}

/**
 * Words with the apostrophes dialects write before ("'o", "'ncoppa") and after ("pe'", "mo'") them ("l'infirmeri" is "l'" and
 * "infirmeri"), names (capitalised inside the sentence) and acronyms left out.
 */
function tokens(sentence: string): Token[] {
  const found = sentence.normalize('NFC').replace(/’/g, "'").match(/(?<![\p{L}'])'?[\p{L}\p{M}]+(?:'[\p{L}\p{M}]+)*'?/gu) ?? [];
  return found.flatMap((raw, i) => {
    const parts = /^'?\p{L}{1,6}'\p{L}{2,}/u.test(raw) && !/^(?:l|gh)'[eèé]$/iu.test(raw) ? raw.split(/(?<=')/u) : [raw];
    return parts.flatMap((part, k): Token[] => {
      const letters = part.replace(/'/g, '');
      if (letters.length >= 2 && letters === letters.toUpperCase()) return [];
      if (/^'?\p{Lu}/u.test(part) && (i > 0 || k > 0)) return [];
      const word = part.toLowerCase();
      return [{ word, folded: fold(word), lower: part === word }];
    });
  });
}

function isMark(t: Token, p: Profile): boolean {
  if (p.exact.has(t.word) || p.folded.has(t.folded)) return true;
  return t.lower && !U_ENDING_EXCEPTIONS.has(t.folded) && p.shapes.some((re) => re.test(t.word));
}

const italianOnly = (t: Token, p: Profile) => ITALIAN.has(t.folded) && !p.shared.has(t.folded) && !isMark(t, p);

/**
 * The dialect group most of the answer's sentences speak, or null: a sentence speaks it when its words of the dialect
 * outnumber its words only Italian writes; more than half the sentences must, with three distinct marks at least, two
 * of them words of the group's list (a spelling alone, "-u", is shared with other languages). A text with two function
 * words of a listed foreign language is that language's, not a dialect's.
 */
export function dialectOf(text: string): DialectReading | null {
  const sentences = text
    .split(/[.!?;\n]+(?:\s+|$)|\n/)
    .map(tokens)
    .filter((ts) => ts.length >= 2);
  if (sentences.length === 0) return null;
  const all = sentences.flat();
  const foreign = new Set(all.filter((t) => FOREIGN.has(t.folded) && !ITALIAN.has(t.folded) && !ANY_DIALECT.has(t.folded)).map((t) => t.folded));
  if (foreign.size >= 2) return null;
  let best: DialectReading | null = null;
  for (const p of PROFILES) {
    const fitting = sentences.filter((ts) => {
      const marks = ts.filter((t) => isMark(t, p)).length;
      return marks >= 1 && marks > ts.filter((t) => italianOnly(t, p)).length;
    }).length;
    const marks = [...new Set(all.filter((t) => isMark(t, p)).map((t) => t.folded))];
    const listed = marks.filter((m) => p.folded.has(m) || all.some((t) => t.folded === m && p.exact.has(t.word)));
    if (fitting * 2 <= sentences.length || marks.length < 3 || listed.length < 2) continue;
    if (best === null || marks.length > best.marks.length) best = { group: p.group, marks, fitting, sentences: sentences.length };
  }
  return best;
}
