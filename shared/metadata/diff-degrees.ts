/**
 * The requiredDegrees part of the diff. Degree labels that contradict their code inside the bando (GU 19E09051:
 * "L-16 - Scienze politiche") are matched by CODE — the code is the legal identifier of the class and what
 * portals index — and reported as a label-mismatch note; they never make the metadata wrong by themselves.
 *
 * "extra" needs the text to cover that kind of title: a class or laurea name in the metadata is extra when the
 * bando states its admission titles and this one is not among them; a diploma, doctorate or qualification is
 * extra only when the bando's own required titles include such titles (the extractor reads a limited set of
 * them, so silence is not evidence). Otherwise the item is an "unverified" note.
 */
import type { DegreeEntity, Evidence, MetadataDiff } from './types.ts';
import { isOldSystem, parseMetaDegree, sameTitle, type MetaDegree } from './degree-match.ts';
import { normName } from './normalize.ts';
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

/** A metadata class or name as keys; a name that is a class name also gets codes, unless it says "vecchio ordinamento". */
function metaDegreeKeys(m: MetaDegree, raw: string): Set<string> {
  if (m.kind === 'class') return degreeKeys(m.value, []);
  const keys = degreeKeys(undefined, [m.value]);
  if (!isOldSystem(raw)) for (const cls of reference().degreesByName.get(normName(m.value)) ?? []) keys.add(cls.code);
  return keys;
}

const overlaps = (a: Set<string>, b: Set<string>) => [...a].some((k) => b.has(k));
const evidenceOf = (es: { evidence: Evidence }[]) => es.map((e) => e.evidence);

interface TextDegree {
  es: DegreeEntity[];
  title: boolean;
  role: DegreeEntity['role'];
  keys: Set<string>;
  label: string;
  matched: boolean;
}

function groupMentions(entities: DegreeEntity[]): TextDegree[] {
  // Group the text's mentions by degree; a degree is required if any mention says so.
  const groups = new Map<string, DegreeEntity[]>();
  for (const e of entities) {
    const k = e.system === 'title' ? `title:${normName(e.name)}` : (e.code ?? `name:${normName(e.name)}`);
    groups.set(k, [...(groups.get(k) ?? []), e]);
  }
  return [...groups.values()].map((es) => {
    const first = es[0] as DegreeEntity;
    const role = es.some((e) => e.role === 'required') ? 'required' : es.some((e) => e.role === 'preference') ? 'preference' : 'other';
    return { es, title: first.system === 'title', role, keys: degreeKeys(first.code, es.map((e) => e.name)), label: first.code ?? first.name, matched: false };
  });
}

export function diffDegrees(entities: DegreeEntity[], meta: string[], out: MetadataDiff) {
  const text = groupMentions(entities);
  const coversDegrees = text.some((t) => t.role === 'required');
  const coversTitles = text.some((t) => t.role === 'required' && t.title);
  for (const raw of meta) {
    const m = parseMetaDegree(raw);
    const mk = m.kind === 'title' ? new Set<string>() : metaDegreeKeys(m, raw);
    const hits = text.filter((t) => (m.kind === 'title' ? t.title && sameTitle(t.es[0]?.name ?? '', m.value) : !t.title && overlaps(t.keys, mk)));
    hits.forEach((t) => (t.matched = true));
    const best = hits.find((t) => t.role === 'required') ?? hits.find((t) => t.role === 'preference') ?? hits[0];
    if (best?.role === 'required') continue;
    if (best?.role === 'preference') {
      out.discrepancies.push({ field: 'requiredDegrees', type: 'wrong', textValue: `${best.label} (preference title)`, metadataValue: raw, message: `${raw} is listed as required, but the bando names it only as a preference/scored title`, evidence: evidenceOf(best.es), resolvedBy: 'rules' });
    } else if (best) {
      out.ambiguous.push({ id: `requiredDegrees:${raw}`, field: 'requiredDegrees', question: `Is ${raw} required by the bando? It is mentioned without a clear role.`, textValue: best.label, metadataValue: raw, evidence: evidenceOf(best.es), options: ['match', 'extra'] });
    } else if (m.kind === 'title' ? coversTitles : coversDegrees) {
      out.discrepancies.push({ field: 'requiredDegrees', type: 'extra', metadataValue: raw, message: `${raw} is in the metadata but not among the titles the bando requires`, evidence: [], resolvedBy: 'rules' });
    } else if (coversDegrees) {
      out.notes.push({ kind: 'unverified', message: `requiredDegrees: ${raw} is not a title the extractor reads, and the bando's required titles do not include one like it`, evidence: [] });
    }
  }
  for (const t of text) {
    if (t.matched) continue;
    const named = t.es[0]?.name && t.es[0].code ? ` (${t.es[0].name})` : '';
    if (t.role === 'required') out.discrepancies.push({ field: 'requiredDegrees', type: 'missing', textValue: t.label, message: `the bando requires ${t.label}${named}, missing from the metadata`, evidence: evidenceOf(t.es), resolvedBy: 'rules' });
    else if (t.role === 'other') out.ambiguous.push({ id: `requiredDegrees:${t.label}`, field: 'requiredDegrees', question: `The bando mentions ${t.label} without saying whether it is required: should it be in the metadata?`, textValue: t.label, evidence: evidenceOf(t.es), options: ['match', 'missing'] });
  }
  for (const e of entities) {
    if (e.labelMismatch) out.notes.push({ kind: 'label-mismatch', message: `the bando writes ${e.code} as "${e.labelMismatch.label}", which is the name of ${e.labelMismatch.labelMatches.join(', ')}; official name of ${e.code}: "${e.labelMismatch.officialName}". Matched by code.`, evidence: [e.evidence] });
  }
  if (meta.length && !entities.length) out.notes.push({ kind: 'unverified', message: 'requiredDegrees: the text does not mention any degree', evidence: [] });
}
