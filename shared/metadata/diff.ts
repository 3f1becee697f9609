/**
 * diffMetadata: deterministic comparison of what the text says with the attached TenderMetadata. Matching
 * values are removed from both sides; what remains is a discrepancy (missing / extra / wrong, with evidence)
 * or, when the text does not say clearly enough, an ambiguous item for review. Fields the text never covers
 * (typical of excerpts) are listed as "unverified" notes, not as errors.
 * Degrees: diff-degrees.ts.
 */
import type { WorkLocation } from '../tender/metadata.ts';
import type { VerifiableMetadata } from './input.ts';
import type { AmbiguousItem, DegreeEntity, Discrepancy, Evidence, Extraction, LocationEntity, MetadataDiff, Note, PostsEntity } from './types.ts';
import { diffDegrees } from './diff-degrees.ts';
import { placeKey } from './normalize.ts';
import { reference } from './reference.ts';

const evidenceOf = (es: { evidence: Evidence }[]) => es.map((e) => e.evidence);

const same = (a: string | undefined, b: string | undefined) => a === undefined || b === undefined || placeKey(a) === placeKey(b);
/** The metadata's provincia as a name: portals write the sigla ("BG") as often as the name. */
export function provinciaName(p: string | undefined): string | undefined {
  if (p === undefined) return undefined;
  return /^[A-Za-z]{2}$/.test(p.trim()) ? (reference().siglaToProvincia.get(p.trim().toUpperCase()) ?? p) : p;
}
/** Compatible when every field given on both sides agrees ("Genova" is compatible with "Liguria"). */
function compatible(m: WorkLocation, e: LocationEntity): boolean {
  const prov = provinciaName(m.provincia);
  return same(m.comune, e.comune) && same(prov, e.provincia) && same(m.regione, e.regione) && (!!m.comune || !!e.comune || same(prov, e.provincia));
}
const describe = (m: WorkLocation) => [m.comune, m.provincia, m.regione].filter(Boolean).join(', ');

