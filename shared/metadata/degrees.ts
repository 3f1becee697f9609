/**
 * Degree classes in every way bandi write them: L-18, L/18, "L 18", LM-56, "LMG /01", LM-85 bis, L/SNT1, DM 509
 * "64/S", "classe 64/S", "classe 17", class names after "classe delle lauree (magistrali) in …", and
 * vecchio-ordinamento diploma names ("diploma di laurea in: statistica ovvero matematica …").
 */
import type { Article, DegreeEntity, Island } from './types.ts';
import { matchInIslands } from './articles.ts';
import { degreeRole, ROLE_CONFIDENCE } from './degree-role.ts';
import { foldKeepLength, normName, normalizeDegreeCode, snippet } from './normalize.ts';
import { reference, type DegreeClass } from './reference.ts';
import { extractTitles } from './titles.ts';
import { buildDictionary, matchAt, tokenAt, tokenize, type Dictionary } from './tokens.ts';

const CODE_RE =
  /(?<![A-Za-z0-9])(?:(LMG|LMR)\s*[-/]?\s*0?([12])|(LM|L)\s*[-–/]\s*(SNT\s*[1-4]|DS|GASTR)|(LM|L)(\s*[-–/]\s*|\s)(\d{1,2})((?:\s*|-)bis|\s*c\.\s?u\.|cu)?|(\d{1,3})\s*\/\s*S)(?![A-Za-z0-9/])/g;
/** "classe 17", "classi 17 e 28", "classe n. 19" — DM 509/99 triennali have bare numbers. */
const BARE_CLASS_RE = /\bclass[ei]\s+(?:n\.\s*)?(\d{1,2}(?:\s*(?:,|\be\b|\bed\b|\bo\b|\boppure\b)\s*\d{1,2})*)(?![\d/]|\s*\/\s*s)/g;
const CLASS_NAME_RE = /\bclass[ei]\s+(?:(?:delle|di)\s+laure[ae]\s+)?(?:(magistral[ei]|specialistic[ah]e|triennal[ei]|di primo livello|universitari[ae])\s+)?(?:in|di|nelle|nella|della|delle)\s+/g;
const LEVEL_NAME_RE = /\blaurea\s+(magistrale|specialistica|triennale|di primo livello)\s+(?:in|di)\s+/g;
const NAME_FOLLOWERS = new Set(['o', 'oppure', 'ovvero', 'e', 'ed', 'nonche', 'ex', 'conseguita', 'conseguito', 'classe', 'ai', 'secondo', 'di', 'del', 'o', 'rilasciata']);
const VO_RE = /\bdiploma di laurea\s+(?:\([^)]{0,80}\)\s+)?(?:del vecchio ordinamento\s+)?in\s*:?\s*/g;

interface Ctx {
  text: string;
  folded: string;
  articles: Article[];
  islands: Island[];
}

function classesDict(): Dictionary<DegreeClass[]> {
  const ref = reference();
  return buildDictionary([...ref.degreesByName.entries()]);
}
let dictCache: Dictionary<DegreeClass[]> | undefined;

function entity(ctx: Ctx, start: number, end: number, fields: Omit<DegreeEntity, 'kind' | 'role' | 'confidence' | 'evidence' | 'written'>, base: number): DegreeEntity {
  const r = degreeRole(ctx.folded, start, ctx.articles, end);
  return {
    kind: 'degree',
    written: ctx.text.slice(start, end),
    ...fields,
    role: r.role,
    ...(r.cue ? { roleCue: r.cue } : {}),
    confidence: Math.round(base * ROLE_CONFIDENCE[r.strength] * 100) / 100,
    evidence: snippet(ctx.text, start, end),
  };
}

