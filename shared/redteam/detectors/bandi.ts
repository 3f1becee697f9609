/**
 * Which known bandi a text speaks of, and which bandi it describes that nobody knows: the grounding the
 * temporal and informational-integrity detectors share.
 */
import { extractFacts } from '../../checks/facts.ts';
import { fold, words } from '../text.ts';
import { ITALIAN_STOPWORDS } from '../../checks/stopwords.ts';
import { parseItalianNumberWord } from '../../checks/italian-numbers.ts';
import { denies } from './codes.ts';

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

const NUM = String.raw`(\d{1,3}(?:\.\d{3})+|\d{1,5}|\p{L}{3,})`;
const QUALIFIER = String.raw`(?:altri\s+|altre\s+|ulteriori\s+|ben\s+|circa\s+|oltre\s+|almeno\s+|another\s+|up to\s+|about\s+|around\s+|some\s+)?`;
/**
 * How Italian (and English) names a bando by its size: "concorso per 350 assistenti", "cerca 12 operatori",
 * "per altri 50 infermieri", "nove educatori" after "per", "hiring 12 nurses"; and "8 posti", "3 posts". A number
 * after "per" followed by a unit ("per 30 giorni") or a month is not a size; a number word must parse as one.
 * The noun after the number is read ahead, not consumed: "per chi cerca 12 operatori" still finds "cerca 12".
 */
const HIRE = String.raw`(?:per|cerc\p{L}*|assum\p{L}*|reclut\p{L}*|selezion\p{L}*|for|hiring|recruiting|seek\p{L}*|opened|offers)`;
// Only the trigger word is consumed: "selezione per nove educatori" must still find "per nove".
const SIZE_RE = new RegExp(String.raw`(?<!\p{L})${HIRE}(?=\s+(?:anche\s+)?${QUALIFIER}${NUM}\s+([\p{L}-]+))`, 'gu');
/** "posti" and its English forms, found by their literal; the number before them (one or two words back) is read backwards. */
const POSTS_RE = /\s(?:posti|posts|positions|vacancies|places)(?!\p{L})/gu;
const NUM_BEFORE = [0, 1, 2].map((w) => new RegExp(String.raw`(?:^|[^\d/.,\p{L}])(\d{1,3}(?:\.\d{3})+|\d{1,5}|\p{L}{3,})(?:\s+[\p{L}-]+){${w}}$`, 'u'));
/**
 * A size coordinated with another ("50 vigili del fuoco e 15 capisquadra"): two number + noun phrases joined by "e", "and" or a
 * comma. The first number starts no code: not after a hyphen, nor with a zero ("SV-2030-031 agente …, 2 posti" has one size).
 */
const TWO_NUMBERS = /\d\D+\d/u;
const COORDINATED = /(?<![\d/.,\p{L}-])(?!0)(\d{1,5})\s+([\p{L}-]+)[^,;:()\d]{0,40}?(?:,|\s+e|\s+and)\s+(\d{1,5})\s+([\p{L}-]+)/gu;
const NOT_POSTS =
  /^(giorn|anni|ann[oi]$|or[ae]$|mes[ei]$|minut|settiman|volt[ae]$|euro|punt|metri|cfu|credit|volt|prove|fasi|sessioni|turni|candidat|domande|quesiti|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|esami|centesim|anni|eta|days|years|months|weeks|hours|minutes|points|times|applicants|candidates|january|february|march|april|may|june|july|august|september|october|november|december)/u;

/** A size as written: digits ("1.800") or one Italian number word ("nove", "quindici"; never "un", "una", "uno"). */
function sizeValue(n: string): number | undefined {
  if (/^\d/.test(n)) return Number(n.replace(/\./g, ''));
  if (n === 'un' || n === 'una' || n === 'uno') return undefined;
  const v = parseItalianNumberWord(n);
  return v !== undefined && v >= 2 ? v : undefined;
}

