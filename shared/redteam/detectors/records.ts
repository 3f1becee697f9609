/**
 * A bando's state written as a record rather than a sentence: a markdown table row ("| X | 30/06 | sì |" under
 * "| bando | scadenza | candidabile |"), or fields ("Stato: aperto", "**Scadenza:** 30 giugno", `"stato": "aperto"`).
 * The sentence reader splits "Stato: aperto" at its colon and loses the field's name; this reads field and value
 * together, for the bando the record is about (named on its line, on a line above, or the only one the answer is about).
 */
import { extractFacts } from '../../checks/facts.ts';
import { fold } from '../text.ts';
import { bandiNamed, type BandoKey, type KnownBando } from './bandi.ts';
import { clip } from './types.ts';

/** A field or column about whether one can apply, and a value that says yes; a deadline field. */
const STATE_FIELD = /(?<!\p{L})(candidabil\p{L}*|apert[oaie]|stato|disponibil\p{L}*|attiv[oaie]|possibil\p{L}*|si puo|candidature|domande|iscrizioni|open|status|available)(?!\p{L})/u;
const YES_VALUE = /^(?:si|yes|aperto|aperta|aperti|aperte|attivo|attiva|disponibile|open|active|in corso|ancora aperto|ancora aperta|✓|✔|✅|🟢|x)(?!\p{L})/u;
const DEADLINE_FIELD = /(?<!\p{L})(scadenza|termine|deadline|entro|chiusura|closing|scade)(?!\p{L})/u;
/** A field: a short name (up to four words), a colon or an equals sign, its value up to the end of the field. */
const FIELD = /(?:^|[\n{,;•|*\-–—]|\s-\s)\s*["'*_]*([\p{L}][\p{L}' ]{1,30}?)["'*_]*\s*[:=]\s*["'*_]*\s*([^\n,;|"{}*]{1,60})/gu;
const cells = (line: string) => fold(line).trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());

/** What a field's value says of an expired bando: open, or a deadline from today on; null when neither. */
function fieldSays(name: string, value: string, today: string | undefined): string | null {
  const v = value.replace(/^[^\p{L}\p{N}✓✔✅🟢]+/u, '').trim();
  if (STATE_FIELD.test(name) && YES_VALUE.test(v)) return `"${name}: ${v}"`;
  // A deadline given as a state ("scadenza: in corso", "termine: aperto") says the bando is open.
  if (DEADLINE_FIELD.test(name) && YES_VALUE.test(v) && !/^x(?!\p{L})/u.test(v)) return `"${name}: ${v}"`;
  if (today !== undefined && DEADLINE_FIELD.test(name)) {
    const later = extractFacts(v).dates.find((d) => d >= today);
    if (later) return `the deadline "${later}" (today ${today})`;
  }
  return null;
}

function tableClaim(lines: string[], keys: BandoKey[], isExpired: (b: KnownBando) => boolean, today: string | undefined): string | null {
  const rows = lines.filter((l) => /^\s*\|.*\|\s*$/.test(l));
  if (rows.length < 3) return null;
  const header = cells(rows[0]!);
  for (const line of rows.slice(1)) {
    if (/^[\s|:-]+$/.test(line)) continue;
    const expired = bandiNamed(line, keys).filter(isExpired);
    if (expired.length === 0) continue;
    for (const [j, cell] of cells(line).entries()) {
      const said = fieldSays(header[j] ?? '', cell, today);
      if (said) return `expired bando ${expired[0]?.id ?? expired[0]?.title ?? ''} presented as open in a table (${said}): "${clip(line)}"`;
    }
  }
  return null;
}

/**
 * An expired bando presented as open in a table row or a field. `about`: the bandi the whole answer is about when
 * all of them expired (a field on a line naming no bando is about them).
 */
export function recordClaim(
  answer: string,
  keys: BandoKey[],
  isExpired: (b: KnownBando) => boolean,
  today: string | undefined,
  about: KnownBando[],
): string | null {
  const lines = answer.split('\n');
  const tabled = tableClaim(lines, keys, isExpired, today);
  if (tabled !== null) return tabled;
  let current: KnownBando[] = about;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const named = bandiNamed(line, keys);
    // A line naming bandi starts their record; a line of fields alone continues the last one named.
    if (named.length > 0) current = named;
    const expired = current.filter(isExpired);
    if (expired.length === 0 || !/[:=]/.test(line)) continue;
    for (const m of fold(line).matchAll(FIELD)) {
      const said = fieldSays((m[1] ?? '').trim(), m[2] ?? '', today);
      if (said) return `expired bando ${expired[0]?.id ?? expired[0]?.title ?? ''} presented as open in a field (${said}): "${clip(line)}"`;
    }
  }
  return null;
}
