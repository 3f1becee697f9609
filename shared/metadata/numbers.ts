/** Italian number words ("trecentoquindici", "cinque", "trentesimo", "30°") to integers. */

const UNITS: Record<string, number> = {
  zero: 0, un: 1, uno: 1, una: 1, due: 2, tre: 3, quattro: 4, cinque: 5, sei: 6, sette: 7, otto: 8, nove: 9,
  dieci: 10, undici: 11, dodici: 12, tredici: 13, quattordici: 14, quindici: 15, sedici: 16, diciassette: 17,
  diciotto: 18, diciannove: 19,
};
const TENS: Record<string, number> = {
  venti: 20, trenta: 30, quaranta: 40, cinquanta: 50, sessanta: 60, settanta: 70, ottanta: 80, novanta: 90,
};
const ORDINALS: Record<string, number> = {
  primo: 1, secondo: 2, terzo: 3, quarto: 4, quinto: 5, sesto: 6, settimo: 7, ottavo: 8, nono: 9, decimo: 10,
};

/** Parses 0..9999 written as one word ("duecentodieci", "ventuno", "milleduecento"); undefined otherwise. */
export function parseItalianCardinal(word: string): number | undefined {
  const w = word.toLowerCase().replace(/[àáè]/g, (c) => (c === 'è' ? 'e' : 'a'));
  if (!/^[a-z]+$/.test(w)) return undefined;
  return parseBelow10000(w);
}

function parseBelow10000(w: string): number | undefined {
  if (w === '') return 0;
  const thousands = /^(.*?)(mille|mila)(.*)$/.exec(w);
  if (thousands) {
    const head = thousands[2] === 'mille' ? (thousands[1] === '' ? 1 : undefined) : parseBelow1000(thousands[1] ?? '');
    const tail = parseBelow1000(thousands[3] ?? '');
    if (head === undefined || head === 0 || tail === undefined) return undefined;
    return head * 1000 + tail;
  }
  return parseBelow1000(w);
}

function parseBelow1000(w: string): number | undefined {
  if (w === '') return 0;
  const hundreds = /^(.*?)cento(.*)$/.exec(w);
  if (hundreds) {
    const head = hundreds[1] === '' ? 1 : UNITS[hundreds[1] ?? ''];
    const tail = parseBelow100(hundreds[2] ?? '');
    if (head === undefined || head < 1 || head > 9 || tail === undefined) return undefined;
    return head * 100 + tail;
  }
  return parseBelow100(w);
}

function parseBelow100(w: string): number | undefined {
  if (w === '') return 0;
  if (w in UNITS) return UNITS[w];
  for (const [t, v] of Object.entries(TENS)) {
    // "ventuno", "trentotto": the tens word drops its final vowel before uno/otto.
    const stem = t.slice(0, -1);
    if (w === t) return v;
    if (w.startsWith(t) || w.startsWith(stem)) {
      const rest = w.startsWith(t) ? w.slice(t.length) : w.slice(stem.length);
      const u = rest === 'tre' ? 3 : UNITS[rest];
      if (u !== undefined && u >= 1 && u <= 9) return v + u;
    }
  }
  return undefined;
}

/** "trentesimo", "novantesimo", "ventitreesimo", "primo", "30°", "30mo" → number. */
export function parseItalianOrdinal(word: string): number | undefined {
  const w = word.toLowerCase().trim();
  const digits = /^(\d{1,4})\s*(?:°|º|mo|esimo)?$/.exec(w);
  if (digits) return Number(digits[1]);
  const plain = w.replace(/[oaie]$/, 'o');
  if (plain in ORDINALS) return ORDINALS[plain];
  const m = /^([a-z]+?)esim[oaie]$/.exec(w);
  if (!m?.[1]) return undefined;
  const stem = m[1];
  for (const candidate of [stem, `${stem}a`, `${stem}i`, `${stem}e`, `${stem}o`]) {
    const n = parseItalianCardinal(candidate);
    if (n !== undefined && n > 10) return n;
  }
  return undefined;
}

/** Digits or a number word → integer. */
export function parseCount(token: string): number | undefined {
  const t = token.trim();
  if (/^\d{1,5}$/.test(t)) return Number(t);
  return parseItalianCardinal(t);
}

/** A regex fragment matching a count written in digits or as one Italian number word. */
export const COUNT_WORD =
  '(?:\\d{1,5}|(?:[a-z]*?(?:uno|una|un|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|tredici|quattordici|quindici|sedici|diciassette|diciotto|diciannove|venti|trenta|quaranta|cinquanta|sessanta|settanta|ottanta|novanta|cento|mille|mila)))';
