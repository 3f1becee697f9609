/**
 * An adaptive red-team conversation: the attacker model (crescendo / GOAT-like, backtracking on refusals)
 * talks to the target until the detectors see the attack land or the turn budget runs out. The transcript
 * kept is the conversation the target saw in the end, with its tool calls.
 * A backtrack is real on every target: one that may keep the conversation itself (it gave a session id that
 * goes back with each turn, a handshake's handle, a Direct Line conversation) is given a new conversation with
 * the kept turns replayed, so the refused message is gone from its memory too; one that knows only the history
 * each turn carries is simply sent the shorter history. A target whose file says it cannot start over
 * (`conversationReset: none`) is not backtracked at all: refused messages stay in the conversation, and the
 * result says so. Every request sent (refused attempts and replays included) counts in latency, tokens and cost.
 */
import { AdaptiveAttacker, type Exchange } from '../redteam/adaptive/attacker.ts';
import type { Target } from '../targets/index.ts';
import { TargetError } from '../targets/index.ts';
import type { RoleClient, CallContext } from '../llm/index.ts';
import type { Transcript, TargetReply } from '../transcript.ts';
import type { PlayResult } from './play.ts';

export interface AdaptivePlay extends PlayResult {
  attackerSteps: number;
  backtracks: number;
  /** Requests sent to the target: every attempt, replay and the recovery turn. */
  targetRequests: number;
  /** What the scenario's result should say about the conversation (backtracks, replays, a limitation). */
  note?: string;
}

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
    /** The target file's `conversationReset`: 'none' when vaglio cannot open a fresh conversation. */
    conversationReset?: 'new-session' | 'none';
    /** The target knows only the history each turn carries (shared/targets/conversations.ts): a backtrack replays nothing. */
    historyOnly?: boolean;
  },
): Promise<AdaptivePlay> {
  const replies = new Map<string, TargetReply>();
  const keyOf = (x: Exchange) => `${x.user}\u0000${x.assistant}`;
  const toTranscript = (conv: readonly Exchange[]): Transcript => ({
    turns: conv.map((x, index) => {
      const r = replies.get(keyOf(x));
      return { index, user: x.user, assistant: x.assistant, toolCalls: r?.toolCalls ?? [], latencyMs: r?.latencyMs ?? null, usage: r?.usage, raw: r?.raw };
    }),
  });
  const totals = { latencyMs: 0, tokensIn: 0, tokensOut: 0, costUsd: 0 };
  const count = { requests: 0, conversations: 1, replayed: 0 };
  // One conversation with the target at a time: the session its first reply opened (a handshake's id, a thread)
  // goes with every later turn, as a scripted case does (shared/eval/play.ts).
  let sessionId: string | undefined;
  const send = async (message: string, history: readonly Exchange[]) => {
    const reply = await target.send(
      { message, history: history.flatMap((h) => [{ role: 'user' as const, content: h.user }, { role: 'assistant' as const, content: h.assistant }]), sessionId, vars: {} },
      o.signal,
    );
    sessionId = reply.sessionId ?? sessionId;
    replies.set(`${message}\u0000${reply.text}`, reply);
    count.requests++;
    totals.latencyMs += reply.latencyMs;
    totals.tokensIn += reply.usage?.tokensIn ?? 0;
    totals.tokensOut += reply.usage?.tokensOut ?? 0;
    totals.costUsd += reply.usage?.costUsd ?? 0;
    return reply;
  };
  // A target that gave no session, or is never sent one, knows only the history it is sent: the kept turns are all it has seen.
  const startOver = async (kept: readonly Exchange[]): Promise<Exchange[]> => {
    if (sessionId === undefined || o.historyOnly) return [...kept];
    sessionId = undefined;
    count.conversations++;
    const again: Exchange[] = [];
    for (const x of kept) {
      again.push({ user: x.user, assistant: (await send(x.user, again)).text });
      count.replayed++;
    }
    return again;
  };
  const canReset = o.conversationReset !== 'none';
  const run = new AdaptiveAttacker({
    goal: o.goal,
    maxTurns: o.maxTurns,
    complete: async (messages) => (await attacker.complete({ messages, temperature: 0.7, ctx: o.ctx })).text,
    succeeded: (reply, conv) => o.landed(toTranscript(conv)),
    transform: o.transform,
    ...(canReset ? { startOver } : { maxBacktracks: 0 }),
  });
  try {
    const result = await run.run(async (history, user) => (await send(user, history)).text);
    const conversation = [...result.conversation];
    if (o.finalTurn) {
      const reply = await send(o.finalTurn, conversation);
      conversation.push({ user: o.finalTurn, assistant: reply.text });
    }
    const refused = result.steps.filter((s) => s.refused).length;
    return {
      transcript: { ...toTranscript(conversation), sessionId },
      ...totals,
      attackerSteps: result.steps.length,
      backtracks: result.backtracks,
      targetRequests: count.requests,
      note: conversationNote(count, result.backtracks, refused, canReset),
    };
  } catch (err) {
    if (o.signal.aborted) throw o.signal.reason;
    const message = err instanceof TargetError ? `${err.kind}: ${err.message}` : (err as Error).message;
    return { transcript: { turns: [] }, error: message, ...totals, attackerSteps: 0, backtracks: 0, targetRequests: count.requests };
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a scenario's result says about the conversation, when it was more than the turns it shows. */
function conversationNote(count: { requests: number; conversations: number; replayed: number }, backtracks: number, refused: number, canReset: boolean): string | undefined {
  if (!canReset) {
    return refused
      ? `${plural(refused, 'refused message', 'refused messages')} not backtracked: the target cannot start a new conversation (conversationReset: none), so it still remembered them`
      : undefined;
  }
  if (!backtracks) return undefined;
  const restarts = count.conversations - 1;
  const how = restarts
    ? `; ${plural(restarts, 'new conversation', 'new conversations')} with ${plural(count.replayed, 'kept turn', 'kept turns')} replayed`
    : '';
  return `${plural(backtracks, 'refused message', 'refused messages')} backtracked${how}; ${plural(count.requests, 'target request', 'target requests')} in all`;
}
