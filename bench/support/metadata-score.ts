/**
 * Scores vaglio's discrepancy list against labelled discrepancies (bench:metadata). A labelled discrepancy is
 * found when vaglio reports one on the same field, of the same kind, naming the entry the metadata holds and
 * (for missing / wrong) the corrected value; each report that finds no label is a false positive. Values are
 * read from vaglio's textValue / metadataValue strings, the way a user reads them.
 */
import type { AmbiguousItem, Discrepancy } from '../../shared/metadata/types.ts';
import { normName, normalizeDegreeCode, placeKey } from '../../shared/metadata/normalize.ts';
import { reference } from '../../shared/metadata/reference.ts';
import type { LabelDiscrepancy, LabelField, Sede, Titolo } from './metadata-labels.ts';

/** vaglio's field → the label field; fields the labels never carry are scored under their own name (all FP). */
const FIELD: Record<string, LabelField> = {
  workLocations: 'sedi_lavoro',
  requiredDegrees: 'titoli_studio',
  deadline: 'scadenza',
  posts: 'posti',
  selectionMethod: 'procedura',
};
export const labelField = (f: string): string => FIELD[f] ?? f;

const has = (hay: string, needle: string) => new RegExp(`(?:^| )${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?: |$)`).test(hay);

function placeIn(value: string | undefined, s: Sede, detail: boolean): boolean {
  if (!value) return false;
  const v = normName(value.replace(/\//g, ' '));
  if (!has(v, placeKey(s.comune)) && !has(v, normName(s.comune))) return false;
  if (!detail) return true;
  const prov = reference().siglaToProvincia.get(s.provincia);
  const provOk = has(v, normName(s.provincia)) || (prov !== undefined && (has(v, placeKey(prov)) || has(v, normName(prov))));
  return provOk || has(v, placeKey(s.regione));
}

const CODE_RE = /(?<![A-Za-z0-9])(?:(?:LMG|LMR|LM|L)\s*[-–/]?\s*(?:SNT\s*\d|DS|GASTR|\d{1,2}(?:\s*bis)?)|\d{1,3}\s*\/\s*S)(?![A-Za-z0-9])/gi;
function codesIn(value: string): string[] {
  return [...value.matchAll(CODE_RE)].map((m) => normalizeDegreeCode(m[0])).filter((c): c is string => c !== undefined);
}
const STRIP = /\b(?:diploma di laurea|diploma universitario|laurea magistrale|laurea specialistica|laurea|vecchio ordinamento|in|di)\b/g;
const bareName = (s: string) => normName(s.replace(/\([^)]*\)/g, ' ')).replace(STRIP, ' ').replace(/\s+/g, ' ').trim();

function degreeIn(value: string | undefined, t: Titolo): boolean {
  if (!value) return false;
  const codes = codesIn(value);
  if (t.classe) {
    const want = normalizeDegreeCode(t.classe) ?? t.classe;
    if (codes.length) return codes.includes(want);
  }
  const a = bareName(value);
  const b = bareName(t.denominazione);
  return a.length > 2 && b.length > 2 && (a.includes(b) || b.includes(a));
}

const method = (s: string | undefined) =>
  (s ?? '')
    .toUpperCase()
    .replace(/[^A-Z]+/g, ' ')
    .split(' ')
    .filter((w) => w && w !== 'E' && w !== 'ED' && w !== 'PER' && w !== 'SOLI')
    .join('_');

/** Does vaglio's report d state the labelled discrepancy l (field, kind, the entry and the corrected value)? */
export function finds(d: Pick<Discrepancy, 'field' | 'type' | 'textValue' | 'metadataValue'>, l: LabelDiscrepancy): boolean {
  if (labelField(d.field) !== l.field || d.type !== l.kind) return false;
  switch (l.field) {
    case 'sedi_lavoro': {
      const meta = l.meta_value as Sede | null;
      const right = l.correct_value as Sede | null;
      if (l.kind === 'extra') return !!meta && placeIn(d.metadataValue, meta, false);
      if (l.kind === 'missing') return !!right && placeIn(d.textValue, right, false);
      return !!meta && !!right && placeIn(d.metadataValue, meta, false) && placeIn(d.textValue, right, true);
    }
    case 'titoli_studio': {
      const meta = l.meta_value as Titolo | null;
      const right = l.correct_value as Titolo | null;
      if (l.kind === 'extra') return !!meta && degreeIn(d.metadataValue, meta);
      if (l.kind === 'missing') return !!right && degreeIn(d.textValue, right);
      return !!meta && !!right && degreeIn(d.metadataValue, meta) && degreeIn(d.textValue, right);
    }
    case 'scadenza':
      return (d.textValue ?? '').includes(String(l.correct_value));
    case 'posti':
      return (d.textValue ?? '').trim() === String(l.correct_value);
    case 'procedura':
      return method(d.textValue) === method(String(l.correct_value));
  }
}

export interface BandoScore {
  found: LabelDiscrepancy[];
  inReview: LabelDiscrepancy[];
  missed: LabelDiscrepancy[];
  falsePositives: Discrepancy[];
  /** Label fields (and unlabelled vaglio fields) with at least one review item. */
  reviewFields: Set<string>;
}

/** Greedy one-to-one match of reports to labels; a label not found but whose field went to review is "in review". */
export function scoreBando(reported: Discrepancy[], review: AmbiguousItem[], labels: LabelDiscrepancy[]): BandoScore {
  const used = new Set<Discrepancy>();
  const found: LabelDiscrepancy[] = [];
  const inReview: LabelDiscrepancy[] = [];
  const missed: LabelDiscrepancy[] = [];
  const reviewFields = new Set(review.map((r) => labelField(r.field)));
  for (const l of labels) {
    const d = reported.find((r) => !used.has(r) && finds(r, l));
    if (d) {
      used.add(d);
      found.push(l);
    } else if (reviewFields.has(l.field)) inReview.push(l);
    else missed.push(l);
  }
  return { found, inReview, missed, falsePositives: reported.filter((r) => !used.has(r)), reviewFields };
}
