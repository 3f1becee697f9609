/**
 * Homoglyph substitution: Latin letters replaced by their Greek/Cyrillic look-alikes from Unicode UTS #39, and the
 * inverse fold for the detectors. Two tables under scenarios/redteam/data, read in this order:
 * - confusables.txt: the intentional pairs (`intentional.txt`) of an ASCII letter and its look-alike;
 * - confusables-latin.txt: every Greek and Cyrillic letter that `confusables.txt` gives an ASCII letter as
 *   prototype (Cyrillic а е о р с у х і ј ѕ ԁ ӏ, Greek Α Β Ε Ζ Η Κ Μ Ν Ο Ρ Τ Χ Υ, …).
 * A look-alike belongs to the first letter a table pairs it with, so the fold is one Latin letter per look-alike
 * (Greek Ι folds to I, as intentional.txt pairs it, although confusables.txt prototypes it as l).
 * A filter that matches "ignora" or "sistema" byte by byte no longer sees them; a human reader (and the model) does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_REDTEAM_DIR } from '../paths.ts';
import { seededRandom } from '../text.ts';

/** Each Latin letter's look-alikes (in table order), and each look-alike's Latin letter. */
export interface ConfusableTable {
  readonly lookalikes: ReadonlyMap<string, readonly string[]>;
  readonly latin: ReadonlyMap<string, string>;
}

const isAsciiLetter = (c: string) => /^[A-Za-z]$/.test(c);

/**
 * Parses UTS #39 lines, `0061 ;\t0430\t# ...` (intentional.txt) or `0430 ;\t0061 ;\tMA\t# ...` (confusables.txt):
 * of the first two code points, the ASCII letter is the Latin side and the other its look-alike, in either order.
 * Lines pairing no ASCII letter, or two, are skipped; a look-alike already paired keeps its first letter.
 */
export function parseConfusables(...texts: string[]): ConfusableTable {
  const lookalikes = new Map<string, string[]>();
  const latin = new Map<string, string>();
  for (const text of texts) {
    for (const line of text.split('\n')) {
      const m = /^([0-9A-F]{4,6})\s*;\s*([0-9A-F]{4,6})\b/.exec(line.trim());
      if (!m?.[1] || !m[2]) continue;
      const a = String.fromCodePoint(parseInt(m[1], 16));
      const b = String.fromCodePoint(parseInt(m[2], 16));
      if (isAsciiLetter(a) === isAsciiLetter(b)) continue;
      const [letter, alike] = isAsciiLetter(a) ? [a, b] : [b, a];
      if (latin.has(alike)) continue;
      latin.set(alike, letter);
      lookalikes.set(letter, [...(lookalikes.get(letter) ?? []), alike]);
    }
  }
  return { lookalikes, latin };
}

export const CONFUSABLE_FILES = ['confusables.txt', 'confusables-latin.txt'].map((f) => join(DEFAULT_REDTEAM_DIR, 'data', f));

let cached: ConfusableTable | undefined;
/** The tables shipped with the project, read once. */
export function loadConfusables(): ConfusableTable {
  cached ??= parseConfusables(...CONFUSABLE_FILES.map((f) => readFileSync(f, 'utf8')));
  return cached;
}

/**
 * Replaces each substitutable letter with probability `rate` by one of its look-alikes (seeded, so deterministic),
 * and at least one letter when any can be replaced, so the output always differs from the input.
 */
export function substituteHomoglyphs(text: string, opts: { seed: string; rate?: number; table?: ConfusableTable }): string {
  const table = opts.table ?? loadConfusables();
  const rate = opts.rate ?? 0.35;
  const random = seededRandom(opts.seed);
  const pick = (alts: readonly string[]) => alts[Math.floor(random() * alts.length)] ?? alts[0] ?? '';
  const chars = Array.from(text);
  let changed = 0;
  let firstCandidate = -1;
  const out = chars.map((c, i) => {
    const alts = table.lookalikes.get(c);
    if (alts === undefined) return c;
    if (firstCandidate < 0) firstCandidate = i;
    if (random() < rate) {
      changed++;
      return pick(alts);
    }
    return c;
  });
  if (changed === 0 && firstCandidate >= 0) out[firstCandidate] = pick(table.lookalikes.get(chars[firstCandidate] ?? '') ?? []);
  return out.join('');
}

/** The inverse: every Greek/Cyrillic look-alike back to its Latin letter (for detectors and tests). */
export function foldHomoglyphs(text: string, table: ConfusableTable = loadConfusables()): string {
  return Array.from(text, (c) => table.latin.get(c) ?? c).join('');
}
