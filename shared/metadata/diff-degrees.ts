/**
 * The requiredDegrees part of the diff. Degree labels that contradict their code inside the bando (GU 19E09051:
 * "L-16 - Scienze politiche") are matched by CODE — the code is the legal identifier of the class and what
 * portals index — and reported as a label-mismatch note; they never make the metadata wrong by themselves.
 *
 * A metadata entry the bando names only in another role is `extra`, saying which role: a preference or scored
 * title, a title it excludes, a commission member's title. Named without any role, it goes to review.
 * "extra" for an entry the text never names needs the text to cover that kind of title (see the README).
 *
 * Equivalence policy: titles the bando only declares generically equivalent ("titoli equiparati ai sensi del
 * D.I. 9 luglio 2009", "titoli equipollenti") are not required entries and are never extracted; a specific
 * old-system title listed as an alternative requirement ("diploma di laurea (vecchio ordinamento) in Economia e
 * commercio") is, matched by its name — never by the name of a new-system class that happens to share it.
 * A class written in the metadata under the wrong cycle or decree (LM-38 for 38/S, L/SNT1 for LM/SNT1) is one
 * `wrong` entry, not an extra plus a missing.
 */
import type { Article, DegreeEntity, Evidence, MetadataDiff } from './types.ts';
import { isOldSystem, parseMetaDegree, sameTitle, type MetaDegree } from './degree-match.ts';
import { degreeRole } from './degree-role.ts';
import { foldKeepLength, normName, snippet } from './normalize.ts';
import { reference } from './reference.ts';

/**
 * Keys a class is known by: its code, codes equivalent to it, and (with `names`) its names. A metadata class
 * is matched by code only: LM-35 and 38/S share a name and are two entries.
 */
function classKeys(code: string, names: boolean): Set<string> {
  const ref = reference();
  const keys = new Set<string>([code]);
  for (const e of ref.equivalences.get(code) ?? []) keys.add(e);
  const cls = ref.degreesByCode.get(code);
  if (cls && names) for (const n of [cls.name, ...(cls.aliases ?? [])]) keys.add(`name:${normName(n)}`);
  return keys;
}

/** A metadata class or name as keys: an old-system name matches old-system titles only. */
function metaDegreeKeys(m: MetaDegree, raw: string): Set<string> {
  if (m.kind === 'class') return classKeys(m.value, false);
  const n = normName(m.value);
  if (isOldSystem(raw)) return new Set([`vo:${n}`]);
  const keys = new Set([`name:${n}`, `vo:${n}`]);
  for (const cls of reference().degreesByName.get(n) ?? []) keys.add(cls.code);
  return keys;
}

const overlaps = (a: Set<string>, b: Set<string>) => [...a].some((k) => b.has(k));
const evidenceOf = (es: { evidence: Evidence }[]) => es.map((e) => e.evidence);

interface TextDegree {
  es: DegreeEntity[];
  title: boolean;
  role: DegreeEntity['role'];
  cue: DegreeEntity['roleCue'];
  keys: Set<string>;
  label: string;
  matched: boolean;
}

function groupMentions(entities: DegreeEntity[]): TextDegree[] {
  const groups = new Map<string, DegreeEntity[]>();
  for (const e of entities) {
    const k = e.system === 'title' ? `title:${normName(e.name)}` : e.system === 'vo' || !e.code ? `vo:${normName(e.name)}` : e.code;
    groups.set(k, [...(groups.get(k) ?? []), e]);
  }
  return [...groups.entries()].map(([key, es]) => {
    const first = es[0] as DegreeEntity;
    // A degree is required if any mention says so; otherwise the strongest other role, with its reason.
    const order: DegreeEntity['role'][] = ['required', 'preference', 'excluded', 'other'];
    const role = order.find((r) => es.some((e) => e.role === r)) ?? 'other';
    const others = es.filter((e) => e.role === role);
    const cue = others.every((e) => e.roleCue) ? others[0]?.roleCue : undefined;
    const keys = first.code && first.system !== 'vo' ? classKeys(first.code, true) : new Set([key]);
    return { es, title: first.system === 'title', role, cue, keys, label: first.code ?? first.name, matched: false };
  });
}

const WHY: Record<string, string> = {
  preference: 'only as a preference/scored title',
  excluded: 'only to exclude it from admission',
  commission: "only among the commission members' qualifications",
};

/** Where the bando names a metadata title the extractor has no pattern for: its words in order, close together. */
function titleInText(text: string, folded: string, value: string): { start: number; end: number } | undefined {
  const words = normName(value).split(' ').filter((w) => w.length > 2 && !['del', 'dei', 'della', 'delle', 'per'].includes(w));
  if (words.length < 2) return undefined;
  const re = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join("[^a-z0-9]+(?:[a-z']+[^a-z0-9]+){0,2}?"));
  const m = re.exec(folded);
  return m ? { start: m.index, end: m.index + m[0].length } : undefined;
}

/** Class numbers of the same class under another cycle or decree: LM-38 ~ 38/S, L-39 ~ LM-39, L/SNT1 ~ LM/SNT1. */
function siblingCodes(a: string, b: string): boolean {
  const num = (c: string) => /(\d+)/.exec(c)?.[1];
  const family = (c: string) => (/SNT/.test(c) ? 'snt' : /^(?:L|LM)-\d|^\d+(?:\/S)?$/.test(c) ? 'class' : c);
  return a !== b && num(a) !== undefined && num(a) === num(b) && family(a) === family(b);
}

