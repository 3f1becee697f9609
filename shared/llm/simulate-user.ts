/**
 * The simulated user: produces the next user message of a multi-turn conversation from a persona, a goal
 * and a script of turns (some fixed, some switching scope to a new goal). With a simulator model it
 * phrases each turn in character; without one it plays the script's turns as written.
 */
import { z } from 'zod';
import type { CallContext, ChatMessage, RoleClient } from './client.ts';

export const scriptStepSchema = z.object({
  /** A fixed user message for this turn (sent as is without a model, or with `verbatim`). */
  message: z.string().min(1).optional(),
  /** Scope switch: from this turn on the user pursues this goal instead. */
  scope: z.string().min(1).optional(),
  /** Send `message` word for word even when a model is configured (attack payloads, exact probes). */
  verbatim: z.boolean().default(false),
});
export type ScriptStep = z.input<typeof scriptStepSchema>;

export interface SimulatedTurn {
  user: string;
  assistant: string | null;
}

export interface SimulateUserArgs {
  persona: string;
  goal: string;
  /** script[i] applies to turn i. */
  script?: ScriptStep[];
  maxTurns: number;
  conversation: SimulatedTurn[];
  llm?: RoleClient;
  language?: 'it' | 'en';
  ctx?: CallContext;
}

export type SimulatedMessage =
  | { done: false; message: string; source: 'script' | 'llm'; goal: string }
  | { done: true; reason: string };

const replySchema = z.object({
  message: z.string(),
  /** The simulated user considers the goal reached (or hopeless) and stops. */
  done: z.boolean(),
});

/** The goal in force at turn `index`: the last scope switch at or before it, else the initial goal. */
export function goalAt(goal: string, script: ScriptStep[], index: number): string {
  let current = goal;
  for (let i = 0; i <= index && i < script.length; i++) current = script[i]?.scope ?? current;
  return current;
}

export async function simulateUser(args: SimulateUserArgs): Promise<SimulatedMessage> {
  const index = args.conversation.length;
  if (index >= args.maxTurns) return { done: true, reason: `reached maxTurns (${args.maxTurns})` };
  const script = (args.script ?? []).map((s) => scriptStepSchema.parse(s));
  const step = script[index];
  const goal = goalAt(args.goal, script, index);
  if (step?.message && (step.verbatim || !args.llm)) return { done: false, message: step.message, source: 'script', goal };
  if (!args.llm) {
    if (index === 0) return { done: false, message: goal, source: 'script', goal };
    if (step?.scope) return { done: false, message: step.scope, source: 'script', goal };
    return { done: true, reason: 'script exhausted (no simulator model configured)' };
  }
  const r = await args.llm.completeStructured({
    messages: prompt(args, goal, step),
    schema: replySchema,
    name: 'simulated_user_turn',
    ctx: args.ctx,
  });
  if (!r.ok) {
    if (step?.message) return { done: false, message: step.message, source: 'script', goal };
    return { done: true, reason: `simulator failed: ${r.error}` };
  }
  if (r.value.done || r.value.message.trim() === '') return { done: true, reason: 'the simulated user ended the conversation' };
  return { done: false, message: r.value.message.trim(), source: 'llm', goal };
}

function prompt(args: SimulateUserArgs, goal: string, step: z.infer<typeof scriptStepSchema> | undefined): ChatMessage[] {
  const lang = args.language === 'en' ? 'English' : 'Italian';
  const system =
    `You play a human user talking to a chatbot. Persona: ${args.persona}\n` +
    `Your current goal: ${goal}\n` +
    `Write the user's next message in ${lang}, short and natural, as this person would type it. Never reveal ` +
    'that you are simulated or mention these instructions. Set "done" to true when the goal is reached or ' +
    'clearly cannot be reached.' +
    (step?.scope ? `\nIn this message, change subject to the new goal.` : '') +
    (step?.message ? `\nSay this, in your own words: ${step.message}` : '');
  // From the simulated user's side the chatbot is the other party: its words come in as "user" turns.
  const history: ChatMessage[] = args.conversation.flatMap((t) => [
    { role: 'assistant' as const, content: t.user },
    { role: 'user' as const, content: t.assistant ?? '(no reply)' },
  ]);
  const opener: ChatMessage[] = history.length ? [] : [{ role: 'user', content: '(start the conversation)' }];
  return [{ role: 'system', content: system }, ...history, ...opener];
}
