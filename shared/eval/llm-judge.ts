/**
 * The bridge between the checks' LLM types and the judge's mandates: each LLM check type is judged under
 * its own written mandate (scenarios/mandates/), the assistant's answer always passed as untrusted data.
 */
import type { CheckContext, CheckResult, JudgedCheckSpec, LlmCheckSpec } from '../checks/index.ts';
import { customMandate, judge, type JudgeInput, type Mandate, type Verdict } from '../judge/index.ts';
import type { Llm } from '../llm/index.ts';
import type { Config } from '../config.ts';

const MANDATE_OF: Record<JudgedCheckSpec['type'], string | ((s: LlmCheckSpec) => Mandate)> = {
  'general-quality': 'general-quality',
  // What the deterministic rules leave undecided (shared/checks/answer-presence.ts).
  'answer-presence': 'answer-presence',
  'compare-meaning': 'compare-meaning',
  'boilerplate-quality': 'boilerplate',
  'pseudo-ground-truth': 'pseudo-ground-truth',
  attack: 'attack',
  custom: (s) => {
    const c = s as Extract<LlmCheckSpec, { type: 'custom' }>;
    return customMandate({ name: c.name, instructions: c.instructions, labels: c.labels });
  },
  judge: (s) => {
    const c = s as Extract<LlmCheckSpec, { type: 'judge' }>;
    return customMandate({
      name: 'criterion',
      instructions: `Does the answer meet this criterion? ${(c as { criterion?: string }).criterion ?? ''}`,
      labels: { meets: 'pass', fails: 'fail' },
    });
  },
};

export interface JudgedResult extends CheckResult {
  verdict?: Verdict;
}

export function makeLlmJudge(config: Config, llm: Llm, call: { runId: string; taskKey: string; signal: AbortSignal }) {
  return async (spec: JudgedCheckSpec, ctx: CheckContext): Promise<JudgedResult> => {
    const turns = ctx.transcript.turns;
    const last = turns[turns.length - 1];
    const m = MANDATE_OF[spec.type];
    const mandate = typeof m === 'string' ? m : m(spec as LlmCheckSpec);
    const s = spec as Record<string, unknown>;
    const input: JudgeInput = {
      question: last?.user ?? '',
      answer: last?.assistant ?? '',
      transcript: ctx.transcript,
      expected: (typeof s.value === 'string' ? s.value : undefined) ?? ctx.expected,
      fact: typeof s.fact === 'string' ? s.fact : undefined,
      attack: typeof s.script === 'string' ? s.script : undefined,
      threshold: typeof s.threshold === 'number' ? s.threshold : undefined,
    };
    const verdict = await judge({ mandate, input, config, deps: { llm, ctx: call } });
    return { checkId: spec.id ?? spec.type, type: spec.type, outcome: verdict.outcome, score: verdict.score, reason: verdict.reason, verdict };
  };
}
