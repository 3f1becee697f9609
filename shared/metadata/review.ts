/**
 * Review items as a person sees them: the question, the candidate answers (the metadata's value and the values
 * the text gives), and the text around each piece of evidence, so the report and the dashboard can show it
 * highlighted without the bando at hand.
 */
import type { AmbiguousItem } from './types.ts';

const AROUND = 160;

export function withReviewContext(item: AmbiguousItem, text: string): AmbiguousItem {
  const candidates = [...new Set([item.metadataValue, ...(item.textValue?.split(' | ') ?? [])].filter((c): c is string => !!c))];
  const context = item.evidence
    .filter((e) => text.slice(e.start, e.end) === e.snippet)
    .slice(0, 4)
    .map((e) => ({
      before: text.slice(Math.max(0, e.start - AROUND), e.start).replace(/^\S*\s/, ''),
      highlight: e.snippet,
      after: text.slice(e.end, e.end + AROUND).replace(/\s\S*$/, ''),
    }));
  return { ...item, candidates: item.candidates ?? candidates, context, raisedBy: item.raisedBy ?? 'rules' };
}
