/** Check catchers shared by operators: which checks look at a date, a count, an expiry, a link. */
import type { CheckSpec } from '../checks/index.ts';
import type { CheckCatcher } from './types.ts';

/** The text a check compares against (value(s), pattern, keywords), flattened. */
function textOf(spec: CheckSpec): string {
  const s = spec as Record<string, unknown>;
  return [s.value, s.values, s.pattern, s.keywords, s.expected]
    .flat()
    .filter((x) => typeof x === 'string' || typeof x === 'number')
    .join(' ');
}

const DATE_LIKE = /\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{4}\b|\b(19|20)\d{2}\b|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|\{\{\s*deadline/i;
const TEXT_CHECKS = ['contains', 'equals', 'regex', 'keywords'];

const factOf = (spec: CheckSpec) => spec as CheckSpec & { kind?: string; value?: unknown };

export const dateCatchers: CheckCatcher[] = [
  { type: 'fact-match', when: (s) => factOf(s).kind === 'date' || (factOf(s).kind === 'auto' && DATE_LIKE.test(String(factOf(s).value ?? ''))) },
  ...TEXT_CHECKS.map((type) => ({ type, when: (s: CheckSpec) => DATE_LIKE.test(textOf(s)) })),
];

export const countCatchers: CheckCatcher[] = [
  { type: 'fact-match', when: (s) => factOf(s).kind === 'number' || (factOf(s).kind === 'auto' && typeof factOf(s).value === 'number') },
  ...TEXT_CHECKS.map((type) => ({ type, when: (s: CheckSpec) => /\bposti\b|\bpost[io]?\s*:?\s*\d|\d+\s*(posti|unità)/i.test(textOf(s)) })),
];

export const expiryCatchers: CheckCatcher[] = ['not-contains', 'not-regex', 'not-keywords', 'keywords', 'regex', 'contains'].map((type) => ({
  type,
  when: (s: CheckSpec) => /scad|chius|expired|closed|non (è|e') più possibile/i.test(textOf(s)),
}));

export const linkCatchers: CheckCatcher[] = ['not-contains', 'not-regex'].map((type) => ({
  type,
  when: (s: CheckSpec) => /https?|www\.|\]\(|!\[/i.test(textOf(s)),
}));
