/**
 * Invisible-character transforms: zero-width insertion (splits trigger words for keyword filters) and
 * Unicode TAG smuggling (ASCII hidden in U+E0000–E007F, invisible on screen but read by many models).
 */
import { stripInvisible } from '../text.ts';

/** ZWSP, ZWNJ, ZWJ, WORD JOINER: rotated so no single code point can be filtered out. */
export const ZERO_WIDTH_CHARS = ['\u200B', '\u200C', '\u200D', '\u2060'] as const;

/** Inserts a zero-width character after every `every` letters inside words of 4+ letters. */
export function insertZeroWidth(text: string, every = 2): string {
  let n = 0;
  return text.replace(/\p{L}{4,}/gu, (word) => {
    const letters = Array.from(word);
    return letters
      .map((c, i) => {
        if (i === letters.length - 1 || (i + 1) % every !== 0) return c;
        return c + ZERO_WIDTH_CHARS[n++ % ZERO_WIDTH_CHARS.length];
      })
      .join('');
  });
}

export function removeZeroWidth(text: string): string {
  return stripInvisible(text);
}

const TAG_BASE = 0xe0000;
const TAG_BEGIN = String.fromCodePoint(0xe0001); // LANGUAGE TAG: marks the start of a smuggled run
const TAG_CANCEL = String.fromCodePoint(0xe007f); // CANCEL TAG: marks its end

/**
 * Encodes text as TAG characters. Only printable ASCII has a TAG twin, so accents are dropped first
 * ("è" -> "e") and anything else non-ASCII becomes '?'.
 */
export function encodeTags(text: string): string {
  const ascii = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/g, '?');
  return TAG_BEGIN + Array.from(ascii, (c) => String.fromCodePoint(TAG_BASE + c.charCodeAt(0))).join('') + TAG_CANCEL;
}

/** Splits a text into what a person sees and the ASCII smuggled in TAG characters. */
export function decodeTags(text: string): { visible: string; hidden: string } {
  let visible = '';
  let hidden = '';
  for (const c of text) {
    const cp = c.codePointAt(0) ?? 0;
    if (cp >= 0xe0020 && cp <= 0xe007e) hidden += String.fromCharCode(cp - TAG_BASE);
    else if (cp >= 0xe0000 && cp <= 0xe007f) continue; // begin/cancel and other tag controls
    else visible += c;
  }
  return { visible, hidden };
}
