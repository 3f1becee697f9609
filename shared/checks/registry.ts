/**
 * The one dispatch table of check types → handlers (exhaustive: a new type without a handler does not
 * compile), and `runCheck`, which picks the judged turn(s) before calling the handler.
 */
import type { Outcome } from '../transcript.ts';
import { answerPresence } from './answer-presence.ts';
import { bandoStatus } from './bando-status.ts';
import { costBudget, latency, tokenBudget } from './budget.ts';
import { contains, keywords } from './contains.ts';
import { exactMatch } from './exact.ts';
import { factMatch } from './fact-match.ts';
import { jsonSchema } from './json-schema.ts';
import { language } from './language.ts';
import { length } from './length.ts';
import { llmJudged } from './llm.ts';
import { regex } from './regex.ts';
import type { CheckSpec, CheckSpecOf, CheckType } from './schema.ts';
import { searchResults } from './search-results.ts';
import { similarity } from './similarity.ts';
import { toolUse } from './tool-use.ts';
import type { CheckContext, CheckHandler, CheckResult } from './types.ts';

export const checkHandlers: { [T in CheckType]: CheckHandler<CheckSpecOf<T>> } = {
  equals: exactMatch,
  'not-equals': exactMatch,
  contains,
  'not-contains': contains,
  keywords,
  'not-keywords': keywords,
  regex,
  'not-regex': regex,
  'json-schema': jsonSchema,
  similarity,
  'fact-match': factMatch,
  'answer-presence': answerPresence,
  'tool-use': toolUse,
  'search-results': searchResults,
  'bando-status': bandoStatus,
  language,
  length,
  latency,
  'token-budget': tokenBudget,
  'cost-budget': costBudget,
  'general-quality': llmJudged,
  'compare-meaning': llmJudged,
  judge: llmJudged,
  custom: llmJudged,
  'boilerplate-quality': llmJudged,
  'pseudo-ground-truth': llmJudged,
  attack: llmJudged,
};

function handlerFor(spec: CheckSpec): CheckHandler {
  return checkHandlers[spec.type] as CheckHandler;
}

async function judgeTurn(spec: CheckSpec, ctx: CheckContext, position: number, checkId: string): Promise<CheckResult> {
  const turn = ctx.transcript.turns[position];
  const base = { checkId, type: spec.type, turn: turn?.index };
  if (!turn) return { ...base, outcome: 'invalid', reason: 'the transcript has no turns' };
  if (turn.error !== undefined) return { ...base, outcome: 'error', reason: `target error on turn ${turn.index}: ${turn.error}` };
  const scoped: CheckContext = { ...ctx, transcript: { ...ctx.transcript, turns: ctx.transcript.turns.slice(0, position + 1) } };
  try {
    const result = await handlerFor(spec)(spec, scoped);
    return { ...result, ...base };
  } catch (err) {
    // A crashing handler is a bug in vaglio, not in the target: report it as an error of this check.
    return { ...base, outcome: 'error', reason: `check crashed: ${(err as Error).message}` };
  }
}

const SEVERITY: Record<Outcome, number> = { pass: 0, invalid: 1, fail: 2, error: 3 };

/**
 * Runs one check on the turn(s) its `turn` field selects. `turn: 'all'` judges every turn and keeps the
 * worst outcome (error > fail > invalid > pass), with the pass share as score.
 */
export async function runCheck(spec: CheckSpec, ctx: CheckContext, checkId = spec.id ?? spec.type): Promise<CheckResult> {
  const turns = ctx.transcript.turns;
  if (spec.turn === 'last') return judgeTurn(spec, ctx, turns.length - 1, checkId);
  if (typeof spec.turn === 'number') {
    const position = turns.findIndex((t) => t.index === spec.turn);
    if (position < 0) {
      return { checkId, type: spec.type, outcome: 'invalid', reason: `the transcript has no turn ${spec.turn}` };
    }
    return judgeTurn(spec, ctx, position, checkId);
  }
  if (turns.length === 0) return { checkId, type: spec.type, outcome: 'invalid', reason: 'the transcript has no turns' };
  const results: CheckResult[] = [];
  for (let i = 0; i < turns.length; i++) results.push(await judgeTurn(spec, ctx, i, checkId));
  const worst = results.reduce((w, r) => (SEVERITY[r.outcome] > SEVERITY[w.outcome] ? r : w));
  const passed = results.filter((r) => r.outcome === 'pass').length;
  const reason =
    worst.outcome === 'pass'
      ? `all ${results.length} turns pass`
      : `turn ${worst.turn}: ${worst.reason} (${passed}/${results.length} turns pass)`;
  // A turn the rules left undecided keeps the check on the judge's list (the judge task runs it again, turn by turn).
  const undecided = results.find((r) => r.undecided !== undefined)?.undecided;
  return {
    checkId,
    type: spec.type,
    outcome: worst.outcome,
    reason,
    score: passed / results.length,
    ...(worst.outcome === 'pass' ? {} : { turn: worst.turn }),
    ...(undecided === undefined ? {} : { undecided }),
  };
}
