/**
 * Number of posts: totals ("n. 5 posti", "cinque posti", "un posto", "Numero di posti: 1") and reserved quotas
 * ("di cui 2 riservati", "3 posti sono riservati", "riserva di n. 2 posti"), and shares per seat or profile
 * ("Bari (n. 2 posti)"). Quotas and shares are parts of the total, never a total of their own.
 */
import type { Island, PostsEntity } from './types.ts';
import { matchInIslands } from './articles.ts';
import { foldKeepLength, snippet } from './normalize.ts';
import { COUNT_WORD, parseCount } from './numbers.ts';

const TOTAL_RE = new RegExp(`\\b(?:n\\.|nr\\.?|numero)?\\s*(${COUNT_WORD})\\s+(?:\\([a-z]+\\)\\s+)?post[io]\\b`, 'g');
const LABEL_RE = /\bnumero (?:di|dei) posti\s*:?\s*(\d{1,5})\b/g;
const RESERVED_RE = new RegExp(
  `\\bdi cui\\s+(?:n\\.\\s*)?(${COUNT_WORD})\\s+(?:\\([a-z]+\\)\\s+)?(?:post[io]\\s+)?(?:sono\\s+)?riservat|\\briserva\\s+(?:di|per)\\s+(?:n\\.\\s*)?(${COUNT_WORD})\\s+post`,
  'g',
);
/** Words around a count that say it is the number of posts being filled. */
const TOTAL_CUE = /copertura|messi? a concorso|complessiv|reclutamento|assunzione|concorso|selezione|per il conferimento|per l'assunzione|bando/;

export function extractPosts(text: string, islands: Island[]): PostsEntity[] {
  const folded = foldKeepLength(text);
  const out: PostsEntity[] = [];
  const reservedSpans: [number, number][] = [];
  for (const m of matchInIslands(text, islands, RESERVED_RE, folded)) {
    const count = parseCount(m[1] ?? m[2] ?? '');
    if (!count) continue;
    const end = m.index + m[0].length;
    reservedSpans.push([m.index, end]);
    out.push({ kind: 'posts', role: 'reserved', count, confidence: 0.9, evidence: snippet(text, m.index, end) });
  }
  for (const m of matchInIslands(text, islands, TOTAL_RE, folded)) {
    const count = parseCount(m[1] ?? '');
    if (!count) continue;
    const start = m.index + m[0].indexOf(m[1] ?? '');
    const end = m.index + m[0].length;
    if (reservedSpans.some(([s, e]) => start >= s && start < e)) continue;
    // "3 posti sono riservati", "2 posti riservati": a quota, not the total.
    if (/^\s*(?:sono\s+)?riservat/.test(folded.slice(end, end + 20))) {
      out.push({ kind: 'posts', role: 'reserved', count, confidence: 0.85, evidence: snippet(text, start, end) });
      continue;
    }
    // "classificati nei primi 250 posti": a rank in the list, not posts on offer.
    if (/\bprim[ie]\s*$/.test(folded.slice(Math.max(0, start - 10), start))) continue;
    // "Bari (n. 2 posti)", "un posto spetta al gruppo …": one seat's or group's share of the total.
    if (/\(\s*(?:n\.|nr\.?)?\s*$/.test(folded.slice(Math.max(0, start - 8), start)) || /^\s*(?:spetta|e' assegnat|va\b|al gruppo)/.test(folded.slice(end, end + 20))) {
      out.push({ kind: 'posts', role: 'share', count, confidence: 0.85, evidence: snippet(text, start, end) });
      continue;
    }
    const context = folded.slice(Math.max(0, start - 120), start);
    out.push({ kind: 'posts', role: 'total', count, confidence: TOTAL_CUE.test(context) ? 0.9 : 0.7, evidence: snippet(text, start, end) });
  }
  for (const m of matchInIslands(text, islands, LABEL_RE, folded)) {
    const count = parseCount(m[1] ?? '');
    if (count) out.push({ kind: 'posts', role: 'total', count, confidence: 0.9, evidence: snippet(text, m.index, m.index + m[0].length) });
  }
  return out.sort((a, b) => a.evidence.start - b.evidence.start);
}
