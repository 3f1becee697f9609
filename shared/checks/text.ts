/** Text normalisation shared by the deterministic checks, Italian first. */
import type { NormalizeOptions } from './schema.ts';
import { ITALIAN_STOPWORDS } from './stopwords.ts';

/** "è perché Città" → "e perche Citta": strips combining marks after NFD decomposition. */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

/** Applies the exact-match normalisation options; whitespace collapsing is on unless turned off. */
export function normalizeText(text: string, opts: NormalizeOptions = {}): string {
  let out = text.normalize('NFC');
  if (opts.case) out = out.toLocaleLowerCase('it');
  if (opts.accents) out = foldAccents(out);
  if (opts.punctuation) out = out.replace(/[\p{P}\p{S}]+/gu, ' ');
  if (opts.whitespace !== false) out = out.replace(/\s+/g, ' ').trim();
  return out;
}

/** Lowercase, accent-folded words; apostrophes split elisions ("dell'avviso" → "dell", "avviso"). */
export function words(text: string): string[] {
  return foldAccents(text.toLocaleLowerCase('it'))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

// Longest first so "amente" wins over "mente"; only stripped when a stem of 3+ letters remains.
const SUFFIXES = [
  'azioni', 'azione', 'amente', 'imento', 'amento', 'mente', 'zioni', 'zione', 'abile', 'ibile', 'ista',
  'iste', 'isti', 'ismo', 'ando', 'endo', 'are', 'ere', 'ire', 'ato', 'ata', 'ati', 'ate', 'ito', 'ita',
  'iti', 'ite', 'uto', 'uta', 'uti', 'ute',
];

/** A light Italian stemmer: drops a derivational/inflectional suffix, then a final vowel. */
export function stemItalian(word: string): string {
  if (word.length <= 3 || /^\d/.test(word)) return word;
  let stem = word;
  for (const suffix of SUFFIXES) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= 3) {
      stem = stem.slice(0, -suffix.length);
      break;
    }
  }
  if (stem.length > 3 && /[aeiou]$/.test(stem)) stem = stem.slice(0, -1);
  return stem;
}

/** Tokens for similarity: words minus Italian stop words, lightly stemmed. */
export function italianTokens(text: string): string[] {
  return words(text)
    .filter((w) => !ITALIAN_STOPWORDS.has(w))
    .map(stemItalian);
}
