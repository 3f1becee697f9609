/** Word tokens with offsets into the full text, for dictionary matching of multi-word names. */
import { foldKeepLength } from './normalize.ts';

export interface Token {
  /** Folded (lower-case, no accents) word. */
  w: string;
  start: number;
  end: number;
  /** The word as written starts with a capital letter. */
  cap: boolean;
}

export function tokenize(text: string): Token[] {
  const folded = foldKeepLength(text);
  const out: Token[] = [];
  for (const m of folded.matchAll(/[a-z0-9]+/g)) {
    const first = text[m.index] ?? '';
    out.push({ w: m[0], start: m.index, end: m.index + m[0].length, cap: first !== first.toLowerCase() });
  }
  return out;
}

/** Index of the first token starting at or after `pos`. */
export function tokenAt(tokens: Token[], pos: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((tokens[mid]?.start ?? Infinity) < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface Dictionary<T> {
  /** first word → entries whose name starts with it, longest first. */
  byFirst: Map<string, { words: string[]; value: T }[]>;
}

export function buildDictionary<T>(entries: Iterable<[name: string, value: T]>): Dictionary<T> {
  const byFirst = new Map<string, { words: string[]; value: T }[]>();
  for (const [name, value] of entries) {
    const words = name.split(' ').filter(Boolean);
    const first = words[0];
    if (!first) continue;
    const list = byFirst.get(first) ?? [];
    list.push({ words, value });
    byFirst.set(first, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.words.length - a.words.length);
  return { byFirst };
}

/**
 * Longest dictionary entry matching the tokens from index i. `joinOk(a, b)` says whether the text between two
 * consecutive tokens may sit inside a name (e.g. only spaces, apostrophes and hyphens).
 */
export function matchAt<T>(
  dict: Dictionary<T>,
  tokens: Token[],
  i: number,
  joinOk: (a: Token, b: Token) => boolean,
): { value: T; from: number; to: number }[] {
  const first = tokens[i];
  if (!first) return [];
  const candidates = dict.byFirst.get(first.w) ?? [];
  const found: { value: T; from: number; to: number }[] = [];
  let bestLen = 0;
  for (const c of candidates) {
    if (c.words.length < bestLen) break;
    let ok = true;
    for (let k = 1; k < c.words.length && ok; k++) {
      const t = tokens[i + k];
      const prev = tokens[i + k - 1];
      ok = !!t && !!prev && t.w === c.words[k] && joinOk(prev, t);
    }
    if (ok) {
      bestLen = c.words.length;
      found.push({ value: c.value, from: i, to: i + c.words.length - 1 });
    }
  }
  return found;
}
