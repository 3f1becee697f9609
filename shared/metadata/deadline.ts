/**
 * The deadline for applications: absolute ("entro il 31 gennaio 2027", "entro le ore 12:00 del 15/01/2027",
 * "Scadenza: 25/6/2000") or relative to publication ("entro il trentesimo giorno successivo alla data di
 * pubblicazione … nella Gazzetta Ufficiale", "sino alle ore 12 del 30° giorno successivo", "entro 30 giorni
 * dalla pubblicazione"). A relative deadline is computed from the Gazzetta (or portal) date and, when it lands
 * on a Sunday or a national holiday, moved to the next working day.
 */
import type { DeadlineEntity, ExtractOptions, Island } from './types.ts';
import { matchInIslands } from './articles.ts';
import { addDays, nextWorkingDay } from './holidays.ts';
import { foldKeepLength, sentenceBounds, snippet } from './normalize.ts';
import { parseCount, parseItalianOrdinal } from './numbers.ts';

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

/** Where the count starts: the Gazzetta Ufficiale when named after the cue, else "pubblicazione" generically. */
function basisOf(folded: string, sentenceStart: number, from: number): 'gazzetta' | 'publication' {
  const tail = folded.slice(sentenceStart, from + 300);
  const gu = tail.search(/gazzetta ufficiale|\bg\.\s?u\.|\bgu\b/);
  const other = tail.search(/bollettino|b\.u\.r|\bbur\b|albo pretorio|sito (?:internet|istituzionale)|portale/);
  return gu >= 0 && (other < 0 || gu < other) ? 'gazzetta' : 'publication';
}

/** The clause after a cue: up to 160 characters, ending at ';', a line break or a full stop (not "n. 5"). */
function clauseAfter(folded: string, from: number): string {
  const raw = folded.slice(from, from + 160);
  const stop = /;|\n|[^n\d]\.\s/.exec(raw);
  return stop ? raw.slice(0, stop.index + 1) : raw;
}

export function extractDeadlines(text: string, islands: Island[], opts: ExtractOptions): DeadlineEntity[] {
  const folded = foldKeepLength(text);
  const out: DeadlineEntity[] = [];
  const seen = new Set<number>();
  for (const cue of matchInIslands(text, islands, CUE_RE, folded)) {
    const from = cue.index + cue[0].length;
    const sentence = sentenceBounds(folded, cue.index, 300);
    if (!APPLICATION.test(folded.slice(sentence.start, sentence.end))) continue;
    const clause = clauseAfter(folded, from);
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
      const basis = basisOf(folded, sentence.start, end);
      const base = basis === 'gazzetta' ? opts.gazzettaDate : (opts.publicationDate ?? opts.gazzettaDate);
      const computed = base ? addDays(base, days) : undefined;
      const date = computed ? nextWorkingDay(computed) : undefined;
      out.push({
        kind: 'deadline',
        basis: 'relative',
        days,
        from: basis,
        ...(date ? { date } : {}),
        ...(computed && date !== computed ? { rolledOverFrom: computed } : {}),
        ...(at ? { time: at } : {}),
        confidence: date ? 0.9 : 0.5,
        evidence: snippet(text, cue.index, end),
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
    out.push({
      kind: 'deadline',
      basis: 'absolute',
      date,
      ...(at ? { time: at } : {}),
      confidence: 0.9,
      evidence: snippet(text, cue.index, end),
    });
  }
  return out;
}
