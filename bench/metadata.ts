/**
 * Metadata verifier benchmark: precision and recall per field of the deterministic extraction, and the share
 * of mentions it routes to "ambiguous", on hand-labelled texts:
 *   - the real GU excerpts (../shared/data/bandi/gu_concorsi_article_excerpts.jsonl, labels in
 *     bench/fixtures/metadata/gu-excerpts.labels.json);
 *   - the demo corpus (examples/corpus/*.md with examples/corpus/labels.json), when present.
 * Run: npm run bench:metadata
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractEntities, type Entity } from '../shared/metadata/index.ts';
import { parseMetaDegree, sameTitle } from '../shared/metadata/degree-match.ts';
import { normName, placeKey } from '../shared/metadata/normalize.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Gold {
  gazzettaDate?: string | null;
  publicationDate?: string | null;
  requiredDegrees: string[];
  preferenceDegrees: string[];
  workLocations: string[];
  examVenues: string[];
  deadline: string | null;
  posts: number | null;
  reservedPosts: number | null;
  procedure: string | null;
}
interface Case {
  id: string;
  set: string;
  text: string;
  gold: Gold;
}

function guCases(): Case[] {
  const file = path.resolve(root, '../shared/data/bandi/gu_concorsi_article_excerpts.jsonl');
  if (!existsSync(file)) return [];
  const labels = JSON.parse(readFileSync(path.join(root, 'bench/fixtures/metadata/gu-excerpts.labels.json'), 'utf8')) as Record<string, Gold>;
  return readFileSync(file, 'utf8').trim().split('\n').flatMap((line, i) => {
    const r = JSON.parse(line) as { codice_redazionale: string; text: string };
    const id = r.codice_redazionale || `line:${i + 1}`;
    const gold = labels[id];
    return gold ? [{ id, set: 'gu-excerpts', text: r.text, gold }] : [];
  });
}

function corpusCases(): Case[] {
  const dir = path.join(root, 'examples/corpus');
  const labelsFile = path.join(dir, 'labels.json');
  if (!existsSync(labelsFile)) return [];
  const labels = JSON.parse(readFileSync(labelsFile, 'utf8')) as Record<string, Partial<Gold>>;
  return Object.entries(labels).flatMap(([id, g]) => {
    const md = path.join(dir, `${id}.md`);
    if (!existsSync(md)) return [];
    const metaFile = path.join(dir, `${id}.json`);
    const meta = existsSync(metaFile) ? (JSON.parse(readFileSync(metaFile, 'utf8')) as { gazzettaDate?: string; publicationDate?: string }) : {};
    const gold: Gold = {
      requiredDegrees: g.requiredDegrees ?? [], preferenceDegrees: g.preferenceDegrees ?? [], workLocations: g.workLocations ?? [],
      examVenues: g.examVenues ?? [], deadline: g.deadline ?? null, posts: g.posts ?? null, reservedPosts: g.reservedPosts ?? null,
      procedure: g.procedure ?? null, gazzettaDate: meta.gazzettaDate ?? null, publicationDate: meta.publicationDate ?? null,
    };
    return [{ id, set: 'demo-corpus', text: readFileSync(md, 'utf8'), gold }];
  });
}

/**
 * Labels are read like metadata values (parseMetaDegree): "classe 17 (DM 509/99)" is class 17, names drop
 * "(vecchio ordinamento)", diplomas and other titles are compared by words with the text's (sameTitle).
 */
const degreeKey = (s: string) => {
  const m = parseMetaDegree(s);
  return m.kind === 'class' ? m.value : `${m.kind}:${normName(m.value)}`;
};
/** A title entity takes the key of the labelled title it names, if any. */
const entityDegreeKey = (e: Extract<Entity, { kind: 'degree' }>, labels: string[]) => {
  if (e.system !== 'title') return e.code ?? `name:${normName(e.name)}`;
  const same = labels.find((l) => parseMetaDegree(l).kind === 'title' && sameTitle(l, e.name));
  return same ? degreeKey(same) : `title:${normName(e.name)}`;
};

type Field = 'requiredDegrees' | 'preferenceDegrees' | 'workLocations' | 'examVenues' | 'deadline' | 'posts' | 'reservedPosts' | 'procedure';
const FIELDS: Field[] = ['requiredDegrees', 'preferenceDegrees', 'workLocations', 'examVenues', 'deadline', 'posts', 'reservedPosts', 'procedure'];