function diffLocations(entities: LocationEntity[], meta: WorkLocation[], out: MetadataDiff) {
  const work = entities.filter((e) => e.role === 'work');
  const unclear = entities.filter((e) => e.role === 'other' && !e.cue);
  const elsewhere = entities.filter((e) => e.role === 'exam' || e.role === 'commission');
  const used = new Set<LocationEntity>();
  const misplaced = new Set<string>();
  // A region or province confirms a comune only when the bando names no comune as work place at all.
  const finest = (m: WorkLocation) => (m.comune && work.some((e) => e.level === 'comune') ? work.filter((e) => e.level === 'comune') : work);
  for (const m of meta) {
    const hit = finest(m).filter((e) => compatible(m, e));
    if (hit.length) {
      hit.forEach((e) => used.add(e));
      continue;
    }
    // The same comune as a work location, but in another province or region than the metadata says.
    const elsewhereInItaly = m.comune ? work.filter((e) => e.comune && placeKey(e.comune) === placeKey(m.comune ?? '')) : [];
    const sure = elsewhereInItaly.find((e) => e.confidence >= 0.8);
    if (sure) {
      elsewhereInItaly.forEach((e) => used.add(e));
      misplaced.add(sure.name);
      const where = !same(m.regione, sure.regione) ? `region ${sure.regione}` : `province ${sure.provincia}`;
      out.discrepancies.push({ field: 'workLocations', type: 'wrong', textValue: describe(sure), metadataValue: describe(m), message: `${sure.name}, the bando's work location, is in the ${where} (ISTAT); the metadata says ${describe(m)}`, evidence: evidenceOf(elsewhereInItaly), resolvedBy: 'rules' });
      continue;
    }
    // A place named as exam venue or commission seat only, at the same level of detail as the metadata.
    // Only a mention at the metadata's level of detail speaks for it: "Lombardia" says nothing about Lovere.
    const sameLevel = (e: LocationEntity) => (m.comune ? e.level === 'comune' : true);
    const venue = elsewhere.filter((e) => compatible(m, e) && sameLevel(e));
    const vague = unclear.filter((e) => compatible(m, e) && sameLevel(e));
    vague.forEach((e) => used.add(e));
    if (venue.length && !vague.length) {
      // The entry should not be in the metadata at all: the place is where the exams are, not where the job is.
      out.discrepancies.push({ field: 'workLocations', type: 'extra', textValue: `${venue[0]?.name} (${venue[0]?.role === 'exam' ? 'exam venue' : 'commission seat'})`, metadataValue: describe(m), message: `${describe(m)} is given as work location, but the bando names it only as ${venue[0]?.role === 'exam' ? 'an exam venue' : 'the commission seat'}`, evidence: evidenceOf(venue), resolvedBy: 'rules' });
    } else if (vague.length || venue.length) {
      out.ambiguous.push({ id: `workLocations:${describe(m)}`, field: 'workLocations', question: `The bando names ${vague[0]?.name ?? venue[0]?.name} without saying it is the work location: does it confirm ${describe(m)}?`, textValue: vague[0]?.name ?? venue[0]?.name, metadataValue: describe(m), evidence: evidenceOf([...vague, ...venue]), options: ['match', 'wrong', 'extra'] });
    } else if (work.length) {
      out.discrepancies.push({ field: 'workLocations', type: 'extra', metadataValue: describe(m), message: `${describe(m)} is in the metadata but the bando's work locations are ${[...new Set(work.map((w) => w.name))].join(', ')}`, evidence: evidenceOf(work), resolvedBy: 'rules' });
    } else {
      out.notes.push({ kind: 'unverified', message: `workLocations: the text does not state a work location to check ${describe(m)} against`, evidence: [] });
    }
  }
  // A comune already reported in the wrong province or region is not also "missing" or "unclear".
  const seen = new Set<string>(misplaced);
  for (const e of work) {
    if (used.has(e) || seen.has(e.name) || meta.some((m) => compatible(m, e))) continue;
    seen.add(e.name);
    out.discrepancies.push({ field: 'workLocations', type: 'missing', textValue: e.name, message: `the bando names ${e.name} as work location, missing from the metadata`, evidence: evidenceOf(work.filter((w) => w.name === e.name)), resolvedBy: 'rules' });
  }
  for (const e of unclear) {
    if (used.has(e) || seen.has(e.name) || meta.some((m) => compatible(m, e))) continue;
    seen.add(e.name);
    out.ambiguous.push({ id: `workLocations:text:${e.name}`, field: 'workLocations', question: `The bando names ${e.name} without a clear role: is it a work location missing from the metadata?`, textValue: e.name, evidence: evidenceOf(unclear.filter((u) => u.name === e.name)), options: ['match', 'missing'] });
  }
}

/**
 * Posts: the totals stated with the words that size the procedure ("copertura di", "complessivi") are the text's
 * total when there are any; a metadata number that merely appears somewhere else in the text does not match.
 */
function diffPosts(x: Extraction, meta: VerifiableMetadata, out: MetadataDiff) {
  const all = x.entities.filter((e): e is PostsEntity => e.kind === 'posts' && e.role === 'total');
  const strong = all.filter((t) => t.confidence >= 0.95);
  const totals = strong.length ? strong : all;
  const counts = [...new Set(totals.map((t) => t.count))];
  if (counts.length === 1 && counts[0] !== meta.posts) {
    out.discrepancies.push({ field: 'posts', type: 'wrong', textValue: String(counts[0]), metadataValue: String(meta.posts), message: `the bando offers ${counts[0]} posts, the metadata says ${meta.posts}`, evidence: evidenceOf(totals), resolvedBy: 'rules' });
  } else if (counts.length > 1) {
    out.ambiguous.push({ id: 'posts', field: 'posts', question: `The bando mentions several numbers of posts (${counts.join(', ')}): which is the total?`, textValue: counts.join(' | '), metadataValue: String(meta.posts), evidence: evidenceOf(totals), options: ['match', 'wrong'] });
  } else if (!counts.length) out.notes.push({ kind: 'unverified', message: 'posts: the text states no number of posts', evidence: [] });
}

