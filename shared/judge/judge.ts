/**
 * judge(): one mandate, one input, one verdict. No judge model → `invalid` (the check cannot be judged
 * here, which is not the target's fault); missing inputs the mandate needs → `invalid`; a model that
 * fails or answers off-schema after one repair → `error` with its raw output kept. Optional k-sample
 * voting reports how many samples agreed.
 */
import type { Config } from '../config.ts';
import { createLlm, type CallContext, type Llm, type LlmDeps } from '../llm/client.ts';
import { unconfiguredReason } from '../llm/roles.ts';
import type { StructuredResult } from '../llm/structured.ts';
import { loadMandate, type Mandate, type MandateLanguage } from './mandate.ts';
import { OUTPUT_HANDLERS } from './output-schemas.ts';
import { buildJudgePrompt } from './prompt.ts';
import { judgeInputSchema, type Decision, type JudgeInput, type Verdict } from './types.ts';

export interface JudgeDeps {
  /** The process's LLM layer (shared limiters and cache); built from config + llmDeps when absent. */
  llm?: Llm;
  llmDeps?: LlmDeps;
  ctx?: CallContext;
  /** k-sample voting: ask k times (distinct cache keys) and take the majority. Default 1. */
  samples?: number;
  /** Default 0 for one sample; voting needs variety, so 0.7 when samples > 1. */
  temperature?: number;
  language?: MandateLanguage;
  /** Delimiter token source (tests). */
  token?: () => string;
}

export interface JudgeArgs {
  mandate: Mandate | string;
  input: JudgeInput;
  config: Config;
  deps?: JudgeDeps;
}

type Usage = NonNullable<Verdict['usage']>;

export async function judge({ mandate: m, input, config, deps = {} }: JudgeArgs): Promise<Verdict> {
  const mandate = typeof m === 'string' ? loadMandate(m) : m;
  const base = { mandateId: mandate.id, mandateVersion: mandate.version };
  const parsedInput = judgeInputSchema.safeParse(input);
  if (!parsedInput.success) {
    return { ...base, outcome: 'invalid', reason: `bad judge input: ${parsedInput.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}` };
  }
  const handler = OUTPUT_HANDLERS[mandate.outputSchema];
  const missing = handler.requires.filter((k) => input[k] === undefined);
  if (missing.length > 0) return { ...base, outcome: 'invalid', reason: `mandate ${mandate.id} needs ${missing.join(', ')}` };

  const client = (deps.llm ?? createLlm(config, deps.llmDeps)).forRole('judge');
  if (!client) return { ...base, outcome: 'invalid', reason: unconfiguredReason('judge') };

  const k = Math.max(1, Math.floor(deps.samples ?? 1));
  const temperature = deps.temperature ?? (k > 1 ? 0.7 : 0);
  const schema = handler.schema(mandate);
  const usage: Usage = { tokensIn: 0, tokensOut: 0, costUsd: 0, calls: 0 };
  const samples: { result: StructuredResult<unknown>; decision?: Decision; error?: string }[] = [];
  for (let i = 0; i < k; i++) {
    // A fresh delimiter per sample is fine: the system text does not depend on it.
    const prompt = buildJudgePrompt(mandate, input, { language: deps.language, token: deps.token });
    const result = await client.completeStructured({
      messages: prompt.messages,
      schema,
      name: mandate.outputSchema.replace(/[^A-Za-z0-9_-]/g, '_'),
      temperature,
      sample: k > 1 ? i : undefined,
      ctx: deps.ctx,
    });
    for (const key of Object.keys(usage) as (keyof Usage)[]) usage[key] += result.usage[key];
    if (!result.ok) {
      samples.push({ result, error: result.error });
      continue;
    }
    try {
      samples.push({ result, decision: handler.decide(result.value, mandate, input) });
    } catch (err) {
      samples.push({ result, error: (err as Error).message });
    }
  }

  const raws = samples.flatMap((s) => (s.result.ok ? [s.result.raw] : s.result.attempts));
  const raw = k === 1 && raws.length === 1 ? raws[0] : raws;
  const common = { ...base, model: client.model, raw, usage };
  const decided = samples.flatMap((s) => (s.decision ? [s.decision] : []));
  if (decided.length === 0) {
    const error = samples.map((s) => s.error).filter(Boolean).join(' | ');
    return { ...common, outcome: 'error', reason: `judge output unusable: ${error}` };
  }
  if (k === 1) return { ...common, ...decided[0]! };
  return { ...common, ...vote(decided, k) };
}

/** Majority of decided samples; a pass/fail tie counts as fail (a judge that cannot decide does not pass). */
function vote(decided: Decision[], k: number): Decision & { agreement: Verdict['agreement'] } {
  const passes = decided.filter((d) => d.outcome === 'pass');
  const fails = decided.filter((d) => d.outcome !== 'pass');
  const winners = passes.length > fails.length ? passes : fails;
  const scores = decided.flatMap((d) => (d.score === undefined ? [] : [d.score]));
  const score = scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : undefined;
  const first = winners[0]!;
  return {
    outcome: first.outcome,
    ...(score !== undefined ? { score } : {}),
    reason: `${winners.length}/${decided.length} samples agree (${k} asked): ${first.reason}`,
    subVerdicts: first.subVerdicts,
    agreement: { agreeing: winners.length, samples: decided.length, ratio: winners.length / decided.length },
  };
}
