/**
 * diffMetadata: deterministic comparison of what the text says with the attached TenderMetadata. Matching
 * values are removed from both sides; what remains is a discrepancy (missing / extra / wrong, with evidence)
 * or, when the text does not say clearly enough, an ambiguous item for review. Fields the text never covers
 * (typical of excerpts) are listed as "unverified" notes, not as errors.
 *
 * Degree labels that contradict their code inside the bando (GU 19E09051: "L-16 - Scienze politiche") are
 * matched by CODE — the code is the legal identifier of the class and what portals index — and reported as
 * a label-mismatch note so a human can ask the administration; they never make the metadata wrong by themselves.
 */
import type { TenderMetadata, WorkLocation } from '../../../shared/tender/metadata.ts';
import type { AmbiguousItem, DegreeEntity, Discrepancy, Evidence, Extraction, LocationEntity, MetadataDiff, Note } from './types.ts';
import { normName, normalizeDegreeCode } from './normalize.ts';
import { reference } from './reference.ts';

/** Keys a degree is known by: its code, codes equivalent to it, and its names. */
function degreeKeys(code: string | undefined, names: string[]): Set<string> {
  const ref = reference();
  const keys = new Set<string>();
  if (code) {
    keys.add(code);
    for (const e of ref.equivalences.get(code) ?? []) keys.add(e);
    const cls = ref.degreesByCode.get(code);
    if (cls) for (const n of [cls.name, ...(cls.aliases ?? [])]) keys.add(`name:${normName(n)}`);
  }
  for (const n of names) keys.add(`name:${normName(n)}`);
  return keys;
}

/** A metadata degree ("L/18", "64/S", "Giurisprudenza") as keys; a name that is a class name also gets codes. */
function metaDegreeKeys(value: string): Set<string> {
  const code = normalizeDegreeCode(value);
  if (code && reference().degreesByCode.has(code)) return degreeKeys(code, []);
  const keys = degreeKeys(undefined, [value]);
  for (const cls of reference().degreesByName.get(normName(value)) ?? []) keys.add(cls.code);
  return keys;
}

const overlaps = (a: Set<string>, b: Set<string>) => [...a].some((k) => b.has(k));
const evidenceOf = (es: { evidence: Evidence }[]) => es.map((e) => e.evidence);

function diffDegrees(entities: DegreeEntity[], meta: string[], out: MetadataDiff) {
  // Group the text's mentions by degree; a degree is required if any mention says so.
  const groups = new Map<string, DegreeEntity[]>();
  for (const e of entities) {
    const k = e.code ?? `name:${normName(e.name)}`;
    groups.set(k, [...(groups.get(k) ?? []), e]);
  }
  const text = [...groups.entries()].map(([key, es]) => {
    const role = es.some((e) => e.role === 'required') ? 'required' : es.some((e) => e.role === 'preference') ? 'preference' : 'other';
    const first = es[0] as DegreeEntity;
    return { key, es, role, keys: degreeKeys(first.code, es.map((e) => e.name)), label: first.code ?? first.name, matched: false };
  });
  const covers = text.some((t) => t.role === 'required');
  for (const m of meta) {
    const mk = metaDegreeKeys(m);
    const hits = text.filter((t) => overlaps(t.keys, mk));
    hits.forEach((t) => (t.matched = true));
    const best = hits.find((t) => t.role === 'required') ?? hits.find((t) => t.role === 'preference') ?? hits[0];
    if (best?.role === 'required') continue;
    if (best?.role === 'preference') {
      out.discrepancies.push({ field: 'requiredDegrees', type: 'wrong', textValue: `${best.label} (preference title)`, metadataValue: m, message: `${m} is listed as required, but the bando names it only as a preference/scored title`, evidence: evidenceOf(best.es), resolvedBy: 'rules' });
    } else if (best) {
      out.ambiguous.push({ id: `requiredDegrees:${m}`, field: 'requiredDegrees', question: `Is ${m} required by the bando? It is mentioned without a clear role.`, textValue: best.label, metadataValue: m, evidence: evidenceOf(best.es), options: ['match', 'extra'] });
    } else if (covers) {
      out.discrepancies.push({ field: 'requiredDegrees', type: 'extra', metadataValue: m, message: `${m} is in the metadata but not among the degrees the bando requires`, evidence: [], resolvedBy: 'rules' });
    }
  }
  for (const t of text) {
    if (t.matched) continue;
    if (t.role === 'required') out.discrepancies.push({ field: 'requiredDegrees', type: 'missing', textValue: t.label, message: `the bando requires ${t.label}${t.es[0]?.name && t.es[0].code ? ` (${t.es[0].name})` : ''}, missing from the metadata`, evidence: evidenceOf(t.es), resolvedBy: 'rules' });
    else if (t.role === 'other') out.ambiguous.push({ id: `requiredDegrees:${t.label}`, field: 'requiredDegrees', question: `The bando mentions ${t.label} without saying whether it is required: should it be in the metadata?`, textValue: t.label, evidence: evidenceOf(t.es), options: ['match', 'missing'] });
  }
  for (const e of entities) {
    if (e.labelMismatch) out.notes.push({ kind: 'label-mismatch', message: `the bando writes ${e.code} as "${e.labelMismatch.label}", which is the name of ${e.labelMismatch.labelMatches.join(', ')}; official name of ${e.code}: "${e.labelMismatch.officialName}". Matched by code.`, evidence: [e.evidence] });
  }
  if (meta.length && !entities.length) out.notes.push({ kind: 'unverified', message: 'requiredDegrees: the text does not mention any degree', evidence: [] });
}

