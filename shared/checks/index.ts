/** The check registry's public surface. */
export * from './schema.ts';
export type * from './types.ts';
export { checkHandlers, runCheck } from './registry.ts';
export { runChecks, checkIds, notEvaluated, caseOutcome, caseVerdict, passRate, type CaseVerdict, type WeightedResult } from './run.ts';
export { interpolate, placeholders, MissingVariableError } from './interpolate.ts';
export { NO_JUDGE_REASON } from './llm.ts';
export { detectNonAnswer, presenceVerdict, type PresenceVerdict, type PresenceContext, type NonAnswerKind } from './answer-presence.ts';
export { detectLanguage, type Language } from './language.ts';
export { extractFacts, parseExpectedFact } from './facts.ts';
export { parseItalianNumberWord } from './italian-numbers.ts';
export { tfidfCosine } from './similarity.ts';
export { extractJson } from './json-schema.ts';
export { foldAccents, normalizeText, italianTokens } from './text.ts';