function predicted(entities: Entity[], labels: string[]): Record<Field, Set<string>> {
  const set = (xs: (string | undefined)[]) => new Set(xs.filter((x): x is string => x !== undefined));
  const deg = entities.filter((e): e is Extract<Entity, { kind: 'degree' }> => e.kind === 'degree');
  const loc = entities.filter((e): e is Extract<Entity, { kind: 'location' }> => e.kind === 'location');
  const posts = entities.filter((e): e is Extract<Entity, { kind: 'posts' }> => e.kind === 'posts');
  const dl = entities.filter((e): e is Extract<Entity, { kind: 'deadline' }> => e.kind === 'deadline');
  const totals = set(posts.filter((p) => p.role === 'total').map((p) => String(p.count)));
  const key = (d: Extract<Entity, { kind: 'degree' }>) => entityDegreeKey(d, labels);
  const required = set(deg.filter((d) => d.role === 'required').map(key));
  return {
    requiredDegrees: required,
    preferenceDegrees: set(deg.filter((d) => d.role === 'preference' && !required.has(key(d))).map(key)),
    workLocations: set(loc.filter((l) => l.role === 'work' && l.level === 'comune').map((l) => placeKey(l.name))),
    examVenues: set(loc.filter((l) => l.role === 'exam' && l.level === 'comune').map((l) => placeKey(l.name))),
    deadline: set(dl.map((d) => d.date)),
    // Several different totals are not a prediction: the diff sends them to "ambiguous".
    posts: totals.size === 1 ? totals : new Set(),
    reservedPosts: set([posts.filter((p) => p.role === 'reserved').reduce((a, p) => a + p.count, 0) || undefined].map((n) => (n ? String(n) : undefined))),
    procedure: set(entities.filter((e) => e.kind === 'procedure').map((e) => (e.kind === 'procedure' ? e.value : undefined))),
  };
}

function goldSets(g: Gold): Record<Field, Set<string>> {
  const one = (v: string | number | null) => new Set(v === null ? [] : [String(v)]);
  return {
    requiredDegrees: new Set(g.requiredDegrees.map(degreeKey)),
    preferenceDegrees: new Set(g.preferenceDegrees.map(degreeKey)),
    workLocations: new Set(g.workLocations.map(placeKey)),
    examVenues: new Set(g.examVenues.map(placeKey)),
    deadline: one(g.deadline),
    posts: one(g.posts),
    reservedPosts: one(g.reservedPosts || null), // 0 reserved = nothing to find
    procedure: one(g.procedure),
  };
}

/** Mentions the rules leave to review: degrees without role, places without cue, deadlines not computable. */
function ambiguousMentions(entities: Entity[]): { ambiguous: number; total: number } {
  let ambiguous = 0;
  let total = 0;
  for (const e of entities) {
    if (e.kind === 'procedure' || e.kind === 'posts') continue;
    total++;
    if ((e.kind === 'degree' && e.role === 'other') || (e.kind === 'location' && e.role === 'other' && !e.cue) || (e.kind === 'deadline' && !e.date)) ambiguous++;
  }
  return { ambiguous, total };
}

const cases = [...guCases(), ...corpusCases()];
const counts = Object.fromEntries(FIELDS.map((f) => [f, { tp: 0, fp: 0, fn: 0 }])) as Record<Field, { tp: number; fp: number; fn: number }>;
const errors: string[] = [];
let amb = 0;
let mentions = 0;
const started = performance.now();
for (const c of cases) {
  const opts = { ...(c.gold.gazzettaDate ? { gazzettaDate: c.gold.gazzettaDate } : {}), ...(c.gold.publicationDate ? { publicationDate: c.gold.publicationDate } : {}) };
  const { entities } = extractEntities(c.text, opts);
  const p = predicted(entities, [...c.gold.requiredDegrees, ...c.gold.preferenceDegrees]);
  const g = goldSets(c.gold);
  for (const f of FIELDS) {
    for (const v of p[f]) {
      if (g[f].has(v)) counts[f].tp++;
      else {
        counts[f].fp++;
        errors.push(`${c.set}/${c.id} ${f}: extra "${v}"`);
      }
    }
    for (const v of g[f]) {
      if (!p[f].has(v)) {
        counts[f].fn++;
        errors.push(`${c.set}/${c.id} ${f}: missed "${v}"`);
      }
    }
  }
  const a = ambiguousMentions(entities);
  amb += a.ambiguous;
  mentions += a.total;
}
const ms = performance.now() - started;

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : (n / d).toFixed(3));
let tp = 0, fp = 0, fn = 0;
console.log(`cases: ${cases.length} (${cases.filter((c) => c.set === 'gu-excerpts').length} GU excerpts, ${cases.filter((c) => c.set === 'demo-corpus').length} demo corpus)`);
console.log('| field | TP | FP | FN | precision | recall |');
console.log('|---|---|---|---|---|---|');
for (const f of FIELDS) {
  const k = counts[f];
  tp += k.tp; fp += k.fp; fn += k.fn;
  console.log(`| ${f} | ${k.tp} | ${k.fp} | ${k.fn} | ${pct(k.tp, k.tp + k.fp)} | ${pct(k.tp, k.tp + k.fn)} |`);
}
console.log(`| **all** | ${tp} | ${fp} | ${fn} | ${pct(tp, tp + fp)} | ${pct(tp, tp + fn)} |`);
console.log(`ambiguous share (degree/location/deadline mentions left for review): ${amb}/${mentions} = ${pct(amb, mentions)}`);
console.log(`extraction time: ${(ms / Math.max(1, cases.length)).toFixed(1)} ms per text`);
if (errors.length) console.log(`\nerrors:\n${errors.map((e) => `  ${e}`).join('\n')}`);
