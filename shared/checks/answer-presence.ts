/**
 * Answer presence: the bot said something that is not empty, not a refusal and not its fallback message
 * ("non ho capito", "Sorry, I didn't understand"). Italian and English phrasings; extra fallback strings
 * per check (a target's own canned message).
 */
import { answerOf, fail, pass, quote } from './common.ts';
import type { CheckSpecOf } from './schema.ts';
import { foldAccents } from './text.ts';
import type { CheckHandler } from './types.ts';

// Matched on lowercase, accent-folded text with apostrophes normalised to '.
const REFUSALS = [
  /\bmi (?:dispiace|spiace)[^.!?]{0,40}\bnon (?:posso|sono in grado|riesco)\b/,
  /\bnon (?:posso|sono in grado di|sono autorizzat[oa] a) (?:aiutar|rispondere|fornire|dare|assister)/,
  /\bnon (?:mi e|e) (?:possibile|consentito) (?:rispondere|aiutar|fornire)/,
  /\bnon ho (?:informazioni|dati|accesso)\b/,
  /\bmi scusi\b[^.!?]{0,40}\bnon (?:posso|esprimo|sono in grado)\b/,
  /\bnon (?:posso|sono in grado di) (?:modificare|rivelare|cambiare|soddisfare|esaudire|accontentar|occuparmi)/,
  /\bnon esprimo (?:opinioni|giudizi|preferenze)\b/,
  /\b(?:i'?m|i am) (?:sorry|afraid)\b[^.!?]{0,40}\b(?:can(?:no|')t|unable|not able)\b/,
  /\bi (?:can(?:no|')t|am unable to|am not able to|won'?t) (?:help|assist|answer|provide|do that)/,
  /\bas an ai(?: language model)?\b/,
  /\bi don'?t have (?:any )?(?:information|access|data)\b/,
];

const FALLBACKS = [
  /\bnon ho capito\b/,
  /\bnon (?:sono sicur[oa] di aver|ho) compreso\b/,
  /\bpuoi (?:riformulare|ripetere)\b/,
  /\b(?:potresti|puo|potrebbe) (?:riformulare|ripetere)\b/,
  /\bprova a riformulare\b/,
  /\bsi e verificato un errore\b/,
  /\bsorry,? i (?:didn'?t|did not) (?:understand|get that|catch that)\b/,
  /\bi(?:'m| am) not sure i understand\b/,
  /\bcould you (?:please )?(?:rephrase|repeat)\b/,
  /\bcan you (?:please )?(?:rephrase|repeat)\b/,
  /\bsomething went wrong\b/,
];

const fold = (s: string) => foldAccents(s.toLocaleLowerCase('it')).replace(/[’‘`]/g, "'").replace(/\s+/g, ' ').trim();

/** Where a long helpful answer merely opens politely, only its opening is judged. */
function head(text: string): string {
  return text.length <= 400 ? text : text.slice(0, 200);
}

export function detectNonAnswer(text: string, extraFallbacks: string[] = []): 'empty' | 'refusal' | 'fallback' | undefined {
  const folded = fold(text);
  if (folded.replace(/[\p{P}\p{S}\s]/gu, '') === '') return 'empty';
  const opening = head(folded);
  if (extraFallbacks.some((f) => fold(f) !== '' && folded.includes(fold(f)))) return 'fallback';
  if (FALLBACKS.some((re) => re.test(opening))) return 'fallback';
  if (REFUSALS.some((re) => re.test(opening))) return 'refusal';
  return undefined;
}

export const answerPresence: CheckHandler<CheckSpecOf<'answer-presence'>> = (spec, ctx) => {
  const text = answerOf(ctx);
  const kind = detectNonAnswer(text, spec.fallbackMessages);
  if (kind === undefined || (kind === 'refusal' && spec.allowRefusal)) return pass(spec, 'answer present');
  return fail(spec, kind === 'empty' ? 'answer is empty' : `answer is a ${kind}: ${quote(text)}`);
};
