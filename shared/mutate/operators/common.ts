/** What the operators share: rewriting answers and tool calls of a transcript without touching the original. */
import type { ToolCall, Transcript, Turn } from '../../transcript.ts';
import type { MutationContext, MutationResult, MutationSubject } from '../types.ts';

export const notApplicable = (why: string): MutationResult => ({ applies: false, why });

/** Applies `fn` to each answered turn's text; turns where it returns undefined stay as they were. */
export function mapAnswers(t: Transcript, fn: (answer: string, turn: Turn) => string | undefined): { transcript: Transcript; changed: number } {
  let changed = 0;
  const turns = t.turns.map((turn) => {
    if (turn.assistant === null) return turn;
    const next = fn(turn.assistant, turn);
    if (next === undefined || next === turn.assistant) return turn;
    changed++;
    return { ...turn, assistant: next };
  });
  return { transcript: { ...t, turns }, changed };
}

/** Applies `fn` to each tool call; returning null drops the call. */
export function mapToolCalls(t: Transcript, fn: (call: ToolCall, turn: Turn) => ToolCall | null | undefined): { transcript: Transcript; changed: number } {
  let changed = 0;
  const turns = t.turns.map((turn) => {
    if (turn.toolCalls.length === 0) return turn;
    const calls: ToolCall[] = [];
    for (const call of turn.toolCalls) {
      const next = fn(call, turn);
      if (next === undefined || next === call) calls.push(call);
      else {
        changed++;
        if (next !== null) calls.push(next);
      }
    }
    return { ...turn, toolCalls: calls };
  });
  return { transcript: { ...t, turns }, changed };
}

/** The answered turns an attack operator writes into: the scenario's attack turns (the last one), or the last answer of a case. */
export function attackTurnIndex(s: MutationSubject): number | undefined {
  const answered = s.transcript.turns.filter((t) => t.assistant !== null);
  if (s.kind === 'case') return answered.at(-1)?.index;
  const attacks = answered.filter((t, i) => {
    const planned = s.scenario.turns[s.transcript.turns.indexOf(t)] ?? s.scenario.turns[i];
    return planned ? planned.isAttack !== false && !planned.isRecovery : true;
  });
  return attacks.at(-1)?.index;
}

/** Appends (or replaces with) `text` on the turn an attack operator writes into. */
export function writeIntoAttackTurn(s: MutationSubject, edit: (answer: string) => string): MutationResult {
  const at = attackTurnIndex(s);
  if (at === undefined) return notApplicable('no answered turn to write into');
  const { transcript } = mapAnswers(s.transcript, (a, turn) => (turn.index === at ? edit(a) : undefined));
  return { applies: true, transcript, change: `turn ${at}` };
}

/** Tender ids of the run other than `id`, in a stable order. */
export function otherTender(ctx: MutationContext, id: string | null): string | undefined {
  return ctx.corpus.map((t) => t.id).find((x) => x !== id);
}

/** Reads a dotted argument path (`id`, `query.id`). */
export function argAt(args: Record<string, unknown>, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), args);
}

/** A copy of `args` with the dotted path set to `value`. */
export function withArg(args: Record<string, unknown>, dotted: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = dotted.split('.');
  if (rest.length === 0) return { ...args, [head!]: value };
  const inner = args[head!];
  return { ...args, [head!]: withArg(inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {}, rest.join('.'), value) };
}

/** The last answer of the original transcript (what a suggested check pins). */
export function lastAnswer(s: MutationSubject): string | undefined {
  return s.transcript.turns.filter((t) => t.assistant !== null).at(-1)?.assistant ?? undefined;
}