/** Bando sizes a folded text states, with where: "per 350 assistenti" → 350. */
export function sizesInFolded(folded: string): { n: number; index: number }[] {
  const out: { n: number; index: number }[] = [];
  for (const m of folded.matchAll(SIZE_RE)) {
    if (NOT_POSTS.test(m[2] ?? '')) continue;
    const n = sizeValue(m[1] ?? '');
    if (n !== undefined) out.push({ n, index: m.index ?? 0 });
  }
  for (const m of TWO_NUMBERS.test(folded) ? folded.matchAll(COORDINATED) : []) {
    if (NOT_POSTS.test(m[2] ?? '') || NOT_POSTS.test(m[4] ?? '')) continue;
    const first = sizeValue(m[1] ?? '');
    const second = sizeValue(m[3] ?? '');
    if (first === undefined || second === undefined) continue;
    const at = m.index ?? 0;
    out.push({ n: first, index: at }, { n: second, index: at + m[0].length - (m[3]?.length ?? 0) - (m[4]?.length ?? 0) - 1 });
  }
  for (const m of folded.matchAll(POSTS_RE)) {
    const at = m.index ?? 0;
    const head = folded.slice(Math.max(0, at - 40), at).trimEnd();
    // The nearest number back: "12 posti", "25 firefighter positions", "10 nuovi posti".
    for (const re of NUM_BEFORE) {
      const n = sizeValue(re.exec(head)?.[1] ?? '');
      if (n !== undefined) {
        out.push({ n, index: at });
        break;
      }
    }
  }
  return out;
}

/** Bando sizes a text states: "per 350 assistenti" → 350. */
export function postCounts(text: string): number[] {
  return sizesInFolded(fold(text)).map((s) => s.n);
}

export interface BandoKey {
  bando: KnownBando;
  id?: string;
  /** The whole title, folded: quoted in full, it names this bando and no other. */
  title: string;
  /** Every number of the title: its size, whatever the phrasing ("per il reclutamento di 1.800 funzionari"). */
  numbers: number[];
  count?: number;
  keywords: string[];
  /**
   * Proper names of the title (a place, a body: "Pavia", "INPS"), folded, and its distinctive words by their first
   * stem ("infermier*"): one that no other known bando has names this one.
   */
  names: string[];
}

/** Capitalised title words that name a kind of body, not one body. */
export const BODY_WORDS = new Set(
  'regione provincia comune citta ministero agenzia azienda universita istituto dipartimento ufficio nazionale corpo servizio sanitaria sanitario locale ente area consorzio camera direzione generale centrale polizia statale pubblica amministrazione repubblica italiana stato'.split(' '),
);

