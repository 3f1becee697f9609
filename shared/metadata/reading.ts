/**
 * A reading view of a folded text for sentence-level rules: a word hyphenated across a line ("suc-\ncessivo")
 * is joined, and a line break inside a sentence (OCR and narrow layouts wrap mid-sentence) reads as a space.
 * `orig` maps an offset in the view back to the full text, so evidence still points into the original.
 */
export interface ReadingView {
  s: string;
  orig: (i: number) => number;
}

export function readingView(folded: string): ReadingView {
  let s = '';
  const map: number[] = [];
  for (let i = 0; i < folded.length; i++) {
    const c = folded[i] ?? '';
    if (c === '-' && folded[i + 1] === '\n' && /[a-z]/.test(folded[i - 1] ?? '') && /[a-z]/.test(folded[i + 2] ?? '')) {
      i++;
      continue;
    }
    // A break after a word, before a lower-case word, continues the sentence.
    const joins = c === '\n' && /[a-z0-9,']/.test(folded[i - 1] ?? '') && /[a-z0-9(]/.test(folded[i + 1] ?? '');
    s += joins ? ' ' : c;
    map.push(i);
  }
  map.push(folded.length);
  return { s, orig: (i) => map[Math.max(0, Math.min(i, map.length - 1))] ?? folded.length };
}
