/** Small text helpers shared by transforms and detectors: seeded randomness, normalisation, words. */

/** FNV-1a: a stable 32-bit hash, so a scenario id always gives the same "random" choices. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: tiny deterministic PRNG in [0, 1). */
export function seededRandom(seed: string): () => number {
  let a = hash32(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Zero-width and invisible characters, bidi controls, variation selectors and the Unicode TAG block
 * (the set of shared/data/redteam/unicode/invisible_and_tag_codepoints.csv, less the visible spaces).
 */
export const INVISIBLE_RE =
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFE00-\uFE0F\uFEFF\uFFA0]|[\u{E0000}-\u{E007F}]|[\u{E0100}-\u{E01EF}]/gu;

export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE_RE, '');
}

/** Lowercase, accents removed, invisibles removed, NFKC: for matching lexicons robustly. */
export function fold(text: string): string {
  return stripInvisible(text)
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

/** Words of a text (letters and digits, apostrophes split: "l'ammissione" -> l, ammissione). */
export function words(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Clauses: sentences split on strong punctuation and line breaks, for negation-aware matching. */
export function clauses(text: string): string[] {
  return text
    .split(/[.;:!?\n]+/)
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}
