/**
 * Which slot a number or date in an answer is stated for. "Entro quando scade?" is answered by a date said to
 * be the deadline, not by the publication date beside it; "quanti posti?" by a number said to count posts, not
 * by an article number, an hour or an age. Numbers and dates the answer only repeats — inside quotes, or
 * copied from the question or the bando's title ("«… n. 4 posti …»") — are not stated by the answer at all.
 */
import { extractFacts } from './facts.ts';
import { parseItalianNumberWord } from './italian-numbers.ts';
import { memoize, memoKey } from './memo.ts';
import { foldAccents } from './text.ts';

export const FACT_SLOTS = ['deadline', 'publication-date', 'posts'] as const;
export type FactSlot = (typeof FACT_SLOTS)[number];

/** What an answer states, by slot; `unslotted` are values stated with no word saying what they are. */
export interface SlottedFacts {
  dates: { deadline: string[]; 'publication-date': string[]; unslotted: string[] };
  posts: number[];
  numbers: number[];
}

const DEADLINE_CUES = /\b(scad\w*|entro|termine|termini|presentazion\w*|present\w+ (la |le )?domand\w*|ultimo giorno|chius\w*|fino al|deadline|candidatur\w*|inviare|invio)\b/;
const PUBLICATION_CUES = /\b(pubblicat\w*|pubblicazione|gazzetta|g\.?\s?u\.?|bollettino|bur|burl|uscit\w*|emanat\w*|emess\w*|indett\w*|datat\w*)\b/;
const POSTS_NOUN = '(?:posti|posto|unita|vincitori|assunzioni|figure|persone|candidati da assumere)';
const NUM = '(\\d{1,3}(?:\\.\\d{3})+|\\d+|[a-z]+)';
/** A count right before the noun: "4 posti", "quattro nuovi posti", "n. 4 posti", "n. 2 (due) posti". */
const COUNT_BEFORE = new RegExp(`(?:\\bn\\.?\\s*)?\\b${NUM}\\s+(?:\\(\\s*[a-z0-9]+\\s*\\)\\s+)?(?:[a-z]+\\s+)?${POSTS_NOUN}\\b`, 'g');
/** The noun, then a copula, then the count: "i posti sono 1", "posti disponibili: 4", "il numero di posti è quattro". */
const QUALIFIERS = '(?:\\s+(?:messi|previsti|disponibili|complessivi|totali|a concorso|in tutto|banditi|del bando|di questo bando))*';
const COUNT_AFTER = [
  // A copula needs the noun to be the subject ("i posti sono", "il numero di posti è"): "4 posti e 1 idoneo" is no statement.
  new RegExp(`\\b(?:i|gli|le|numero (?:di|dei|delle)|totale (?:di|dei))\\s+${POSTS_NOUN}\\b${QUALIFIERS}\\s+(?:sono|is|pari a|ammontano a)\\s+(?:in tutto\\s+|complessivamente\\s+|soltanto\\s+|solo\\s+)?${NUM}\\b`, 'g'),
  new RegExp(`\\b${POSTS_NOUN}\\b${QUALIFIERS}\\s*:\\s*${NUM}\\b`, 'g'),
];
/** Numbers that are never a count of posts: article and paragraph numbers, hours, ages, percentages. */
const NOT_COUNTS = /\b(art|artt|articolo|articoli|comma|lettera|allegato|ore|h)\.?\s*\d+[a-z]?\b|\b\d+\s*(anni|%|per cento|euro|giorni|mesi|ore|punti)\b/g;

const MONTHS = /^(gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)$/;

function fold(text: string): string {
  return foldAccents(text.toLocaleLowerCase('it'));
}

/** Words of a text as folded tokens with their offsets in the folded text. */
function tokens(text: string): { word: string; start: number; end: number }[] {
  return [...text.matchAll(/[a-z0-9]+/g)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }));
}

const isValueWord = (w: string) => /\d/.test(w) || MONTHS.test(w) || (parseItalianNumberWord(w) !== undefined && w !== 'un' && w !== 'una');

/** Blanks `ranges` of `text`'s value words (digits, number words, months), keeping the cue words around them. */
function blankValues(text: string, ranges: [number, number][]): string {
  let out = text;
  for (const [from, to] of ranges) {
    const span = out.slice(from, to).replace(/[a-z0-9]+/g, (w) => (isValueWord(w) ? '·'.repeat(w.length) : w));
    out = out.slice(0, from) + span + out.slice(to);
  }
  return out;
}

