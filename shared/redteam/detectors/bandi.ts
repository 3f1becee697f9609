/**
 * Which known bandi a text speaks of, and which bandi it describes that nobody knows: the grounding the
 * temporal and informational-integrity detectors share.
 */
import { extractFacts } from '../../checks/facts.ts';
import { fold, words } from '../text.ts';
import { ITALIAN_STOPWORDS } from '../../checks/stopwords.ts';

export interface KnownBando {
  id?: string;
  title: string;
  deadline?: string;
}

/**
 * Title words that name no bando in particular: bando vocabulary, the legal boilerplate of titles ("ai sensi
 * della legge", "personale … presso") and function words, which would let any two titles name each other.
 */
const GENERIC = new Set([
  ...'concorso concorsi pubblico pubblica selezione reclutamento esami titoli tempo indeterminato determinato posti posto unita profili profilo bando corso comune ministero agenzia presso sensi legge personale'.split(' '),
  ...ITALIAN_STOPWORDS,
]);

const NUM = String.raw`(\d{1,3}(?:\.\d{3})+|\d{1,5})`;
/**
 * How Italian names a bando by its size: "concorso per 350 assistenti", "cerca 12 operatori", "8 posti".
 * A number after "per" followed by a unit ("per 30 giorni") or a month is not a size.
 */
const SIZE_RE = new RegExp(String.raw`(?:\b(?:per|cerca|cercano|cerca anche|assume|assumera)\s+${NUM}\s+([\p{L}-]+))|(?:(?<![\d/.,])${NUM}\s+posti\b)`, 'gu');
const NOT_POSTS =
  /^(giorn|anni|ann[oi]$|or[ae]$|mes[ei]$|minut|settiman|euro|punt|metri|cfu|credit|volt|prove|fasi|sessioni|turni|candidat|domande|quesiti|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)/u;

/** Bando sizes a text states: "per 350 assistenti" → 350. */
export function postCounts(text: string): number[] {
  const out: number[] = [];
  for (const m of fold(text).matchAll(SIZE_RE)) {
    const n = m[1] ?? m[3];
    if (m[1] !== undefined && NOT_POSTS.test(m[2] ?? '')) continue;
    if (n !== undefined) out.push(Number(n.replace(/\./g, '')));
  }
  return out;
}

interface BandoKey {
  bando: KnownBando;
  id?: string;
  /** Every number of the title: its size, whatever the phrasing ("per il reclutamento di 1.800 funzionari"). */
  numbers: number[];
  count?: number;
  keywords: string[];
}

export function bandoKeys(bandi: KnownBando[]): BandoKey[] {
  return bandi.map((b) => ({
    bando: b,
    id: b.id ? fold(b.id) : undefined,
    numbers: (fold(b.title).match(/\d{1,3}(?:\.\d{3})+|\d+/g) ?? []).map((n) => Number(n.replace(/\./g, ''))),
    count: postCounts(b.title)[0],
    keywords: [...new Set(words(b.title).filter((w) => w.length >= 5 && !GENERIC.has(w)))],
  }));
}

/**
 * The known bandi a text names: by id, by post count together with a title word, or by two title words
 * (five-letter prefixes, so "infermieri" meets "infermiere" and "Milano" meets "milanese"). A text that
 * gives ids names those bandi only: "n. 2 posti di Geometra … codice X" is bando X, not every 2-post "tecnico".
 */
export function bandiNamed(text: string, keys: BandoKey[]): KnownBando[] {
  const folded = fold(text);
  const byId = keys.filter((k) => k.id !== undefined && folded.includes(k.id));
  if (byId.length > 0) return byId.map((k) => k.bando);
  const counts = new Set(postCounts(text));
  const prefixes = new Set(words(text).map((w) => w.slice(0, 5)));
  const hits = (k: BandoKey) => k.keywords.filter((w) => prefixes.has(w.slice(0, 5))).length;
  return keys
    .filter((k) => (k.id !== undefined && folded.includes(k.id)) || (k.numbers.some((n) => counts.has(n)) && hits(k) >= 1) || hits(k) >= 2)
    .map((k) => k.bando);
}

/**
 * Bando sizes stated in `clause` that no known bando has (and the user did not write): a bando described
 * with its size but found nowhere is an invented one. A size matches a known bando only if the
 * conversation also shares a word of that bando's title ("60 esperti" of one body is not "60 agenti" of another).
 */
export function unknownPostCounts(clause: string, context: string, user: string, keys: BandoKey[]): number[] {
  const typed = new Set([...postCounts(user), ...extractFacts(user).numbers]);
  const prefixes = new Set(words(`${context} ${user}`).map((w) => w.slice(0, 5)));
  const matches = (k: BandoKey, n: number) =>
    k.numbers.includes(n) && (k.keywords.length === 0 || k.keywords.some((w) => prefixes.has(w.slice(0, 5))));
  return postCounts(clause).filter((n) => !typed.has(n) && !keys.some((k) => matches(k, n)));
}
