/**
 * Homoglyph substitution: Latin letters replaced by their Greek/Cyrillic look-alikes from the Unicode
 * confusables table (scenarios/redteam/data/confusables.txt, UTS #39 intentional pairs). A filter that
 * matches "ignora" or "sistema" byte by byte no longer sees them; a human reader (and the model) does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_REDTEAM_DIR } from '../paths.ts';
import { seededRandom } from '../text.ts';

export type ConfusableTable = ReadonlyMap<string, string>;

/** Parses UTS #39 lines `0061 ;\t0430\t# ...` into source character -> confusable character. */
export function parseConfusables(text: string): ConfusableTable {
  const table = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^([0-9A-F]{4,6})\s*;\s*([0-9A-F]{4,6})\b/.exec(line.trim());
    if (!m?.[1] || !m[2]) continue;
    const from = String.fromCodePoint(parseInt(m[1], 16));
    // The first pair wins: the table lists one intentional confusable per source anyway.
    if (!table.has(from)) table.set(from, String.fromCodePoint(parseInt(m[2], 16)));
  }
  return table;
}

let cached: ConfusableTable | undefined;
export function loadConfusables(file = join(DEFAULT_REDTEAM_DIR, 'data', 'confusables.txt')): ConfusableTable {
  if (file === join(DEFAULT_REDTEAM_DIR, 'data', 'confusables.txt')) {
    cached ??= parseConfusables(readFileSync(file, 'utf8'));
    return cached;
  }
  return parseConfusables(readFileSync(file, 'utf8'));
}

/**
 * Replaces each substitutable letter with probability `rate` (seeded, so deterministic), and at
 * least one letter when any can be replaced, so the output always differs from the input.
 */
export function substituteHomoglyphs(
  text: string,
  opts: { seed: string; rate?: number; table?: ConfusableTable },
): string {
  const table = opts.table ?? loadConfusables();
  const rate = opts.rate ?? 0.35;
  const random = seededRandom(opts.seed);
  const chars = Array.from(text);
  let changed = 0;
  let firstCandidate = -1;
  const out = chars.map((c, i) => {
    const sub = table.get(c);
    if (sub === undefined) return c;
    if (firstCandidate < 0) firstCandidate = i;
    if (random() < rate) {
      changed++;
      return sub;
    }
    return c;
  });
  if (changed === 0 && firstCandidate >= 0) out[firstCandidate] = table.get(chars[firstCandidate] ?? '') ?? '';
  return out.join('');
}

/** The inverse mapping: confusable look-alikes back to the Latin letters (for detectors and tests). */
export function foldHomoglyphs(text: string, table: ConfusableTable = loadConfusables()): string {
  const reverse = new Map<string, string>();
  for (const [from, to] of table) reverse.set(to, from);
  return Array.from(text, (c) => reverse.get(c) ?? c).join('');
}