/** Spans inside quotes: «…», “…”, "…". */
function quotedSpans(text: string): [number, number][] {
  return [...text.matchAll(/«[^»]*»|“[^”]*”|"[^"\n]*"/g)].map((m) => [m.index, m.index + m[0].length]);
}

/**
 * Spans of the answer that repeat at least `n` consecutive words of one of `sources` (the question, the title).
 * Eight words make a copy, not a restatement: "prevede 4 posti di istruttore tecnico, categoria C" still states 4.
 */
function echoedSpans(answer: string, sources: string[], n = 8): [number, number][] {
  const { grams, starts } = gramsOf(sources, n);
  if (grams.size === 0) return [];
  const t = tokens(answer);
  const out: [number, number][] = [];
  for (let i = 0; i + n <= t.length; i++) {
    // Only a window opening with a word some gram opens with can be one (the join is the costly part).
    if (starts.has(t[i]!.word) && grams.has(t.slice(i, i + n).map((x) => x.word).join(' '))) out.push([t[i]!.start, t[i + n - 1]!.end]);
  }
  return out;
}

/** The `n`-word sequences of `sources` and their first words (memoised: a case's question and title recur for every mutant). */
const gramsOf = memoize(
  (sources: string[], n: number) => {
    const grams = new Set<string>();
    const starts = new Set<string>();
    for (const s of sources) {
      const w = tokens(fold(s)).map((t) => t.word);
      for (let i = 0; i + n <= w.length; i++) {
        grams.add(w.slice(i, i + n).join(' '));
        starts.add(w[i]!);
      }
    }
    return { grams, starts };
  },
  memoKey,
  256,
);

function numberOf(raw: string): number | undefined {
  if (/^\d/.test(raw)) return Number(raw.replace(/\./g, ''));
  if (raw === 'un' || raw === 'una') return undefined;
  return parseItalianNumberWord(raw);
}

/**
 * The clauses a date's slot is read from: sentences, split again at commas, brackets and "e"/"mentre"/"ma".
 * Abbreviation dots ("G.U.", "n.", "art.") are not sentence ends.
 */
function clauses(text: string): string[] {
  const plain = text.replace(/\bg\.\s?u\.?/g, 'gu').replace(/\b(n|nr|art|artt|pag|ecc)\.\s?/g, '$1 ');
  return plain.split(/\.(?=\s|$)|[;!?\n(),]|\s(?:e|ed|mentre|ma|invece)\s/);
}

/**
 * The facts an answer states, by slot. `echoes` are texts whose words the answer may repeat without stating
 * anything (the user's question, the bando's title).
 */
export const slottedFacts: (answer: string, echoes: string[]) => SlottedFacts = memoize(computeSlottedFacts, memoKey);

function computeSlottedFacts(answer: string, echoes: string[]): SlottedFacts {
  // "è" (is) becomes "is" before folding, or it would read as the conjunction "e" the clauses are split at.
  const folded = fold(answer.replace(/(?<!\p{L})[èÈ](?!\p{L})/gu, 'is')).replace(/\bprimo(?=\s+[a-z])/g, '1');
  const text = blankValues(folded, [...quotedSpans(folded), ...echoedSpans(folded, echoes)]);
  const out: SlottedFacts = { dates: { deadline: [], 'publication-date': [], unslotted: [] }, posts: [], numbers: [] };
  for (const clause of clauses(text)) {
    const { dates } = extractFacts(clause);
    if (dates.length === 0) continue;
    const deadline = DEADLINE_CUES.test(clause);
    const publication = PUBLICATION_CUES.test(clause);
    const slot = deadline && !publication ? 'deadline' : publication && !deadline ? 'publication-date' : 'unslotted';
    out.dates[slot].push(...dates);
  }
  const counts = text.replace(NOT_COUNTS, ' ');
  for (const re of [COUNT_BEFORE, ...COUNT_AFTER]) {
    for (const m of counts.matchAll(re)) {
      const n = numberOf(m[1] ?? '');
      if (n !== undefined) out.posts.push(n);
    }
  }
  out.numbers = extractFacts(text).numbers;
  return out;
}
