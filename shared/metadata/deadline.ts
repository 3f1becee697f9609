/**
 * The deadline for applications: absolute ("entro il 31 gennaio 2027", "entro le ore 12:00 del 15/01/2027",
 * "Scadenza: 25/6/2000") or relative to publication ("entro il trentesimo giorno successivo alla data di
 * pubblicazione … nella Gazzetta Ufficiale", "sino alle ore 12 del 30° giorno successivo", "entro 30 giorni
 * dalla pubblicazione"). A relative deadline is computed from the Gazzetta (or portal) date and, when it lands
 * on a Sunday or a national holiday, moved to the next working day. The count starts from the venue the sentence
 * names (the Gazzetta Ufficiale, a regional bulletin, the albo), dated by the metadata or by the text itself
 * ("l'estratto è pubblicato nella G.U. n. 96 del 1° dicembre 2026"); without such a date the deadline is not
 * computed and the diff sends it to review.
 */
import type { DeadlineEntity, ExtractOptions, Island } from './types.ts';
import { addDays, nextWorkingDay } from './holidays.ts';
import { foldKeepLength, sentenceBounds, snippet } from './normalize.ts';
import { parseCount, parseItalianOrdinal } from './numbers.ts';
import { readingView } from './reading.ts';

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];
const CUE_RE = /\b(?:entro|non oltre|scadenza|scade|sino|fino)\b/g;
const NUMERIC_DATE = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b/;
const WORD_DATE = new RegExp(`\\b(\\d{1,2}|1°|1º|primo)\\s+(${MONTHS.join('|')})\\s+(\\d{4})\\b`);
const TIME_RE = /\bore\s+(\d{1,2})(?:[:.,](\d{2}))?/;
const ORDINAL_DAY = /(\d{1,3}\s*(?:°|º|mo)?|[a-z]+esimo|primo)\s+giorno\s+(?:non festivo\s+)?(?:successiv|decorrent|a decorrere|dalla|da quello|dopo)/;
const DAYS = /\b(\d{1,3}|[a-z]+)\s+(?:\(\w+\)\s+)?giorni\s+(?:naturali\s+(?:e\s+)?consecutivi\s+)?(?:dalla|decorrenti|successivi|a decorrere|dal giorno successivo|dopo)/;
const APPLICATION = /domand|candidatur|istanz|presentazion|scadenza|termine|inoltrat|aperto|partecipazion/;

function fullYear(y: string): number {
  const n = Number(y);
  return y.length === 2 ? (n < 50 ? 2000 + n : 1900 + n) : n;
}

function iso(y: number, m: number, d: number): string | undefined {
  if (m < 1 || m > 12 || d < 1 || d > 31) return undefined;
  const s = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s ? s : undefined;
}

function time(h: string | undefined, min: string | undefined): string | undefined {
  if (h === undefined) return undefined;
  const hh = Number(h);
  const mm = Number(min ?? '0');
  return hh <= 24 && mm < 60 ? `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}` : undefined;
}

type Venue = 'gazzetta' | 'bulletin' | 'albo' | 'web';
/** Where a notice is published; the national Gazzetta is told apart from a region's own "Gazzetta Ufficiale della Regione". */
const VENUES: [Venue, RegExp][] = [
  ['bulletin', /bollettino|\bb\.\s?u\.\s?r\.?\w*|\bbur[a-z]{0,2}\b|gazzetta ufficiale della regione/g],
  ['gazzetta', /gazzetta ufficiale(?! della regione)|\bg\.\s?u\.(?:r\.\s?i\.)?|concorsi ed esami/g],
  ['albo', /albo (?:pretorio|on ?line)|\balbo\b/g],
  ['web', /sito (?:internet|istituzionale|web|aziendale)|portale/g],
];
const ANCHOR_DATE = new RegExp(`\\b(?:del|dell'|in data|dal|il)\\s*(\\d{1,2}|1°|1º|primo)\\s+(${MONTHS.join('|')})\\s+(\\d{4})\\b|\\b(?:del|in data|dal)\\s+(\\d{1,2})[/.](\\d{1,2})[/.](\\d{4})\\b`, 'g');

function venuesIn(s: string): { venue: Venue; at: number }[] {
  const out: { venue: Venue; at: number }[] = [];
  for (const [venue, re] of VENUES) for (const m of s.matchAll(re)) if (!out.some((o) => Math.abs(o.at - m.index) < 5)) out.push({ venue, at: m.index });
  return out.sort((a, b) => a.at - b.at);
}

/**
 * The publication dates the text itself gives ("L'estratto è pubblicato nella G.U. n. 96 del 1° dicembre 2026",
 * "B.U.R.P. n. 95 del 26 novembre 2026", "all'Albo pretorio dal 3 dicembre 2026"): each date with the venue
 * named closest before it in the same sentence.
 */
