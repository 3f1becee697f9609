/**
 * An adaptive red-team conversation: the attacker model (crescendo / GOAT-like, backtracking on refusals)
 * talks to the target until the detectors see the attack land or the turn budget runs out. The transcript
 * kept is the conversation the target saw in the end, with its tool calls.
 */
import { AdaptiveAttacker, type Exchange } from '../redteam/adaptive/attacker.ts';
import type { Target } from '../targets/index.ts';
import { TargetError } from '../targets/index.ts';
import type { RoleClient, CallContext } from '../llm/index.ts';
import type { Transcript, TargetReply } from '../transcript.ts';
import type { PlayResult } from './play.ts';

export async function playAdaptive(
  target: Target,
  attacker: RoleClient,
  o: {
    goal: string;
    maxTurns: number;
    landed: (t: Transcript) => boolean;
    signal: AbortSignal;
    ctx: CallContext;
    /** Played after the attack (the scenario's recovery turn: a normal question must get a normal answer). */
    finalTurn?: string;
    /** The scenario's transform, applied to each attacker turn (not to the recovery question). */
    transform?: (text: string, turn: number) => string;
  },
): Promise<PlayResult & { attackerSteps: number; backtracks: number }> {
  const replies = new Map<string, TargetReply>();
  const keyOf = (x: Exchange) => `${x.user}\u0000${x.assistant}`;
  const toTranscript = (conv: readonly Exchange[]): Transcript => ({
    turns: conv.map((x, index) => {
      const r = replies.get(keyOf(x));
      return { index, user: x.user, assistant: x.assistant, toolCalls: r?.toolCalls ?? [], latencyMs: r?.latencyMs ?? null, usage: r?.usage, raw: r?.raw };
    }),
  });
  const run = new AdaptiveAttacker({
    goal: o.goal,
    maxTurns: o.maxTurns,
    complete: async (messages) => (await attacker.complete({ messages, temperature: 0.7, ctx: o.ctx })).text,
    succeeded: (reply, conv) => o.landed(toTranscript(conv)),
    transform: o.transform,
  });
  // One conversation with the target: the session its first reply opened (a handshake's id, a thread) goes
  // with every later turn, as a scripted case does (shared/eval/play.ts).
  let sessionId: string | undefined;
  const send = async (message: string, history: readonly Exchange[]) => {
    const reply = await target.send(
      { message, history: history.flatMap((h) => [{ role: 'user' as const, content: h.user }, { role: 'assistant' as const, content: h.assistant }]), sessionId, vars: {} },
      o.signal,
    );
    sessionId = reply.sessionId ?? sessionId;
    replies.set(`${message}\u0000${reply.text}`, reply);
    return reply;
  };
  try {
    const result = await run.run(async (history, user) => (await send(user, history)).text);
    const conversation = [...result.conversation];
    if (o.finalTurn) {
      const reply = await send(o.finalTurn, conversation);
      conversation.push({ user: o.finalTurn, assistant: reply.text });
    }
    const transcript = { ...toTranscript(conversation), sessionId };
    const sum = (f: (r: TargetReply) => number) => transcript.turns.reduce((a, t) => a + (t.latencyMs === null ? 0 : f(replies.get(`${t.user}\u0000${t.assistant}`)!)), 0);
    return {
      transcript,
      latencyMs: sum((r) => r.latencyMs),
      tokensIn: sum((r) => r.usage?.tokensIn ?? 0),
      tokensOut: sum((r) => r.usage?.tokensOut ?? 0),
      costUsd: sum((r) => r.usage?.costUsd ?? 0),
      attackerSteps: result.steps.length,
      backtracks: result.backtracks,
    };
  } catch (err) {
    if (o.signal.aborted) throw o.signal.reason;
    const message = err instanceof TargetError ? `${err.kind}: ${err.message}` : (err as Error).message;
    return { transcript: { turns: [] }, error: message, latencyMs: 0, tokensIn: 0, tokensOut: 0, costUsd: 0, attackerSteps: 0, backtracks: 0 };
  }
}