function diffScalars(x: Extraction, meta: VerifiableMetadata, out: MetadataDiff) {
  const deadlines = x.entities.filter((e) => e.kind === 'deadline');
  const resolved = deadlines.filter((d) => d.date);
  const dates = [...new Set(resolved.map((d) => d.date))];
  if (dates.length > 1) {
    out.ambiguous.push({ id: 'deadline', field: 'deadline', question: `The bando gives several deadlines (${dates.join(', ')}): which one is the application deadline?`, textValue: dates.join(' | '), metadataValue: meta.deadline, evidence: evidenceOf(resolved), options: ['match', 'wrong'] });
  } else if (dates.length === 1) {
    const d = resolved[0];
    if (d?.date && d.date !== meta.deadline) {
      const why = d.rolledOverFrom === meta.deadline ? ` (the computed day ${d.rolledOverFrom} is a Sunday/holiday and moves to the next working day)` : '';
      out.discrepancies.push({ field: 'deadline', type: 'wrong', textValue: d.date, metadataValue: meta.deadline, message: `the bando's deadline is ${d.date}, the metadata says ${meta.deadline}${why}`, evidence: evidenceOf(resolved), resolvedBy: 'rules' });
    }
    const times = [...new Set(resolved.map((r) => r.time).filter(Boolean))];
    // A metadata record without a time of day is not wrong (most sources carry the date only): a note.
    if (times.length === 1 && times[0] && !meta.deadlineTime) out.notes.push({ kind: 'unverified', message: `deadlineTime: the bando closes at ${times[0]}; the metadata gives no time`, evidence: evidenceOf(resolved) });
    else if (times.length === 1 && times[0] !== meta.deadlineTime) {
      out.discrepancies.push({ field: 'deadlineTime', type: 'wrong', textValue: times[0], metadataValue: meta.deadlineTime, message: `the bando closes at ${times[0]}, the metadata says ${meta.deadlineTime}`, evidence: evidenceOf(resolved), resolvedBy: 'rules' });
    }
  } else if (deadlines.length) {
    out.ambiguous.push({ id: 'deadline', field: 'deadline', question: 'The deadline is relative to a publication date that was not given: is the metadata deadline right?', metadataValue: meta.deadline, evidence: evidenceOf(deadlines), options: ['match', 'wrong'] });
  } else out.notes.push({ kind: 'unverified', message: 'deadline: the text states no deadline', evidence: [] });

  diffPosts(x, meta, out);

  const method = x.entities.find((e) => e.kind === 'selection');
  if (method?.kind === 'selection' && meta.selectionMethod && method.value !== meta.selectionMethod) {
    out.discrepancies.push({ field: 'selectionMethod', type: 'wrong', textValue: method.value, metadataValue: meta.selectionMethod, message: `the bando's selection is per ${method.value.replace('-', ' e ')}, the metadata says per ${meta.selectionMethod.replace('-', ' e ')}`, evidence: [method.evidence], resolvedBy: 'rules' });
  } else if (meta.selectionMethod && !method) out.notes.push({ kind: 'unverified', message: 'selectionMethod: the text does not state the selection method', evidence: [] });

  const proc = x.entities.find((e) => e.kind === 'procedure');
  if (proc?.kind === 'procedure' && proc.value !== meta.procedure && !proc.also?.includes(meta.procedure)) {
    if (proc.confidence >= 0.8) out.discrepancies.push({ field: 'procedure', type: 'wrong', textValue: proc.value, metadataValue: meta.procedure, message: `the bando is a ${proc.value}, the metadata says ${meta.procedure}`, evidence: [proc.evidence], resolvedBy: 'rules' });
    else out.ambiguous.push({ id: 'procedure', field: 'procedure', question: `Is this procedure a ${meta.procedure}? The text suggests ${proc.value}.`, textValue: proc.value, metadataValue: meta.procedure, evidence: [proc.evidence], options: ['match', 'wrong'] });
  }
}

/** `text` (the bando's full text) lets the diff find metadata titles no extractor pattern reads. */
export function diffMetadata(extraction: Extraction, metadata: VerifiableMetadata, text?: string): MetadataDiff {
  const out: MetadataDiff = { discrepancies: [], ambiguous: [], notes: [] };
  const degrees = extraction.entities.filter((e): e is DegreeEntity => e.kind === 'degree');
  const locations = extraction.entities.filter((e): e is LocationEntity => e.kind === 'location');
  diffDegrees(degrees, metadata.requiredDegrees ?? [], out, { ...(text !== undefined ? { text } : {}), articles: extraction.articles });
  diffLocations(locations, metadata.workLocations ?? [], out);
  diffScalars(extraction, metadata, out);
  return out;
}

export type { AmbiguousItem, Discrepancy, Note };
