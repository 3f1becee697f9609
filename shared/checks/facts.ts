/**
 * Finds the numbers and dates stated in a text, so "31 gennaio 2027", "31/01/2027", "2027-01-31" and
 * "31.01.2027" all become 2027-01-31 and "cinque posti", "5 posti" both state 5.
 */
import { parseItalianNumberWord } from './italian-numbers.ts';
import { memoize } from './memo.ts';
import { foldAccents } from './text.ts';

const MONTHS: Record<string, number> = {
  gennaio: 1, febbraio: 2, marzo: 3, aprile: 4, maggio: 5, giugno: 6, luglio: 7, agosto: 8, settembre: 9,
  ottobre: 10, novembre: 11, dicembre: 12, gen: 1, feb: 2, mar: 3, apr: 4, mag: 5, giu: 6, lug: 7, ago: 8,
  set: 9, ott: 10, nov: 11, dic: 12, january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7,
  august: 8, september: 9, october: 10, november: 11, december: 12,
};
const MONTH_NAMES = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');

function isoDate(y: number, m: number, d: number): string | undefined {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const DATE_PATTERNS: Array<{ re: RegExp; parts: (m: RegExpExecArray) => [number, number, number] }> = [
  { re: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g, parts: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
  { re: /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/g, parts: (m) => [Number(m[3]), Number(m[2]), Number(m[1])] },
  {
    re: new RegExp(`\\b(\\d{1,2})(?:°|º)?\\s+(${MONTH_NAMES})\\.?\\s+(\\d{4})\\b`, 'g'),
    parts: (m) => [Number(m[3]), MONTHS[m[2] ?? ''] ?? 0, Number(m[1])],
  },
  {
    re: new RegExp(`\\b(${MONTH_NAMES})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'g'),
    parts: (m) => [Number(m[3]), MONTHS[m[1] ?? ''] ?? 0, Number(m[2])],
  },
];

export interface Facts {
  dates: string[];
  numbers: number[];
}

/** Lowercase, accent-folded; "primo" as a day ("1° marzo", "primo marzo") becomes 1. */
function prepare(text: string): string {
  return foldAccents(text.toLocaleLowerCase('it')).replace(/\bprimo(?=\s+[a-z])/g, '1');
}

/** The facts of a text (memoised: the clauses of an answer recur across its mutants). */
export const extractFacts: (text: string) => Facts = memoize(computeFacts, (text) => text);

function computeFacts(text: string): Facts {
  let rest = prepare(text);
  const dates: string[] = [];
  for (const { re, parts } of DATE_PATTERNS) {
    rest = rest.replace(re, (...args) => {
      const m = args.slice(0, -2) as unknown as RegExpExecArray;
      const iso = isoDate(...parts(m));
      if (iso === undefined) return m[0];
      dates.push(iso);
      return ' ';
    });
  }
  const numbers: number[] = [];
  // Italian notation first: "1.000" is a thousand, "2,5" is two and a half; "3.5" falls back to a decimal point.
  rest = rest.replace(/\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:[.,]\d+)?/g, (m) => {
    const italian = /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(m);
    numbers.push(Number(italian ? m.replace(/\./g, '').replace(',', '.') : m.replace(',', '.')));
    return ' ';
  });
  for (const word of rest.split(/[^a-z]+/)) {
    // "un"/"una" are mostly articles; counting them as 1 would make "1" match almost any answer.
    if (word === 'un' || word === 'una') continue;
    const n = parseItalianNumberWord(word);
    if (n !== undefined) numbers.push(n);
  }
  return { dates, numbers };
}

/** Reads the expected value of a fact check: a date if it reads as one, else a number. */
export function parseExpectedFact(
  value: string | number,
  kind: 'auto' | 'number' | 'date',
): { date: string } | { number: number } | undefined {
  if (typeof value === 'number') return kind === 'date' ? undefined : { number: value };
  const facts = extractFacts(value);
  if (kind !== 'number' && facts.dates.length === 1) return { date: facts.dates[0] ?? '' };
  if (kind !== 'date' && facts.dates.length === 0 && facts.numbers.length === 1) {
    return { number: facts.numbers[0] ?? 0 };
  }
  return undefined;
}
