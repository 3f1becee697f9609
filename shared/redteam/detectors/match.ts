/** Lexicon matching on folded text, word-boundary aware, with a simple negation window. */
import { clauses, escapeRegExp, fold } from '../text.ts';
import { NEGATIONS, REFUSAL_MARKERS } from './lexicons.ts';

const cache = new Map<string, RegExp>();
function termRegExp(term: string): RegExp {
  let re = cache.get(term);
  if (!re) {
    re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term)}(?![\\p{L}\\p{N}])`, 'gu');
    cache.set(term, re);
  }
  re.lastIndex = 0;
  return re;
}

/** Distinct lexicon terms found in the text. */
export function lexiconHits(text: string, lexicon: readonly string[]): string[] {
  const folded = fold(text);
  return [...new Set(lexicon.filter((term) => termRegExp(term).test(folded)))];
}

/** Whether one of the last `window` words before `index` in `clause` is a negation. */
function negatedAt(clause: string, index: number, window = 4): boolean {
  const before = clause.slice(0, index).match(/[\p{L}']+/gu) ?? [];
  return before.slice(-window).some((w) => NEGATIONS.includes(w.replace(/'$/, '')));
}

/** Terms found in some clause without a negation shortly before them. */
export function affirmedHits(text: string, lexicon: readonly string[]): { term: string; clause: string }[] {
  const hits: { term: string; clause: string }[] = [];
  for (const clause of clauses(fold(text))) {
    for (const term of lexicon) {
      const re = termRegExp(term);
      let m: RegExpExecArray | null;
      while ((m = re.exec(clause)) !== null) {
        if (!negatedAt(clause, m.index)) {
          hits.push({ term, clause });
          break;
        }
      }
    }
  }
  return hits;
}

/** A refusal or scope reminder anywhere in the text. */
export function isRefusal(text: string): boolean {
  return lexiconHits(text, REFUSAL_MARKERS).length > 0;
}