export interface DegreeDiffContext {
  text?: string;
  articles?: Article[];
}

export function diffDegrees(entities: DegreeEntity[], meta: string[], out: MetadataDiff, ctx: DegreeDiffContext = {}) {
  const text = groupMentions(entities);
  const coversDegrees = text.some((t) => t.role === 'required');
  const coversTitles = text.some((t) => t.role === 'required' && t.title);
  const folded = ctx.text ? foldKeepLength(ctx.text) : '';
  const extras: { raw: string }[] = [];
  for (const raw of meta) {
    const m = parseMetaDegree(raw);
    const mk = m.kind === 'title' ? new Set<string>() : metaDegreeKeys(m, raw);
    const hits = text.filter((t) => (m.kind === 'title' ? t.title && sameTitle(t.es[0]?.name ?? '', m.value) : !t.title && overlaps(t.keys, mk)));
    hits.forEach((t) => (t.matched = true));
    const best = hits.find((t) => t.role === 'required') ?? hits.find((t) => t.role === 'preference') ?? hits.find((t) => t.role === 'excluded') ?? hits.find((t) => t.cue) ?? hits[0];
    if (best?.role === 'required' || best?.cue === 'alternative') continue;
    // Named otherwise, or not at all, while a sibling class is required and missing: the code was mis-normalised.
    if (m.kind === 'class' && coversDegrees) {
      const twins = text.filter((t) => !t.matched && t.role === 'required' && t.es[0]?.code && siblingCodes(m.value, t.es[0].code));
      const twin = twins.length === 1 ? twins[0] : undefined;
      if (twin) {
        twin.matched = true;
        out.discrepancies.push({ field: 'requiredDegrees', type: 'wrong', textValue: twin.label, metadataValue: raw, message: `the bando requires ${twin.label} (${twin.es[0]?.name}); the metadata writes it as ${raw}, another class`, evidence: evidenceOf(twin.es), resolvedBy: 'rules' });
        continue;
      }
    }
    const why = best ? (best.role === 'other' ? (best.cue ? WHY[best.cue] : undefined) : WHY[best.role]) : undefined;
    if (best && why) {
      out.discrepancies.push({ field: 'requiredDegrees', type: 'extra', textValue: `${best.label} (${best.cue ?? best.role})`, metadataValue: raw, message: `${raw} is listed as required, but the bando names it ${why}`, evidence: evidenceOf(best.es), resolvedBy: 'rules' });
      continue;
    }
    if (best) {
      out.ambiguous.push({ id: `requiredDegrees:${raw}`, field: 'requiredDegrees', question: `Is ${raw} required by the bando? It is mentioned without a clear role.`, textValue: best.label, metadataValue: raw, evidence: evidenceOf(best.es), options: ['match', 'extra'] });
      continue;
    }
    // A title no pattern reads: where the text names it, its role there decides.
    const found = m.kind === 'title' && ctx.text ? titleInText(ctx.text, folded, m.value) : undefined;
    if (found && ctx.text) {
      const r = degreeRole(folded, found.start, ctx.articles ?? [], found.end);
      if (r.role === 'required') continue;
      const reason = r.cue ? WHY[r.cue] : WHY[r.role];
      if (reason) {
        out.discrepancies.push({ field: 'requiredDegrees', type: 'extra', textValue: `${m.value} (${r.cue ?? r.role})`, metadataValue: raw, message: `${raw} is listed as required, but the bando names it ${reason}`, evidence: [snippet(ctx.text, found.start, found.end)], resolvedBy: 'rules' });
        continue;
      }
    }
    if (m.kind === 'title' ? coversTitles : coversDegrees) extras.push({ raw });
    else if (coversDegrees) out.notes.push({ kind: 'unverified', message: `requiredDegrees: ${raw} is not a title the extractor reads, and the bando's required titles do not include one like it`, evidence: [] });
  }
  for (const { raw } of extras) out.discrepancies.push({ field: 'requiredDegrees', type: 'extra', metadataValue: raw, message: `${raw} is in the metadata but not among the titles the bando requires`, evidence: [], resolvedBy: 'rules' });
  for (const t of text) {
    if (t.matched) continue;
    const named = t.es[0]?.name && t.es[0].code ? ` (${t.es[0].name})` : '';
    if (t.role === 'required') out.discrepancies.push({ field: 'requiredDegrees', type: 'missing', textValue: t.label, message: `the bando requires ${t.label}${named}, missing from the metadata`, evidence: evidenceOf(t.es), resolvedBy: 'rules' });
    else if (t.role === 'other' && !t.cue) out.ambiguous.push({ id: `requiredDegrees:${t.label}`, field: 'requiredDegrees', question: `The bando mentions ${t.label} without saying whether it is required: should it be in the metadata?`, textValue: t.label, evidence: evidenceOf(t.es), options: ['match', 'missing'] });
  }
  for (const e of entities) {
    if (e.labelMismatch) out.notes.push({ kind: 'label-mismatch', message: `the bando writes ${e.code} as "${e.labelMismatch.label}", which is the name of ${e.labelMismatch.labelMatches.join(', ')}; official name of ${e.code}: "${e.labelMismatch.officialName}". Matched by code.`, evidence: [e.evidence] });
  }
  if (meta.length && !entities.length) out.notes.push({ kind: 'unverified', message: 'requiredDegrees: the text does not mention any degree', evidence: [] });
}
