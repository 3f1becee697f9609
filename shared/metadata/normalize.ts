/** Text folding and degree-code normalisation shared by the extractors and the diff. */

const FOLD: Record<string, string> = {
  à: 'a', á: 'a', â: 'a', ä: 'a', è: 'e', é: 'e', ê: 'e', ë: 'e', ì: 'i', í: 'i', î: 'i', ï: 'i',
  ò: 'o', ó: 'o', ô: 'o', ö: 'o', ù: 'u', ú: 'u', û: 'u', ü: 'u', ç: 'c', ñ: 'n',
  '\u2019': "'", '\u2018': "'", '`': "'", '\u00b4': "'", '\u2013': '-', '\u2014': '-', '\u00a0': ' ',
};

/**
 * Lower-case and strip accents one character for one character, so offsets in the folded text are offsets
 * in the original (the evidence spans must point into the full text).
 */
export function foldKeepLength(text: string): string {
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const folded = FOLD[lower] ?? lower;
    // A few characters change length when lower-cased or are astral: keep the length by falling back.
    out += folded.length === ch.length ? folded : ch.length === 1 ? ' ' : ch;
  }
  return out;
}

/** For comparing names: folded, "e'"→"e", punctuation to spaces, single spaces. */
export function normName(s: string): string {
  return foldKeepLength(s)
    .replace(/([aeiou])'(?=\s|$|[,;.)])/g, '$1')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const LEVEL_MAX: Record<string, number> = { L: 43, LM: 94 };

/**
 * Canonical class code from any written form: "L/18", "L 18", "l-18" → "L-18"; "LM 85bis" → "LM-85 bis";
 * "LMG /01" → "LMG/01"; "64/s", "64 / S" → "64/S"; "L-SNT1", "L/SNT 1" → "L/SNT1"; "17" → "17" (509 triennale).
 * Returns undefined for something that is not a class code (out of range, unknown prefix).
 */
export function normalizeDegreeCode(raw: string): string | undefined {
  const s = raw.trim().toUpperCase().replace(/[\u2013\u2014]/g, '-').replace(/\s+/g, ' ');
  let m = /^(\d{1,3}) ?\/ ?S$/.exec(s);
  if (m) return Number(m[1]) >= 1 && Number(m[1]) <= 104 ? `${Number(m[1])}/S` : undefined;
  m = /^(LMG|LMR) ?[-/ ]? ?0?(\d)$/.exec(s);
  if (m) return m[1] === 'LMG' && m[2] === '1' ? 'LMG/01' : m[1] === 'LMR' && m[2] === '2' ? 'LMR/02' : undefined;
  m = /^(LM|L) ?[-/ ]? ?SNT ?([1-4])$/.exec(s);
  if (m) return `${m[1]}/SNT${m[2]}`;
  m = /^(LM|L) ?[-/ ]? ?(DS|GASTR)$/.exec(s);
  if (m) return `${m[1]}/${m[2]}`;
  m = /^(LM|L) ?[-/ ]? ?0?(\d{1,2}) ?(BIS|CU|C\.U\.)?$/.exec(s);
  if (m) {
    const prefix = m[1] as 'L' | 'LM';
    const n = Number(m[2]);
    if (n < 1 || n > (LEVEL_MAX[prefix] ?? 0)) return undefined;
    if (m[3] === 'BIS') return prefix === 'LM' && n === 85 ? 'LM-85 bis' : undefined;
    if (m[3]) return prefix === 'LM' && n === 4 ? 'LM-4cu' : undefined;
    return `${prefix}-${n}`;
  }
  m = /^(\d{1,2})$/.exec(s);
  if (m) return Number(m[1]) >= 1 && Number(m[1]) <= 42 ? String(Number(m[1])) : undefined;
  return undefined;
}

/** Sentence-ish bounds around a position: stops at ". X", "? ", blank lines; never beyond `limit` chars. */
export function sentenceBounds(text: string, pos: number, limit = 400): { start: number; end: number } {
  let start = pos;
  const minStart = Math.max(0, pos - limit);
  while (start > minStart) {
    const c = text[start - 1];
    if ((c === '.' || c === '?') && /\s/.test(text[start] ?? '') && !/\b(?:n|art|artt|ss|lett|pag|cfr|d|l|dott|sig)\.$/i.test(text.slice(Math.max(0, start - 6), start))) break;
    if (c === '\n' && text[start - 2] === '\n') break;
    start--;
  }
  let end = pos;
  const maxEnd = Math.min(text.length, pos + limit);
  while (end < maxEnd) {
    const c = text[end];
    if ((c === '.' || c === '?') && /\s|$/.test(text[end + 1] ?? '') && !/\b(?:n|art|artt|ss|lett|pag|cfr|d|l|dott|sig)$/i.test(text.slice(Math.max(0, end - 5), end))) {
      end++;
      break;
    }
    end++;
  }
  return { start, end };
}

/** Place names compared on their Italian half ("Bolzano/Bozen"), ISTAT long forms folded to the short ones. */
const PLACE_ALIASES: Record<string, string> = { 'reggio di calabria': 'reggio calabria', 'reggio nell emilia': 'reggio emilia', 'monza e della brianza': 'monza brianza' };
export function placeKey(name: string): string {
  const k = normName(name.split('/')[0] ?? name);
  return PLACE_ALIASES[k] ?? k;
}

export function snippet(text: string, start: number, end: number) {
  return { start, end, snippet: text.slice(start, end) };
}
