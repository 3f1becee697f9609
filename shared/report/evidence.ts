/**
 * Evidence of a check, shown in the transcript: the text the check judged on (the leaked canary, the wrong date,
 * the wrong tool argument), highlighted where it occurs in the turn the check judged.
 *
 * Where it comes from, generically: the check's own `evidence` (stored in check_results.details.evidence by the
 * checks that know it), else the strings its reason quotes ("…" or «…») that really occur in the judged turn.
 */
import { z } from 'zod';
import type { Turn } from '../transcript.ts';
import { esc, highlight, type Span } from './escape.ts';

export const EVIDENCE_PLACES = ['assistant', 'user', 'tool-args'] as const;
export const checkEvidenceSchema = z.object({ text: z.string().min(1).max(2000), where: z.enum(EVIDENCE_PLACES).optional() });
export type CheckEvidence = z.infer<typeof checkEvidenceSchema>;

/** check_results.details, read leniently: rows outlive code. */
const detailsEvidence = z.object({ evidence: z.array(checkEvidenceSchema).catch([]) }).catch({ evidence: [] });

export function storedEvidence(details: unknown): CheckEvidence[] {
  return details && typeof details === 'object' ? detailsEvidence.parse(details).evidence : [];
}

/** Quoted strings in a reason ("…", «…»), without a trailing ellipsis a check added when it cut the quote. */
export function quotedInReason(reason: string): CheckEvidence[] {
  const out: CheckEvidence[] = [];
  for (const m of reason.matchAll(/"([^"]{2,300})"|«([^»]{2,300})»/g)) {
    const text = (m[1] ?? m[2] ?? '').replace(/…$/, '').trim();
    if (text.length >= 2) out.push({ text });
  }
  return out;
}

/** Every occurrence of each term in `text` (case-insensitive; whitespace runs in a term match any whitespace). */
export function findTerms(text: string, terms: string[]): Span[] {
  const spans: Span[] = [];
  for (const term of new Set(terms.map((t) => t.trim()).filter((t) => t.length >= 2))) {
    const re = new RegExp(term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'), 'giu');
    for (const m of text.matchAll(re)) spans.push({ start: m.index, end: m.index + m[0].length });
  }
  return spans;
}

/** `text`, escaped, with the terms marked; `null` when none occurs (so a caller can tell nothing was found). */
export function markTerms(text: string, terms: string[]): string | null {
  const spans = findTerms(text, terms);
  return spans.length ? highlight(text, spans).replace(/<mark /g, '<mark class="ev" ') : null;
}

/** What the transcript needs to know about a check judging a turn. */
export interface TurnMark {
  checkId: string;
  outcome: string;
  turn: number | null;
  evidence: CheckEvidence[];
}

/** The evidence terms of a turn's non-passing checks, per place. */
export function termsFor(marks: TurnMark[], where: CheckEvidence['where']): string[] {
  return marks.filter((m) => m.outcome !== 'pass').flatMap((m) => m.evidence.filter((e) => !e.where || e.where === where).map((e) => e.text));
}

/** Checks that judged this turn; a check without a turn judged the last one. */
export function marksOn(turn: Turn, last: boolean, marks: TurnMark[]): TurnMark[] {
  return marks.filter((m) => m.turn === turn.index || (m.turn === null && last));
}

export const markedOrEscaped = (text: string, terms: string[]) => (terms.length ? (markTerms(text, terms) ?? esc(text)) : esc(text));
