/**
 * Notices with several profiles, each its own procedure ("Profilo A – Funzionario tecnico ambientale (cod. FTA):
 * n. 3 posti …", a table of profiles with their posts, an annex of degrees per profile). One metadata record
 * describes one profile, the one its title (or `profile`) names; the degrees, seats and posts written for the
 * other profiles are not the record's, and the notice's overall total is not its number of posts.
 * `profileScope` finds the passages that belong to each profile; `scopeToProfile` drops the entities read in
 * other profiles' passages and keeps, as the record's posts, only the counts read in its own.
 */
import type { Entity, PostsEntity } from './types.ts';
import { normName, snippet } from './normalize.ts';

interface Span {
  start: number;
  end: number;
}
interface Profile {
  codes: Set<string>;
  names: Set<string>;
  spans: Span[];
  /** The posts cell of the profile's row in a table of profiles. */
  tablePosts?: PostsEntity;
}

const MARKER = /^[ \t]*(?:[-–•*][ \t]*)?(?:\d+[.)][ \t]*)?Profilo[ \t]+(?:professionale[ \t]+)?([A-Z]{1,4}\d?)\b([^\n]*)/gm;
/** The same, for one line on its own. */
const MARKER_LINE = new RegExp(MARKER.source);
const HEADING = /^[ \t]*(?:art(?:icolo|\.)?[ \t]*\d|allegato\b|capo\b|titolo\b)/i;

function lineEnd(text: string, pos: number): number {
  const i = text.indexOf('\n', pos);
  return i < 0 ? text.length : i;
}

/** A marker's passage: its line, and the lines after it up to a blank line, the next marker or a heading. */
function markerSpan(text: string, start: number, numbered: boolean): Span {
  let end = lineEnd(text, start);
  let pos = end + 1;
  while (pos < text.length) {
    const e = lineEnd(text, pos);
    const line = text.slice(pos, e);
    if (!line.trim() || HEADING.test(line) || MARKER_LINE.test(line) || (numbered && /^[ \t]*\d+[.)]\s/.test(line))) break;
    end = e;
    pos = e + 1;
  }
  return { start, end };
}

function nameOf(rest: string): string | undefined {
  const m = /^\s*(?:\([^)]*\)\s*)?[-–:]\s*([^:(\n;]{4,80})/.exec(rest);
  return m?.[1]?.trim().replace(/[,.]$/, '');
}

/** Rows of tables whose header names a profile (or code) column and, maybe, a posts column. */
function tableRows(text: string, profiles: Map<string, Profile>, add: (code: string) => Profile) {
  const lines = [...text.matchAll(/^[^\n]*\|[^\n]*\|[^\n]*$/gm)];
  let header: { codeCol: number; nameCol: number; postsCol: number; end: number } | undefined;
  for (const l of lines) {
    const cells = l[0].replace(/^\s*\|/, '').split('|').map((c) => c.trim());
    const start = l.index;
    const end = start + l[0].length;
    if (header && start > header.end + 1) header = undefined;
    if (!header) {
      const codeCol = cells.findIndex((c) => /^(?:codice|profilo|cod\.)\b/i.test(c));
      if (codeCol >= 0) header = { codeCol, nameCol: cells.findIndex((c, i) => i !== codeCol && /profilo/i.test(c)), postsCol: cells.findIndex((c) => /^(?:n\.\s*)?posti\b/i.test(c)), end };
      continue;
    }
    header.end = end;
    const code = cells[header.codeCol] ?? '';
    if (!/^[A-Z]{1,4}\d?$/.test(code)) continue;
    const p = profiles.get(code) ?? add(code);
    const name = header.nameCol >= 0 ? cells[header.nameCol] : undefined;
    if (name && /[a-z]{3}/.test(name)) p.names.add(normName(name));
    p.spans.push({ start, end });
    if (header.postsCol < 0) continue;
    // The posts cell's offsets: cells lie between the bars (a leading bar opens the first one).
    const bars = [-1, ...[...l[0].matchAll(/\|/g)].map((b) => b.index), l[0].length];
    const k = header.postsCol + (l[0].trimStart().startsWith('|') ? 1 : 0);
    const cellStart = (bars[k] ?? 0) + 1;
    const posts = /\d{1,4}/.exec(l[0].slice(cellStart, bars[k + 1] ?? l[0].length));
    if (posts) {
      const at = start + cellStart + posts.index;
      p.tablePosts = { kind: 'posts', role: 'total', count: Number(posts[0]), confidence: 0.95, evidence: snippet(text, at, at + posts[0].length) };
    }
  }
}

export function findProfiles(text: string): Map<string, Profile> {
  const profiles = new Map<string, Profile>();
  const add = (code: string) => {
    const p: Profile = { codes: new Set([code]), names: new Set(), spans: [] };
    profiles.set(code, p);
    return p;
  };
  for (const m of text.matchAll(MARKER)) {
    const code = m[1] ?? '';
    const p = profiles.get(code) ?? add(code);
    const rest = m[2] ?? '';
    const name = nameOf(rest);
    if (name) p.names.add(normName(name));
    for (const c of rest.matchAll(/\bcod(?:ice)?\.?\s*([A-Z][A-Z0-9-]{1,20}[A-Z0-9])/g)) if (c[1]) p.codes.add(c[1]);
    p.spans.push(markerSpan(text, m.index, /^\s*(?:[-–•*]\s*)?\d+[.)]/.test(m[0])));
  }
  tableRows(text, profiles, add);
  return profiles;
}

/** The profile a record's title (or profile) names: by code ("Profilo FC", "cod. FTA") or by name. */
function recordProfile(profiles: Map<string, Profile>, title: string): Profile | undefined {
  const codes = [...title.matchAll(/\bProfilo\s+([A-Z]{1,4}\d?)\b|\bcod(?:ice)?\.?\s*([A-Z][A-Z0-9-]{1,20}[A-Z0-9])/gi)].map((m) => m[1] ?? m[2] ?? '');
  const byCode = [...profiles.values()].filter((p) => codes.some((c) => p.codes.has(c)));
  if (byCode.length === 1) return byCode[0];
  const t = normName(title);
  const byName = [...profiles.values()].filter((p) => [...p.names].some((n) => n.split(' ').length >= 2 && t.includes(n)));
  return byName.length === 1 ? byName[0] : undefined;
}

const inside = (spans: Span[], pos: number) => spans.some((s) => pos >= s.start && pos < s.end);

/**
 * Entities of a multi-profile notice as the record for one profile sees them; unchanged when the notice has one
 * profile or the record's profile cannot be told.
 */
export function scopeToProfile(text: string, entities: Entity[], recordTitle: string | undefined): Entity[] {
  if (!recordTitle) return entities;
  const profiles = findProfiles(text);
  if (profiles.size < 2) return entities;
  const own = recordProfile(profiles, recordTitle);
  if (!own) return entities;
  const others = [...profiles.values()].filter((p) => p !== own).flatMap((p) => p.spans);
  const kept = entities.filter((e) => !inside(others, e.evidence.start) || inside(own.spans, e.evidence.start));
  const ownPosts = kept.filter((e): e is PostsEntity => e.kind === 'posts' && e.role === 'total' && inside(own.spans, e.evidence.start));
  if (own.tablePosts) ownPosts.push(own.tablePosts);
  // The notice's total is not the record's: only the counts written for its own profile are.
  return [...kept.filter((e) => e.kind !== 'posts' || (e.role !== 'total' && inside(own.spans, e.evidence.start))), ...ownPosts];
}
