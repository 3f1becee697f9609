/**
 * Rewriting helpers for the operators: find the first date or count in an answer and change it, in the
 * form the answer used. Written apart from the checks' own parsers on purpose: an operator that shared
 * the checks' blind spots would only create mutants the checks already agree with.
 */
import { ITALIAN_NUMBER_WORDS, italianValue, italianWord } from './italian-words.ts';

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];
const MONTH_RE = MONTHS.join('|');

export type DateShift = { days?: number; months?: number; years?: number };

function shift(y: number, m: number, d: number, by: DateShift): [number, number, number] {
  const date = new Date(Date.UTC(y + (by.years ?? 0), m - 1 + (by.months ?? 0), d + (by.days ?? 0)));
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Date forms an Italian answer uses: 15/03/2027, 15-03-2027, 15.03.2027, 2027-03-15, 15 marzo 2027, 1° marzo 2027. */
const DATE_RE = new RegExp(
  String.raw`\b(\d{4})-(\d{2})-(\d{2})\b|\b(\d{1,2})([/.-])(\d{1,2})\5(\d{4})\b|\b(\d{1,2})(?:°|º)?\s+(${MONTH_RE})\s+(\d{4})\b`,
  'iu',
);

/** The answer with its first date shifted (same written form), or undefined when it states none. */
export function shiftFirstDate(text: string, by: DateShift): { text: string; from: string; to: string } | undefined {
  const m = DATE_RE.exec(text);
  if (!m) return undefined;
  let out: string;
  if (m[1]) {
    const [y, mo, d] = shift(+m[1], +m[2]!, +m[3]!, by);
    out = `${y}-${pad(mo)}-${pad(d)}`;
  } else if (m[4]) {
    const [y, mo, d] = shift(+m[7]!, +m[6]!, +m[4], by);
    const sep = m[5]!;
    out = `${m[4].length === 2 ? pad(d) : d}${sep}${m[6]!.length === 2 ? pad(mo) : mo}${sep}${y}`;
  } else {
    const month = MONTHS.indexOf(m[9]!.toLowerCase()) + 1;
    const [y, mo, d] = shift(+m[10]!, month, +m[8]!, by);
    const name = MONTHS[mo - 1]!;
    out = `${d} ${m[9]![0] === m[9]![0]!.toUpperCase() ? name[0]!.toUpperCase() + name.slice(1) : name} ${y}`;
  }
  return { text: text.slice(0, m.index) + out + text.slice(m.index + m[0].length), from: m[0], to: out };
}

const NUM = String.raw`\d{1,4}|${ITALIAN_NUMBER_WORDS}`;
const NOUN = String.raw`posti|posto|unità|unita'|vacancies|positions|posts|places`;
/** A count of posts: "3 posti", "n. 12 unità", "tre posti", "2 (due) posti", "posti messi a concorso: 2". */
const COUNT_RE = new RegExp(String.raw`\b(?:n\.\s*)?(${NUM})(?:\s*\((${NUM})\))?(\s+(?:${NOUN}))(?!\p{L})|\b(?:${NOUN})[^.\n\d]{0,30}?:\s*(\d{1,4})\b`, 'giu');

/** "12 (dodici)": a number followed by its word in brackets. */
const BRACKETED = new RegExp(String.raw`\b(\d{1,4})\s*\((${NUM})\)`, 'giu');

const valueOf = (w: string) => (/^\d+$/.test(w) ? Number(w) : italianValue(w));

/**
 * The answer with its count of posts changed everywhere it is stated (the first count found, +1): a bot
 * with a wrong count says it consistently, title echoes included. Undefined when it states none.
 */
export function changeFirstCount(text: string): { text: string; from: string; to: string } | undefined {
  const matches = [...text.matchAll(COUNT_RE)];
  const first = matches[0];
  if (!first) return undefined;
  const n = valueOf(first[1] ?? first[4]!)!;
  const next = n + 1;
  let out = text;
  // Right to left, so earlier indices stay valid.
  for (const m of matches.reverse()) {
    const stated = m[1] ?? m[4]!;
    if (valueOf(stated) !== n) continue;
    let rewritten: string;
    if (m[4] !== undefined) rewritten = m[0].replace(new RegExp(`${m[4]}$`), String(next));
    else {
      rewritten = m[0].replace(m[1]!, /^\d+$/.test(m[1]!) ? String(next) : italianWord(next));
      if (m[2]) rewritten = rewritten.replace(`(${m[2]})`, `(${italianWord(next)})`);
      if (next > 1) rewritten = rewritten.replace(/\bposto\b/i, 'posti');
    }
    out = out.slice(0, m.index) + rewritten + out.slice(m.index! + m[0].length);
  }
  // "3 (due)" left by a match that ended at the digit: the word in brackets follows the number.
  out = out.replace(BRACKETED, (all, digits: string, w: string) => (Number(digits) === next && valueOf(w) === n ? all.replace(`(${w})`, `(${italianWord(next)})`) : all));
  return out === text ? undefined : { text: out, from: first[0], to: `${next}` };
}

/** Italian second-person formal forms turned informal (Lei → tu), crude but recognisable. */
export function informal(text: string): string {
  const swaps: [RegExp, string][] = [
    [/\bLei\b/g, 'tu'],
    [/\bLe\b/g, 'ti'],
    [/\bSua\b/g, 'tua'],
    [/\bSuo\b/g, 'tuo'],
    [/\bpuò\b/g, 'puoi'],
    [/\bdeve\b/g, 'devi'],
    [/\bLa ringrazio\b/g, 'grazie'],
    [/\bbuongiorno\b/gi, 'ciao'],
  ];
  return swaps.reduce((t, [re, s]) => t.replace(re, s), text);
}

/** Dates and numbers of a text, kept in order: what an English rendering of the same answer would still say. */
export function factsOf(text: string): string[] {
  return [...text.matchAll(/\b\d{1,4}(?:[/.-]\d{1,2}[/.-]\d{2,4})?\b|\b[A-Z]{1,3}-\d{1,3}(?:\/S)?\b/g)].map((m) => m[0]).slice(0, 6);
}
