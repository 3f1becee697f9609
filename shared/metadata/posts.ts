/**
 * Number of posts: totals ("n. 5 posti", "cinque posti", "un posto", "n. 12 (dodici) unità di personale",
 * "Numero di posti: 1") and reserved quotas ("di cui 2 riservati", "3 posti sono riservati", "riserva di n. 2
 * posti"), and shares per seat, profile or group ("Bari (n. 2 posti)", "un posto presso il Comune di X", "i
 * restanti n. 3 posti"). Quotas and shares are parts of the total, never a total of their own. A count never
 * reaches across a line ("Art. 1" over "Posti messi a concorso" is a heading, not one post). A total introduced
 * by the words that state the procedure's size ("copertura di", "reclutamento di", "complessivi") is read with
 * more confidence than a count met elsewhere; the diff compares those first.
 */
import type { Island, PostsEntity } from './types.ts';
import { matchInIslands } from './articles.ts';
import { foldKeepLength, snippet } from './normalize.ts';
import { COUNT_WORD, parseCount } from './numbers.ts';

/** "posti", "posto", "unità"/"unita'" (folded), after a count on the same line. */
const TOTAL_RE = new RegExp(`(?<![\\w.,/-])(?:n\\.|nr\\.?|numero)?[ \\t]*(${COUNT_WORD})[ \\t]+(?:\\([a-z0-9]+\\)[ \\t]+)?(?:post[io]\\b|unita(?:\\b|'))`, 'g');
const LABEL_RE = /\bnumero (?:di|dei) posti[ \t]*:?[ \t]*(\d{1,5})\b/g;
const RESERVED_RE = new RegExp(
  `\\bdi cui[ \\t]+(?:n\\.[ \\t]*)?(${COUNT_WORD})[ \\t]+(?:\\([a-z0-9]+\\)[ \\t]+)?(?:(?:post[io]|unita'?)[ \\t]+)?(?:sono[ \\t]+)?riservat|\\briserva[ \\t]+(?:di|per)[ \\t]+(?:n\\.[ \\t]*)?(${COUNT_WORD})[ \\t]+(?:post|unita)`,
  'g',
);
/** Words around a count that say it is the number of posts being filled. */
const TOTAL_CUE = /copertura|messi? a concorso|complessiv|reclutamento|assunzione|concorso|selezione|per il conferimento|per l'assunzione|bando/;
/** The words that state the procedure's size, right before the count (nothing but a few qualifiers between). */
const STRONG_CUE = /(?:copertura|reclutamento|assunzione|conferimento|complessiv[ie]|in totale|totale di)[^.;:()\n]{0,70}?(?:\bdi|\bper|complessiv[ie])?[ \t]*(?:n\.|nr\.?)?[ \t]*$/;
/** Before a count: the rest after the quotas, or a share among seats. */
const SHARE_BEFORE = /\b(?:restanti|rimanenti|residui|ulteriori|altri)[ \t]+(?:n\.[ \t]*)?$/;
/** After the posts word: where that share goes ("presso il Comune di X", "per la sede di", "assegnati al"). */
const SHARE_AFTER = /^[ \t]*(?:di [a-z ]{0,40}?)?(?:presso|per la sede|per le sedi|nella sede|alla sede|assegnat|destinat|spetta|e' assegnat|va\b|al gruppo|nel profilo [a-z]+ [a-z]+:|a favore)/;

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
    if (/^[ \t]*(?:sono[ \t]+)?riservat/.test(folded.slice(end, end + 20))) {
      out.push({ kind: 'posts', role: 'reserved', count, confidence: 0.85, evidence: snippet(text, start, end) });
      continue;
    }
    // "classificati nei primi 250 posti": a rank in the list, not posts on offer.
    if (/\bprim[ie]\s*$/.test(folded.slice(Math.max(0, start - 10), start))) continue;
    const lead = folded.slice(Math.max(0, m.index - 120), m.index);
    // "Bari (n. 2 posti)", "un posto presso il Comune di X", "i restanti n. 3 posti": a share of the total.
    // The words that size the procedure win over a seat named after the count ("copertura di 2 posti presso …").
    const strong = STRONG_CUE.test(lead);
    const paren = /\([ \t]*(?:n\.|nr\.?)?[ \t]*$/.test(folded.slice(Math.max(0, start - 8), start));
    if (paren || SHARE_BEFORE.test(folded.slice(Math.max(0, start - 20), start)) || (!strong && SHARE_AFTER.test(folded.slice(end, end + 60)))) {
      out.push({ kind: 'posts', role: 'share', count, confidence: 0.85, evidence: snippet(text, start, end) });
      continue;
    }
    const confidence = strong ? 0.95 : TOTAL_CUE.test(lead) ? 0.9 : 0.7;
    out.push({ kind: 'posts', role: 'total', count, confidence, evidence: snippet(text, start, end) });
  }
  for (const m of matchInIslands(text, islands, LABEL_RE, folded)) {
    const count = parseCount(m[1] ?? '');
    if (count) out.push({ kind: 'posts', role: 'total', count, confidence: 0.9, evidence: snippet(text, m.index, m.index + m[0].length) });
  }
  return out.sort((a, b) => a.evidence.start - b.evidence.start);
}
