import { checkSpecSchema, type CheckSpec, type CheckSpecInput } from '../../shared/checks/schema.ts';
import { runCheck } from '../../shared/checks/registry.ts';
import type { CheckContext, CheckResult } from '../../shared/checks/types.ts';
import type { ToolCall, Transcript, Turn } from '../../shared/transcript.ts';

export type TurnInput = Partial<Omit<Turn, 'index'>> & { assistant?: string | null };

export function transcript(...turns: TurnInput[]): Transcript {
  return {
    turns: turns.map((t, index) => ({
      index,
      user: t.user ?? `domanda ${index}`,
      assistant: t.assistant === undefined ? '' : t.assistant,
      toolCalls: t.toolCalls ?? [],
      latencyMs: t.latencyMs ?? null,
      ...(t.usage ? { usage: t.usage } : {}),
      ...(t.error ? { error: t.error } : {}),
    })),
  };
}

export function spec(input: CheckSpecInput): CheckSpec {
  return checkSpecSchema.parse(input);
}

export function call(name: string, args: Record<string, unknown> = {}, result?: unknown): ToolCall {
  return { name, arguments: args, ...(result === undefined ? {} : { result }) };
}

/** Runs one check against a one-turn answer. */
export function check(
  input: CheckSpecInput,
  answer: string | TurnInput,
  ctx: Partial<Omit<CheckContext, 'transcript'>> = {},
): Promise<CheckResult> {
  const turn = typeof answer === 'string' ? { assistant: answer } : answer;
  return runCheck(spec(input), { vars: {}, ...ctx, transcript: transcript(turn) });
}
