/**
 * Italian number words → numbers, by recursive descent over the compound word: "ventuno" = 21,
 * "centotré" = 103, "duemilacinquecento" = 2500, "mille" = 1000, "un milione" is left out on purpose.
 * Input is one lowercase, accent-folded word.
 */

const UNITS: Record<string, number> = {
  zero: 0, uno: 1, una: 1, due: 2, tre: 3, quattro: 4, cinque: 5, sei: 6, sette: 7, otto: 8, nove: 9,
  dieci: 10, undici: 11, dodici: 12, tredici: 13, quattordici: 14, quindici: 15, sedici: 16,
  diciassette: 17, diciotto: 18, diciannove: 19,
};
const TENS: Record<string, number> = {
  venti: 20, trenta: 30, quaranta: 40, cinquanta: 50, sessanta: 60, settanta: 70, ottanta: 80, novanta: 90,
};

/** 0..99 */
function below100(word: string): number | undefined {
  if (word in UNITS) return UNITS[word];
  for (const [tens, value] of Object.entries(TENS)) {
    if (word === tens) return value;
    // "ventuno", "trentotto": the tens word drops its final vowel before "uno" and "otto".
    const stems = [tens, tens.slice(0, -1)];
    for (const stem of stems) {
      if (!word.startsWith(stem)) continue;
      const rest = word.slice(stem.length);
      const unit = rest === '' ? undefined : UNITS[rest];
      if (unit !== undefined && unit >= 1 && unit <= 9) return value + unit;
    }
  }
  return undefined;
}

/** 0..999 */
function below1000(word: string): number | undefined {
  const i = word.indexOf('cento');
  if (i < 0) return below100(word);
  const head = word.slice(0, i);
  const hundreds = head === '' ? 1 : UNITS[head];
  if (hundreds === undefined || (head !== '' && (hundreds < 2 || hundreds > 9))) return undefined;
  const rest = word.slice(i + 'cento'.length);
  // "centottanta", "centotto": cento drops its o before a word starting with o.
  const tail = rest === '' ? 0 : (below100(rest) ?? (rest.startsWith('tt') ? below100(`o${rest}`) : undefined));
  if (tail === undefined) return undefined;
  return hundreds * 100 + tail;
}

// Every token of every answer is looked up here (fact extraction): the answer is memoised, words repeat.
const memo = new Map<string, number | undefined>();
const MEMO_MAX = 20_000;

/** 0..999 999; undefined when the word is not a number word. */
export function parseItalianNumberWord(word: string): number | undefined {
  if (memo.has(word)) return memo.get(word);
  const n = parseWord(word);
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(word, n);
  return n;
}

function parseWord(word: string): number | undefined {
  if (word === '') return undefined;
  if (word.startsWith('mille')) {
    const rest = word.slice('mille'.length);
    const tail = rest === '' ? 0 : below1000(rest);
    return tail === undefined ? undefined : 1000 + tail;
  }
  const i = word.indexOf('mila');
  if (i > 0) {
    const thousands = below1000(word.slice(0, i));
    const rest = word.slice(i + 'mila'.length);
    const tail = rest === '' ? 0 : below1000(rest);
    if (thousands === undefined || thousands < 2 || tail === undefined) return undefined;
    return thousands * 1000 + tail;
  }
  return below1000(word);
}
