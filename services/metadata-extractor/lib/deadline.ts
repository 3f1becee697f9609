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
const DATE = `(?:(\\d{1,2})[/.-](\\d{1,2})[/.-](\\d{4}|\\d{2})|(\\d{1,2}|1°|1º|primo)\\s+(${MONTHS.join('|')})\\s+(\\d{4}))`;
const TIME = `(?:(?:alle\\s+)?ore\\s+(\\d{1,2})(?:[:.,](\\d{2}))?)`;
/** A cue, then (within the clause) an optional time, then the date. */
const ABSOLUTE_RE = new RegExp(`(?:entro|non oltre|scadenza|scade|termine|sino|fino)[^.;\\n]{0,60}?(?:${TIME}[^.;\\n\\d]{0,12}?)?(?:del|il|al|:)?\\s*${DATE}(?:[^.;\\n\\d]{0,12}?${TIME})?`, 'g');
const ORDINAL_WORD = '(\\d{1,3}\\s*(?:°|º|mo)?|[a-z]+esimo|primo|quindicesimo)';
const RELATIVE_ORDINAL_RE = new RegExp(`(?:entro|non oltre|sino|fino|scade)[^.;\\n]{0,40}?(?:${TIME}\\s*)?(?:del|il|al)?\\s*${ORDINAL_WORD}\\s+giorno\\s+(?:non festivo\\s+)?(?:successiv|decorrent|a decorrere|dalla|da quello)`, 'g');
const RELATIVE_DAYS_RE = /(?:entro|non oltre|entro e non oltre)(?:\s+il\s+termine\s+(?:perentorio\s+)?di)?\s+(\d{1,3}|[a-z]+)\s+(?:\(\w+\)\s+)?giorni\s+(?:naturali\s+(?:e\s+)?consecutivi\s+)?(?:dalla|decorrenti dalla|successivi alla|a decorrere dalla|dal giorno successivo alla)/g;
const APPLICATION = /domand|candidatur|istanz|presentazion|scadenza|termine|invi|inoltrat|aperto/;

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
function basisOf(folded: string, from: number): 'gazzetta' | 'publication' {
  const tail = folded.slice(from, from + 300);
  const gu = tail.search(/gazzetta ufficiale|\bg\.\s?u\.|\bgu\b/);
  const other = tail.search(/bollettino|b\.u\.r|\bbur\b|albo pretorio|sito (?:internet|istituzionale)|portale/);
  return gu >= 0 && (other < 0 || gu < other) ? 'gazzetta' : 'publication';
}

export function extractDeadlines(text: string, islands: Island[], opts: ExtractOptions): DeadlineEntity[] {
  const folded = foldKeepLength(text);
  const out: DeadlineEntity[] = [];
  const aboutApplications = (pos: number) => {
    const s = sentenceBounds(folded, pos, 300);
    return APPLICATION.test(folded.slice(s.start, s.end));
  };
  for (const m of matchInIslands(text, islands, ABSOLUTE_RE, folded)) {
    if (!aboutApplications(m.index)) continue;
    const date = m[3] !== undefined ? iso(Number(m[5].length === 2 ? `20${m[5]}` : m[5]), Number(m[4]), Number(m[3])) : undefined;
    out.push({
      kind: 'deadline',
      basis: 'absolute',
      ...(date ? { date } : {}),
      ...((time(m[1], m[2]) ?? time(m[9], m[10])) ? { time: time(m[1], m[2]) ?? time(m[9], m[10]) } : {}),
      confidence: date ? 0.9 : 0.3,
      evidence: snippet(text, m.index, m.index + m[0].length),
    });
  }
  return out;
}
