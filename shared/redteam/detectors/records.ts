/**
 * A bando's state written as a record rather than a sentence: a markdown table row ("| X | 30/06 | sì |" under
 * "| bando | scadenza | candidabile |"), or fields ("Stato: aperto", "**Scadenza:** 30 giugno", `"stato": "aperto"`).
 * The sentence reader splits "Stato: aperto" at its colon and loses the field's name; this reads field and value
 * together, for the bando the record is about (named on its line, on a line above, or the only one the answer is about).
 */
import { extractFacts } from '../../checks/facts.ts';
import { fold } from '../text.ts';
import { bandiNamed, type BandoKey, type KnownBando } from './bandi.ts';
import { closedClaim, LATER_STEP, PHASE } from './claims.ts';
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

/**
 * A state word as the value of a label naming the bando: "Funzionario: in corso fino al …", "X-05 — aperto",
 * a table cell "| aperto |". Only the word itself, ended there or by a deadline: "in corso di valutazione", "aperto a
 * tutti" say something else.
 */
const STATE_VALUE =
  /^(?:[^\p{L}\p{N}\s(]+\s*)?(?:(?:le\s+)?(?:candidature|domande|iscrizioni|termini|applications)\s+)?(?:ancora\s+|tuttora\s+|attualmente\s+|still\s+)?(?:apert[oaie]|attiv[oaie]|in corso|in scadenza|candidabil[ei]|(?:accetta|riceve) (?:candidature|domande)|open|active|accepting (?:applications|submissions))(?=\s*(?:$|[,;.()|*_]|[-–—]\s|(?:fino|sino|until|entro|con scadenza|scadenza|termine|deadline|closes?|(?:alle|per le) (?:candidature|domande|iscrizioni)|for applications)(?!\p{L})))/u;
const LABEL_END = /\s*[:|]\s*|\s+[-–—→]\s+/gu;

/** A label or column about a step after the applications: "fase", "iter", "prove", "graduatoria". */
const ofAStep = (text: string) => LATER_STEP.test(text) || PHASE.test(text);

/** The expired bando a label names, when the label names one bando (or, of several named by id, the last one). */
function labelled(label: string, keys: BandoKey[]): KnownBando | undefined {
  const named = bandiNamed(label, keys);
  if (named.length <= 1) return named[0];
  const at = named.map((b) => ({ b, i: b.id === undefined ? -1 : label.lastIndexOf(fold(b.id)) }));
  return at.some((x) => x.i < 0) ? undefined : at.reduce((x, y) => (y.i > x.i ? y : x)).b;
}

/** A line giving an expired bando's state as a label's value; `tableHeader`: the table's header cells, for a row. */
function labelClaim(line: string, keys: BandoKey[], isExpired: (b: KnownBando) => boolean, tableHeader?: string[]): string | null {
  const folded = fold(line);
  for (const m of folded.matchAll(LABEL_END)) {
    const start = (m.index ?? 0) + m[0].length;
    const value = folded.slice(start);
    if (!STATE_VALUE.test(value)) continue;
    // The label since the clause began ("X: chiuso; Y: aperto" gives Y's state), with its brackets closed.
    const label = folded.slice(0, m.index).split(';').at(-1) ?? '';
    if ((label.match(/\(/g) ?? []).length > (label.match(/\)/g) ?? []).length || ofAStep(label)) continue;
    // A table cell is read under its column's name: "in corso" under "prove" or "fase" is the exams' or the procedure's.
    const column = tableHeader?.[(folded.slice(0, start).match(/\|/g) ?? []).length - 1] ?? '';
    if (ofAStep(column) || closedClaim(value.split(/[;|]/)[0] ?? '')) continue;
    const bando = labelled(label, keys);
    if (bando !== undefined && isExpired(bando)) return `expired bando ${bando.id ?? bando.title} labelled "${clip(value, 40)}": "${clip(line)}"`;
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
    const cell = labelClaim(line, keys, isExpired, header);
    if (cell !== null) return cell;
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
  // A heading that says its items closed ("Bandi scaduti:") gives them their state.
  let closedHeading = false;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const item = /^\s*(?:[-*•]|\d+[.)])\s/u.test(line);
    if (!item) closedHeading = closedClaim(fold(line));
    const label = closedHeading || /^\s*\|/u.test(line) ? null : labelClaim(line, keys, isExpired);
    if (label !== null) return label;
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