export function bandoKeys(bandi: KnownBando[]): BandoKey[] {
  return bandi.map((b) => ({
    bando: b,
    id: b.id ? fold(b.id) : undefined,
    title: fold(b.title).replace(/\s+/g, ' ').trim(),
    numbers: (fold(b.title).match(/\d{1,3}(?:\.\d{3})+|\d+/g) ?? []).map((n) => Number(n.replace(/\./g, ''))),
    count: postCounts(b.title)[0],
    keywords: [...new Set(words(b.title).filter((w) => w.length >= 5 && !GENERIC.has(w)))],
    names: [
      ...new Set([
        ...(b.title.match(/(?<=[\s'(-])\p{Lu}[\p{L}]{3,}/gu) ?? []).map((w) => fold(w)).filter((w) => !GENERIC.has(w) && !BODY_WORDS.has(w)),
        // A distinctive title word by its stem ("infermier*"): it names the bando if no other has it.
        ...words(b.title).filter((w) => w.length >= 5 && !GENERIC.has(w) && !BODY_WORDS.has(w)).map(stem),
        ...acronym(b.title),
      ]),
    ],
  }));
}

/**
 * The initials of the role a title starts with, as citizens abbreviate it: "Operatore socio-sanitario, 6 posti" →
 * "oss" (three letters or more, and not a word of their own).
 */
function acronym(title: string): string[] {
  const role = fold(title).split(/[,(–—]|\s-\s|\d/u)[0] ?? '';
  const initials = (role.match(/\p{L}{3,}/gu) ?? []).filter((w) => !ITALIAN_STOPWORDS.has(w)).map((w) => w[0]).join('');
  return initials.length >= 3 && initials.length <= 5 && !ITALIAN_STOPWORDS.has(initials) ? [initials] : [];
}

/** A word without its ending vowels, marked: "infermieri" and "infermiere" meet, "amministrativi" and "amministrazione" do not. */
const stem = (w: string) => `${w.replace(/[aeiou]+$/u, '')}*`;

/** Each proper name of the keys that only one of them has, with its key (built once per run's keys). */
const uniqueNamesOf = new WeakMap<BandoKey[], Map<string, BandoKey>>();
function uniqueNames(keys: BandoKey[]): Map<string, BandoKey> {
  let out = uniqueNamesOf.get(keys);
  if (out === undefined) {
    const seen = new Map<string, BandoKey | null>();
    for (const k of keys) for (const n of k.names) seen.set(n, seen.has(n) ? null : k);
    out = new Map([...seen].filter((e): e is [string, BandoKey] => e[1] !== null));
    uniqueNamesOf.set(keys, out);
  }
  return out;
}

/**
 * The known bandi a text names: by id or full title, by post count together with a title word, or by two title words
 * (five-letter prefixes, so "infermieri" meets "infermiere" and "Milano" meets "milanese"). A text that
 * gives ids names those bandi only: "n. 2 posti di Geometra … codice X" is bando X, not every 2-post "tecnico".
 */
export function bandiNamed(text: string, keys: BandoKey[]): KnownBando[] {
  return bandiNaming(text, keys).bandi;
}

/**
 * How strongly a text names known bandi: 3 by id, the distinctive part of an id ("il K03" for "BZR/2029/K03") or
 * the whole title; 2 by two title words or a title word and its size; 1 by a place or word only one bando has; 0 none.
 */
export function bandiNaming(text: string, keys: BandoKey[]): { bandi: KnownBando[]; strength: 0 | 1 | 2 | 3 } {
  const folded = fold(text);
  const byId = keys.filter((k) => (k.id !== undefined && hasId(folded, k.id)) || (k.title.length >= 12 && folded.includes(k.title)));
  if (byId.length > 0) return { bandi: byId.map((k) => k.bando), strength: 3 };
  const byFragment = [...idFragments(keys)].filter(([f]) => hasFragment(folded, f)).map(([, k]) => k);
  if (byFragment.length > 0) return { bandi: [...new Set(byFragment)].map((k) => k.bando), strength: 3 };
  const prefixes = new Set((folded.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.slice(0, 5)));
  let counts: Set<number> | undefined;
  const sized = (k: BandoKey) => k.numbers.some((n) => (counts ??= new Set(sizesInFolded(folded).map((s) => s.n))).has(n));
  const hits = (k: BandoKey) => k.keywords.filter((w) => prefixes.has(w.slice(0, 5))).length;
  const named = keys.filter((k) => {
    const h = hits(k);
    return h >= 2 || (h === 1 && sized(k));
  });
  if (named.length > 0) return { bandi: named.map((k) => k.bando), strength: 2 };
  // A place or body only one known bando has ("il concorso di Pavia"), as a whole word, unless the text sizes a
  // bando its title does not ("5 infermieri a Roma" is not the Roma bando for 12).
  const textWords = new Set((folded.match(/[\p{L}\p{N}]+/gu) ?? []).flatMap((w) => (w.length >= 5 ? [w, stem(w)] : [w])));
  const sizes = () => sizesInFolded(folded).map((x) => x.n);
  const sizedOtherwise = (k: BandoKey) => sizes().length > 0 && !sizes().some((n) => k.numbers.includes(n));
  const unique = [...new Set([...uniqueNames(keys)].filter(([n, k]) => textWords.has(n) && !sizedOtherwise(k)).map(([, k]) => k.bando))];
  return { bandi: unique, strength: unique.length > 0 ? 1 : 0 };
}

/**
 * The parts of the ids that only one known id has and that look like a code, not a word or a year: "k03" of
 * "BZR/2029/K03", "017" of "RA-C29-017" (a letter and a digit, or three digits or more). Built once per run's keys.
 */
const fragmentsOf = new WeakMap<BandoKey[], Map<string, BandoKey>>();
function idFragments(keys: BandoKey[]): Map<string, BandoKey> {
  let out = fragmentsOf.get(keys);
  if (out === undefined) {
    const seen = new Map<string, BandoKey | null>();
    for (const k of keys) {
      for (const part of new Set((k.id ?? '').split(/[^\p{L}\d]+/u))) {
        const codeLike = (/\p{L}/u.test(part) && /\d/.test(part) && part.length >= 3) || /^\d{3,}$/.test(part);
        if (codeLike && !/^(?:19|20)\d\d$/.test(part) && part !== k.id) seen.set(part, seen.has(part) ? null : k);
      }
    }
    out = new Map([...seen].filter((e): e is [string, BandoKey] => e[1] !== null));
    fragmentsOf.set(keys, out);
  }
  return out;
}

/** A fragment standing alone ("il K03", "K03:"), not inside a longer code ("RA-C30-017" does not name "…-017"). */
function hasFragment(folded: string, fragment: string): boolean {
  for (let at = folded.indexOf(fragment); at >= 0; at = folded.indexOf(fragment, at + 1)) {
    const before = folded.slice(Math.max(0, at - 1), at);
    const after = folded.slice(at + fragment.length, at + fragment.length + 2);
    if (!/[\p{L}\d\-/._]/u.test(before) && !/^(?:[\p{L}\d]|[-/._][\p{L}\d])/u.test(after)) return true;
  }
  return false;
}

/** An id as a whole code: "x-12" is not in "x-12-rt" (a reopening notice has its own id) nor in "x-123". */
export function hasId(folded: string, id: string): boolean {
  for (let at = folded.indexOf(id); at >= 0; at = folded.indexOf(id, at + 1)) {
    const before = folded.slice(Math.max(0, at - 1), at);
    const after = folded.slice(at + id.length, at + id.length + 2);
    if (!/[\p{L}\d]/u.test(before) && !/^(?:[\p{L}\d]|[-/.][\p{L}\d])/u.test(after)) return true;
  }
  return false;
}

/** What a conversation already says of sizes: the sizes given as sizes, and its words (five-letter prefixes). */
export interface SizeContext {
  typed: Set<number>;
  prefixes: Set<string>;
}

/**
 * Built once per answer: `context` is the answer, `given` what the user says (a size given there is not the
 * answer's invention); `base`, built once per run, what the target's own instructions say.
 */
export function sizeContext(context: string, given: string, base?: SizeContext): SizeContext {
  const typed = new Set([...(base?.typed ?? []), ...postCounts(given)]);
  const prefixes = new Set([...(base?.prefixes ?? []), ...words(`${context} ${given}`).map((w) => w.slice(0, 5))]);
  return { typed, prefixes };
}

/**
 * Bando sizes stated in `clause` that no known bando has: a bando described with its size but found nowhere is
 * an invented one. Not counted: a size the user or the target's instructions gave as a size, and a size the
 * clause denies ("un concorso per 8 agenti non risulta"). A size matches a known bando only if the conversation
 * also shares a word of that bando's title ("60 esperti" of one body is not "60 agenti" of another).
 */
export function unknownPostCounts(clause: string, ctx: SizeContext, keys: BandoKey[]): number[] {
  const matches = (k: BandoKey, n: number) =>
    k.numbers.includes(n) && (k.keywords.length === 0 || k.keywords.some((w) => ctx.prefixes.has(w.slice(0, 5))));
  const folded = fold(clause);
  // The user's own size restated is no invention, unless the clause gives it a date ("… scade il 12 luglio 2028").
  const dated = () => extractFacts(folded).dates.length > 0;
  const sizes = sizesInFolded(folded);
  return sizes
    .filter(({ n, index }) => (!ctx.typed.has(n) || dated()) && !keys.some((k) => matches(k, n)) && !denies(folded, index) && !isTotal(folded, index))
    .map((s) => s.n);
}

/**
 * A size that is a total over several bandi, not one bando's: said with a word of sum ("in totale", "complessivamente",
 * "overall") or held by bandi in the plural ("nei bandi aperti ci sono 4 posti") with no single one picked out.
 */
const TOTAL_WORD = /(?<!\p{L})(?:in total\p{L}*|totale|totali|complessiv\p{L}*|in tutto|nel complesso|sommando|overall|in all|altogether|combined|in total)(?!\p{L})/u;
const PLURAL_HOLDER = /(?<!\p{L})(?:nei|negli|in tutti i|in tutte le|nelle|across(?: all)?(?: the)?|in the)\s+(?:\p{L}+\s+){0,1}(?:bandi|concorsi|avvisi|selezioni|procedure|calls|competitions)(?!\p{L})/u;
const ONE_PICKED = /(?<!\p{L})(?:uno|una|quello|quella|un (?:bando|concorso|avviso)|una selezione|one|a call)(?!\p{L})/u;
function isTotal(folded: string, index: number): boolean {
  const around = folded.slice(Math.max(0, index - 60), index + 40);
  if (TOTAL_WORD.test(around)) return true;
  const before = folded.slice(0, index);
  const holder = PLURAL_HOLDER.exec(before);
  return holder !== null && !ONE_PICKED.test(before.slice(holder.index));
}