/** The bando's own label after a code ("L-16 - Scienze politiche;"), checked against the official name. */
function labelCheck(ctx: Ctx, end: number, cls: DegreeClass): DegreeEntity['labelMismatch'] {
  const m = /^[ \t]*(?:[-–:][ \t]*)?([A-Z][^;\n(]{2,100})/.exec(ctx.text.slice(end, end + 120));
  if (!m?.[1]) return undefined;
  const label = normName(m[1].replace(/[.,]\s*$/, ''));
  const startsWith = (a: string, b: string) => a === b || a.startsWith(`${b} `);
  const own = [cls.name, ...(cls.aliases ?? [])].map(normName);
  if (own.some((o) => startsWith(o, label) || startsWith(label, o))) return undefined;
  const ref = reference();
  const others = [...ref.degreesByCode.values()].filter(
    (d) => d.level === cls.level && d.code !== cls.code && [d.name, ...(d.aliases ?? [])].some((n) => startsWith(normName(n), label)),
  );
  if (others.length === 0) return undefined;
  return { label: m[1].trim(), officialName: cls.name, labelMatches: others.map((d) => d.code) };
}

function codeMentions(ctx: Ctx): DegreeEntity[] {
  const ref = reference();
  const out: DegreeEntity[] = [];
  for (const m of matchInIslands(ctx.text, ctx.islands, CODE_RE)) {
    // "L 18" with a bare space is only a class when the sentence talks about classes or degrees.
    if (m[6] !== undefined && !/[-–/]/.test(m[6]) && !/class|laure/.test(ctx.folded.slice(Math.max(0, m.index - 150), m.index))) continue;
    const raw = m[1] ? `${m[1]}/${m[2]}` : m[3] ? `${m[3]}/${m[4]}` : m[5] ? `${m[5]}-${m[7]}${m[8] ? ` ${m[8].replace(/[-\s]/g, '')}` : ''}` : `${m[9]}/S`;
    const code = normalizeDegreeCode(raw);
    const cls = code ? ref.degreesByCode.get(code) : undefined;
    if (!code || !cls) continue;
    const end = m.index + m[0].length;
    const mismatch = labelCheck(ctx, end, cls);
    const e = entity(ctx, m.index, end, { code, system: cls.system, name: cls.name, ...(mismatch ? { labelMismatch: mismatch } : {}) }, mismatch ? 0.9 : 1);
    out.push(e);
  }
  for (const m of matchInIslands(ctx.folded, ctx.islands, BARE_CLASS_RE)) {
    const list = m[1] ?? '';
    const listStart = m.index + m[0].indexOf(list);
    const dm = bareClassSystem(ctx.folded, m.index, listStart + list.length);
    for (const n of list.matchAll(/\d{1,2}/g)) {
      const code = dm.system === '270' ? normalizeDegreeCode(`${dm.level}-${n[0]}`) : normalizeDegreeCode(n[0]);
      const cls = code ? ref.degreesByCode.get(code) : undefined;
      if (!code || !cls || cls.system !== dm.system) continue;
      const s = listStart + n.index;
      out.push(entity(ctx, s, s + n[0].length, { code, system: cls.system, name: cls.name }, 0.9));
    }
  }
  return out;
}

/**
 * A bare class number belongs to the decree named with it: "classe 39 di cui al D.M. 270/2004" is L-39 (LM-39
 * after "laurea magistrale"); without DM 270 in its clause it is a DM 509/99 triennale, as portals use them.
 */
function bareClassSystem(folded: string, start: number, end: number): { system: '270' | '509'; level: 'L' | 'LM' } {
  // The decree written right after the number ("classe 39 di cui al D.M. 270/2004"), else the last one before it.
  const after = (folded.slice(end, end + 60).split(/[;\n]|\bovvero\b|\boppure\b/)[0] ?? '').match(/\b(270|509)\b/)?.[1];
  const before = folded.slice(Math.max(0, start - 80), start);
  const clauseBefore = before.slice(Math.max(before.lastIndexOf(';'), before.lastIndexOf('\n')) + 1);
  const last = [...clauseBefore.matchAll(/\b(270|509)\b/g)].pop()?.[1];
  const level = /magistral|specialistic/.test(clauseBefore) ? 'LM' : 'L';
  return { system: (after ?? last) === '270' ? '270' : '509', level };
}

type Level = DegreeClass['level'];
function levelsFor(qualifier: string | undefined, near: string): Level[] {
  const dm509 = /509/.test(near) && !/270/.test(near);
  if (!qualifier) return dm509 ? ['LT', 'LS'] : ['L', 'LM'];
  if (qualifier.startsWith('magistral')) return ['LM'];
  if (qualifier.startsWith('specialistic')) return ['LS'];
  return dm509 ? ['LT'] : ['L'];
}

function nameMentions(ctx: Ctx, tokens: ReturnType<typeof tokenize>): DegreeEntity[] {
  dictCache ??= classesDict();
  const dict = dictCache;
  const out: DegreeEntity[] = [];
  const join = (a: { end: number }, b: { start: number }) => /^[\s'’-]{0,3}$/.test(ctx.text.slice(a.end, b.start));
  for (const re of [CLASS_NAME_RE, LEVEL_NAME_RE]) {
    for (const m of matchInIslands(ctx.folded, ctx.islands, re)) {
      const at = m.index + m[0].length;
      const i = tokenAt(tokens, at);
      if (tokens[i]?.start !== at) continue;
      const found = matchAt(dict, tokens, i, join)[0];
      if (!found) continue;
      // The name must end there: "Scienze dell'economia aziendale" is not "Scienze dell'economia".
      const next = ctx.text.slice(tokens[found.to]?.end ?? at).match(/^\s*([A-Za-zÀ-ÿ]+)/)?.[1];
      if (next !== undefined && /^[a-zà-ÿ]/.test(next) && !NAME_FOLLOWERS.has(foldKeepLength(next))) continue;
      const near = ctx.folded.slice(Math.max(0, m.index - 200), at + 200);
      const levels = levelsFor(m[1], near);
      const classes = found.value.filter((c) => levels.includes(c.level));
      const cls = classes.find((c) => c.system === '270') ?? classes[0];
      if (!cls) continue;
      const start = tokens[found.from]?.start ?? at;
      const end = tokens[found.to]?.end ?? at;
      out.push(entity(ctx, start, end, { code: cls.code, system: cls.system, name: cls.name }, classes.length > 1 ? 0.7 : 0.85));
    }
  }
  return out;
}

/**
 * A name cut mid-sentence ("equiparati ai sensi del D") never becomes a title: at most 6 words, the last one a
 * real word (3+ letters), no legal wording.
 */
function plausibleName(name: string): boolean {
  const words = name.split(/\s+/).filter(Boolean);
  if (name.length < 4 || words.length > 6) return false;
  if (!/^[A-Za-zÀ-ÿ]{3,}/.test(words[words.length - 1] ?? '') || /-$/.test(name)) return false;
  if (/^(?:titol[io]|materie|discipline|possesso|una|uno|classe|classi)\b/i.test(name)) return false;
  return !/\b(?:ai sensi|equipar|equipollen|decret|legge|articol|art\.|d\.\s?[mi]\.?)/i.test(name);
}

/** Vecchio-ordinamento diploma names are kept as names: no official table maps them to classes. */
function oldSystemNames(ctx: Ctx): DegreeEntity[] {
  const out: DegreeEntity[] = [];
  for (const m of matchInIslands(ctx.folded, ctx.islands, VO_RE)) {
    const listStart = m.index + m[0].length;
    const rest = ctx.folded.slice(listStart, listStart + 400);
    // A word hyphenated across a line ("commer-\ncio") continues the name; any other line break ends the list.
    const stop = /[;.()]|(?<!-)\n|\bo diploma\b|\bo laurea\b|\bconseguit|\bequipollent|\bequipar|\bai sensi\b|\bo titolo\b/.exec(rest);
    const list = rest.slice(0, stop ? stop.index : rest.length);
    let cursor = 0;
    for (const part of list.split(/,|\bovvero\b|\boppure\b|\bo\b/)) {
      const idx = list.indexOf(part, cursor);
      cursor = idx + part.length;
      // "… in Giurisprudenza o in Scienze politiche", "medicina e chirurgia del vecchio ordinamento".
      const raw = part.trim().replace(/^in\s+/i, '').replace(/\s+(?:del\s+)?vecchio ordinamento$/i, '').trim();
      const s = listStart + idx + part.indexOf(raw);
      const name = ctx.text.slice(s, s + raw.length).replace(/-\n\s*/g, '');
      if (!plausibleName(name)) continue;
      out.push(entity(ctx, s, s + raw.length, { system: 'vo', name }, 0.85));
    }
  }
  return out;
}

export function extractDegrees(text: string, articles: Article[], islands: Island[]): DegreeEntity[] {
  const ctx: Ctx = { text, folded: foldKeepLength(text), articles, islands };
  const codes = codeMentions(ctx);
  const names = nameMentions(ctx, tokenize(text)).filter(
    // A name written next to its own code ("Ingegneria dell'informazione - L/8") is the same mention.
    (n) => !codes.some((c) => c.code === n.code && Math.abs(c.evidence.start - n.evidence.start) < 150),
  );
  return [...codes, ...names, ...oldSystemNames(ctx), ...extractTitles(text, articles, islands)].sort((a, b) => a.evidence.start - b.evidence.start);
}
