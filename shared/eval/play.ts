/**
 * Plays a case's user turns against a target and records the transcript (errors included, never thrown).
 * `outage` tells a target that could not be reached after its adapter's own retries (network, timeout, 429,
 * 5xx) from one that answered something unusable: the tasks turn an outage into a task failure, which the
 * engine retries with backoff, then dead-letters, so resume and reprocess relaunch the case.
 */
import { hash } from 'node:crypto';
import type { Target } from '../targets/index.ts';
import { TargetError } from '../targets/index.ts';
import type { Transcript, Turn } from '../transcript.ts';
import { redactPii, redactTranscript } from '../redact/index.ts';

export interface PlayResult {
  transcript: Transcript;
  error?: string;
  /** The error is the target being unavailable (retrying later may succeed), not a bad answer. */
  outage?: boolean;
  latencyMs: number;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
}

/** Supplies the next user message from the conversation so far (a simulated user); undefined ends it. */
export type NextTurn = (conversation: { user: string; assistant: string | null }[]) => Promise<string | undefined>;

export async function playCase(
  target: Target,
  userTurns: string[],
  vars: Record<string, string>,
  signal: AbortSignal,
  next?: NextTurn,
): Promise<PlayResult> {
  const turns: Turn[] = [];
  const history: { role: 'user' | 'assistant'; content: string }[] = [];
  let sessionId: string | undefined;
  let error: string | undefined;
  let outage = false;
  const totals = { latencyMs: 0, tokensIn: 0, tokensOut: 0, costUsd: 0 };
  for (let index = 0; ; index++) {
    const user = next ? await next(turns.map((t) => ({ user: t.user, assistant: t.assistant }))) : userTurns[index];
    if (user === undefined) break;
    try {
      const reply = await target.send({ message: user, history: [...history], sessionId, vars }, signal);
      sessionId = reply.sessionId ?? sessionId;
      turns.push({
        index,
        user,
        assistant: reply.text,
        toolCalls: reply.toolCalls,
        latencyMs: reply.latencyMs,
        usage: reply.usage,
        raw: reply.raw,
      });
      history.push({ role: 'user', content: user }, { role: 'assistant', content: reply.text });
      totals.latencyMs += reply.latencyMs;
      totals.tokensIn += reply.usage?.tokensIn ?? 0;
      totals.tokensOut += reply.usage?.tokensOut ?? 0;
      totals.costUsd += reply.usage?.costUsd ?? 0;
    } catch (err) {
      // The task's own timeout or a run cancel: let the engine handle it.
      if (signal.aborted) throw signal.reason;
      const message = err instanceof TargetError ? `${err.kind}: ${err.message}` : (err as Error).message;
      turns.push({ index, user, assistant: null, toolCalls: [], latencyMs: null, error: message });
      error = `turn ${index}: ${message}`;
      // A TargetError says whether a later try may succeed; anything else thrown while sending is the network's.
      outage = err instanceof TargetError ? err.retryable : true;
      break;
    }
  }
  return { transcript: { sessionId, turns }, error, ...(outage ? { outage } : {}), ...totals };
}

/** Thrown by a task after storing a case as `error` because the target was unavailable: the engine retries it. */
export class TargetOutageError extends Error {
  constructor(detail: string) {
    super(`target unavailable: ${detail}`);
    this.name = 'TargetOutageError';
  }
}

/** With VAGLIO_REDACT_PII on: the same result with PII replaced in the transcript and the error. */
export function redactPlayIf(on: boolean, r: PlayResult): PlayResult {
  if (!on) return r;
  return { ...r, transcript: redactTranscript(r.transcript), ...(r.error === undefined ? {} : { error: redactPii(r.error) }) };
}

const norm = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
const sha = (s: string) => hash('sha256', s, 'hex').slice(0, 16);

/** Same answers → same signature (whitespace and case folded). Used to measure determinism. */
export function answerSignature(t: Transcript): string {
  return sha(t.turns.map((x) => norm(x.assistant ?? '<error>')).join('\u0000'));
}

export function toolSignature(t: Transcript): string {
  return sha(JSON.stringify(t.turns.map((x) => x.toolCalls.map((c) => [c.name, sortKeys(c.arguments)]))));
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, sortKeys(x)]));
  }
  return v;
}