export function publicationAnchors(view: string): { venue: Venue; date: string; at: number; end: number }[] {
  const out: { venue: Venue; date: string; at: number; end: number }[] = [];
  for (const m of view.matchAll(ANCHOR_DATE)) {
    const date = m[2] ? iso(Number(m[3]), MONTHS.indexOf(m[2]) + 1, /^\d+$/.test(m[1] ?? '') ? Number(m[1]) : 1) : iso(Number(m[6]), Number(m[5]), Number(m[4]));
    if (!date) continue;
    const lead = view.slice(Math.max(0, m.index - 160), m.index);
    // The nearest venue after the previous date or ';' ("n. 93", "G.U." are not sentence ends).
    const cut = Math.max(lead.lastIndexOf(';'), lead.search(/\d{4}(?!.*\d{4})/) + 3);
    const venue = venuesIn(lead.slice(cut + 1)).pop();
    if (venue) out.push({ venue: venue.venue, date, at: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** What the count starts from: the venue the sentence names after the term; none named → "pubblicazione" generically. */
function basisOf(view: string, from: number, sentenceEnd: number): Venue | 'publication' {
  const first = venuesIn(view.slice(from, Math.min(sentenceEnd + 1, from + 300)))[0];
  if (first) return first.venue;
  // "dalla data di pubblicazione … nella Gazzetta Ufficiale … sino al 30° giorno successivo": the venue may come
  // before the term, in the same sentence.
  const lead = view.slice(Math.max(0, from - 300), from);
  const start = Math.max(lead.lastIndexOf(';'), lead.search(/[^n\d]\.\s(?!.*[^n\d]\.\s)/s) + 2, 0);
  const before = lead.slice(start);
  return /pubblicazione/.test(before) && venuesIn(before).some((v) => v.venue === 'gazzetta') ? 'gazzetta' : 'publication';
}

/** The date the count starts from: the metadata's when it has it, else the one date the text gives for that venue. */
function baseDate(basis: Venue | 'publication', opts: ExtractOptions, anchors: { venue: Venue; date: string }[]): string | undefined {
  const only = (v: Venue) => {
    const dates = [...new Set(anchors.filter((a) => a.venue === v).map((a) => a.date))];
    return dates.length === 1 ? dates[0] : undefined;
  };
  if (basis === 'gazzetta') return opts.gazzettaDate ?? only('gazzetta');
  if (basis === 'publication') return opts.publicationDate ?? opts.gazzettaDate ?? only('gazzetta');
  return only(basis);
}

/** The clause after a cue: up to 160 characters, ending at ';', a line break or a full stop (not "n. 5"). */
function clauseAfter(folded: string, from: number): string {
  const raw = folded.slice(from, from + 160);
  const stop = /;|\n|[^n\d]\.\s/.exec(raw);
  return stop ? raw.slice(0, stop.index + 1) : raw;
}

export function extractDeadlines(text: string, _islands: Island[], opts: ExtractOptions): DeadlineEntity[] {
  // Sentences are read whole: OCR line wraps and hyphenated words do not cut a term in two.
  const view = readingView(foldKeepLength(text));
  const v = view.s;
  const anchors = publicationAnchors(v);
  const span = (a: number, b: number) => snippet(text, view.orig(a), view.orig(b));
  const out: DeadlineEntity[] = [];
  const seen = new Set<number>();
  for (const cue of v.matchAll(CUE_RE)) {
    const from = cue.index + cue[0].length;
    const sentence = sentenceBounds(v, cue.index, 300);
    if (!APPLICATION.test(v.slice(sentence.start, sentence.end))) continue;
    const clause = clauseAfter(v, from);
    // "se il termine cade in un giorno festivo è prorogato al primo giorno successivo": the rule, not a date.
    if (/festiv|prorogat/.test(clause)) continue;
    const t = TIME_RE.exec(clause);
    const at = t ? time(t[1], t[2]) : undefined;
    const ord = ORDINAL_DAY.exec(clause);
    const days = ord ? parseItalianOrdinal(ord[1] ?? '') : (() => {
      const d = DAYS.exec(clause);
      return d ? parseCount(d[1] ?? '') : undefined;
    })();
    const rel = ord ?? DAYS.exec(clause);
    if (rel && days !== undefined && days > 0 && days < 400) {
      const end = from + rel.index + rel[0].length;
      if (seen.has(end)) continue;
      seen.add(end);
      const basis = basisOf(v, end, sentence.end);
      const base = baseDate(basis, opts, anchors);
      const computed = base ? addDays(base, days) : undefined;
      const date = computed ? nextWorkingDay(computed) : undefined;
      out.push({
        kind: 'deadline',
        basis: 'relative',
        days,
        from: basis,
        ...(base ? { countedFrom: base } : {}),
        ...(date ? { date } : {}),
        ...(computed && date !== computed ? { rolledOverFrom: computed } : {}),
        ...(at ? { time: at } : {}),
        confidence: date ? 0.9 : 0.5,
        evidence: span(cue.index, end),
      });
      continue;
    }
    const n = NUMERIC_DATE.exec(clause);
    const w = WORD_DATE.exec(clause);
    const first = n && (!w || n.index < w.index) ? n : w;
    if (!first) continue;
    const date =
      first === n
        ? iso(fullYear(n[3] ?? ''), Number(n[2]), Number(n[1]))
        : iso(Number(w?.[3]), MONTHS.indexOf(w?.[2] ?? '') + 1, /^\d+$/.test(w?.[1] ?? '') ? Number(w?.[1]) : 1);
    const end = from + first.index + first[0].length;
    if (!date || seen.has(end)) continue;
    seen.add(end);
    out.push({ kind: 'deadline', basis: 'absolute', date, ...(at ? { time: at } : {}), confidence: 0.9, evidence: span(cue.index, end) });
  }
  return out;
}
