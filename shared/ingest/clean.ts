/**
 * Clean-up of text extracted from PDFs: running headers/footers (the same line on most pages), page numbers,
 * words hyphenated across line breaks. Pure functions, so the normaliser can be tested on plain strings.
 */

const PAGE_NUMBER = [
  /^(?:pagina|pag\.?)\s*\d+(?:\s*(?:di|\/|of)\s*\d+)?$/i,
  /^[-–—]\s*\d+\s*[-–—]$/,
  /^\d+\s*\/\s*\d+$/,
  /^\d{1,4}$/,
];

export function isPageNumber(line: string): boolean {
  const l = line.trim();
  return PAGE_NUMBER.some((re) => re.test(l));
}

/** Digits vary between pages ("Prot. 12/2026 - pag. 3"): compare running lines with digits masked. */
function runningKey(line: string): string {
  return line.trim().replace(/\d+/g, '#').replace(/\s+/g, ' ').toLowerCase();
}

/** How many lines at the top and bottom of a page may be running headers or footers. */
const EDGE_LINES = 3;

/**
 * Joins pages into one text without running headers/footers and page numbers. A line counts as running when
 * it sits among the first or last lines of at least 60% of the pages (and of two at least).
 */
export function cleanPdfPages(pages: string[]): string {
  const split = pages.map((p) => p.split('\n'));
  const seen = new Map<string, number>();
  for (const lines of split) {
    const edges = new Set(edgeLines(lines).map((i) => runningKey(lines[i] ?? '')).filter((k) => k.length > 0));
    for (const k of edges) seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  const minPages = Math.max(2, Math.ceil(pages.length * 0.6));
  const running = new Set([...seen].filter(([, n]) => n >= minPages).map(([k]) => k));
  const kept = split.map((lines) => {
    const edges = new Set(edgeLines(lines));
    return lines
      .filter((line, i) => !(edges.has(i) && (running.has(runningKey(line)) || isPageNumber(line))))
      .join('\n');
  });
  return tidy(dehyphenate(kept.join('\n')));
}

/** Indexes of the first and last non-empty lines of a page. */
function edgeLines(lines: string[]): number[] {
  const nonEmpty = lines.map((l, i) => (l.trim() ? i : -1)).filter((i) => i >= 0);
  return [...new Set([...nonEmpty.slice(0, EDGE_LINES), ...nonEmpty.slice(-EDGE_LINES)])];
}

/**
 * "concor-\nso" → "concorso". Only when a lowercase letter continues the word: "L-\n18" or "Art. 3 -\nTitolo"
 * are not hyphenated words.
 */
export function dehyphenate(text: string): string {
  return text.replace(/(\p{L})-[ \t]*\n[ \t]*(\p{Ll})/gu, '$1$2');
}

/** Normalises line endings and blank runs; keeps paragraph breaks. */
export function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
