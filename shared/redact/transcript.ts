/** PII redaction applied to a played conversation: every user and assistant text, tool call and raw reply. */
import type { Transcript } from '../transcript.ts';
import { redactDeep, redactPii } from './pii.ts';

export function redactTranscript(t: Transcript): Transcript {
  return {
    ...t,
    turns: t.turns.map((turn) => ({
      ...turn,
      user: redactPii(turn.user),
      assistant: turn.assistant === null ? null : redactPii(turn.assistant),
      toolCalls: redactDeep(turn.toolCalls),
      ...(turn.raw === undefined ? {} : { raw: redactDeep(turn.raw) }),
      ...(turn.error === undefined ? {} : { error: redactPii(turn.error) }),
    })),
  };
}
