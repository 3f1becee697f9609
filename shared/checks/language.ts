/**
 * Language of the answer from stop-word counts: words that exist only in Italian vs only in English.
 * When a longer text has almost none of either, the answer is in some other language.
 */
import { answerOf, fail, invalid, pass } from './common.ts';
import type { CheckSpecOf } from './schema.ts';
import { ENGLISH_MARKERS, ITALIAN_MARKERS } from './stopwords.ts';
import { words } from './text.ts';
import type { CheckHandler } from './types.ts';

export type Language = 'it' | 'en' | 'other';

export function detectLanguage(text: string): Language | undefined {
  const ws = words(text).filter((w) => !/^\d+$/.test(w));
  if (ws.length === 0) return undefined;
  const it = ws.filter((w) => ITALIAN_MARKERS.has(w)).length;
  const en = ws.filter((w) => ENGLISH_MARKERS.has(w)).length;
  const best = Math.max(it, en);
  if (best === 0 || it === en) return 'other';
  if (ws.length >= 6 && (best < 2 || best / ws.length < 0.12)) return 'other';
  return it > en ? 'it' : 'en';
}

export const language: CheckHandler<CheckSpecOf<'language'>> = (spec, ctx) => {
  const detected = detectLanguage(answerOf(ctx));
  if (detected === undefined) return invalid(spec, 'answer has no words to detect a language from');
  return detected === spec.expected
    ? pass(spec, `answer is in ${detected}`)
    : fail(spec, `answer is in ${detected}, expected ${spec.expected}`);
};