const same = (a: string | undefined, b: string | undefined) => a === undefined || b === undefined || normName(a) === normName(b);
/** Compatible when every field given on both sides agrees ("Genova" is compatible with "Liguria"). */
function compatible(m: WorkLocation, e: LocationEntity): boolean {
  return same(m.comune, e.comune) && same(m.provincia, e.provincia) && same(m.regione, e.regione) && (!!m.comune || !!e.comune || same(m.provincia, e.provincia));
}
const describe = (m: WorkLocation) => [m.comune, m.provincia, m.regione].filter(Boolean).join(', ');

function diffLocations(entities: LocationEntity[], meta: WorkLocation[], out: MetadataDiff) {
  const work = entities.filter((e) => e.role === 'work');
  const unclear = entities.filter((e) => e.role === 'other' && !e.cue);
  const elsewhere = entities.filter((e) => e.role === 'exam' || e.role === 'commission');
  const used = new Set<LocationEntity>();
  for (const m of meta) {
    const hit = work.filter((e) => compatible(m, e));
    if (hit.length) {
      hit.forEach((e) => used.add(e));
      continue;
    }
    // A place named as exam venue or commission seat only, at the same level of detail as the metadata.
    const venue = elsewhere.filter((e) => compatible(m, e) && (m.comune ? e.level === 'comune' : true));
    const vague = unclear.filter((e) => compatible(m, e));
    vague.forEach((e) => used.add(e));
    if (venue.length && !vague.length) {
      out.discrepancies.push({ field: 'workLocations', type: 'wrong', textValue: `${venue[0]?.name} (${venue[0]?.role === 'exam' ? 'exam venue' : 'commission seat'})`, metadataValue: describe(m), message: `${describe(m)} is given as work location, but the bando names it as ${venue[0]?.role === 'exam' ? 'an exam venue' : 'the commission seat'}`, evidence: evidenceOf(venue), resolvedBy: 'rules' });
    } else if (vague.length || venue.length) {
      out.ambiguous.push({ id: `workLocations:${describe(m)}`, field: 'workLocations', question: `The bando names ${vague[0]?.name ?? venue[0]?.name} without saying it is the work location: does it confirm ${describe(m)}?`, textValue: vague[0]?.name ?? venue[0]?.name, metadataValue: describe(m), evidence: evidenceOf([...vague, ...venue]), options: ['match', 'wrong', 'extra'] });
    } else if (work.length) {
      out.discrepancies.push({ field: 'workLocations', type: 'extra', metadataValue: describe(m), message: `${describe(m)} is in the metadata but the bando's work locations are ${[...new Set(work.map((w) => w.name))].join(', ')}`, evidence: evidenceOf(work), resolvedBy: 'rules' });
    } else {
      out.notes.push({ kind: 'unverified', message: `workLocations: the text does not state a work location to check ${describe(m)} against`, evidence: [] });
    }
  }
  const seen = new Set<string>();
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

function diffScalars(x: Extraction, meta: TenderMetadata, out: MetadataDiff) {
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
    if (times.length === 1 && times[0] !== meta.deadlineTime) {
      out.discrepancies.push({ field: 'deadlineTime', type: meta.deadlineTime ? 'wrong' : 'missing', textValue: times[0], ...(meta.deadlineTime ? { metadataValue: meta.deadlineTime } : {}), message: `the bando closes at ${times[0]}, the metadata ${meta.deadlineTime ? `says ${meta.deadlineTime}` : 'gives no time'}`, evidence: evidenceOf(resolved), resolvedBy: 'rules' });
    }
  } else if (deadlines.length) {
    out.ambiguous.push({ id: 'deadline', field: 'deadline', question: 'The deadline is relative to a publication date that was not given: is the metadata deadline right?', metadataValue: meta.deadline, evidence: evidenceOf(deadlines), options: ['match', 'wrong'] });
  } else out.notes.push({ kind: 'unverified', message: 'deadline: the text states no deadline', evidence: [] });

  const totals = x.entities.filter((e) => e.kind === 'posts' && e.role === 'total');
  const counts = [...new Set(totals.map((t) => (t.kind === 'posts' ? t.count : 0)))];
  if (counts.length === 1 && counts[0] !== meta.posts) {
    out.discrepancies.push({ field: 'posts', type: 'wrong', textValue: String(counts[0]), metadataValue: String(meta.posts), message: `the bando offers ${counts[0]} posts, the metadata says ${meta.posts}`, evidence: evidenceOf(totals), resolvedBy: 'rules' });
  } else if (counts.length > 1 && !counts.includes(meta.posts) && counts.reduce((a, b) => a + b, 0) !== meta.posts) {
    out.ambiguous.push({ id: 'posts', field: 'posts', question: `The bando mentions several numbers of posts (${counts.join(', ')}): which is the total?`, textValue: counts.join(' | '), metadataValue: String(meta.posts), evidence: evidenceOf(totals), options: ['match', 'wrong'] });
  } else if (!counts.length) out.notes.push({ kind: 'unverified', message: 'posts: the text states no number of posts', evidence: [] });

  const proc = x.entities.find((e) => e.kind === 'procedure');
  if (proc?.kind === 'procedure' && proc.value !== meta.procedure) {
    if (proc.confidence >= 0.8) out.discrepancies.push({ field: 'procedure', type: 'wrong', textValue: proc.value, metadataValue: meta.procedure, message: `the bando is a ${proc.value}, the metadata says ${meta.procedure}`, evidence: [proc.evidence], resolvedBy: 'rules' });
    else out.ambiguous.push({ id: 'procedure', field: 'procedure', question: `Is this procedure a ${meta.procedure}? The text suggests ${proc.value}.`, textValue: proc.value, metadataValue: meta.procedure, evidence: [proc.evidence], options: ['match', 'wrong'] });
  }
}

export function diffMetadata(extraction: Extraction, metadata: TenderMetadata): MetadataDiff {
  const out: MetadataDiff = { discrepancies: [], ambiguous: [], notes: [] };
  const degrees = extraction.entities.filter((e): e is DegreeEntity => e.kind === 'degree');
  const locations = extraction.entities.filter((e): e is LocationEntity => e.kind === 'location');
  diffDegrees(degrees, metadata.requiredDegrees ?? [], out);
  diffLocations(locations, metadata.workLocations ?? [], out);
  diffScalars(extraction, metadata, out);
  return out;
}

export type { AmbiguousItem, Discrepancy, Note };
