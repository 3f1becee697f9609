/**
 * The shapes every part of vaglio agrees on for a conversation with a target chatbot: what a target
 * adapter returns for one turn, and the transcript the conversation runner stores and checks read.
 */
import { z } from 'zod';

export const toolCallSchema = z.object({
  name: z.string(),
  /** Parsed arguments (an object when the target gave JSON, else the raw string under `_raw`). */
  arguments: z.record(z.string(), z.unknown()).default({}),
  /** What the tool returned, when the target exposes it (used for groundedness and search checks). */
  result: z.unknown().optional(),
});
export type ToolCall = z.infer<typeof toolCallSchema>;

export const usageSchema = z.object({
  tokensIn: z.number().int().nonnegative().default(0),
  tokensOut: z.number().int().nonnegative().default(0),
  costUsd: z.number().nonnegative().optional(),
});
export type Usage = z.infer<typeof usageSchema>;

/** One target reply, as a target adapter returns it. */
export interface TargetReply {
  text: string;
  toolCalls: ToolCall[];
  usage?: Usage;
  sessionId?: string;
  /** The raw response body, secrets stripped, kept for debugging. */
  raw?: unknown;
  latencyMs: number;
}

export const turnSchema = z.object({
  index: z.number().int().nonnegative(),
  user: z.string(),
  assistant: z.string().nullable(),
  toolCalls: z.array(toolCallSchema).default([]),
  latencyMs: z.number().nonnegative().nullable().default(null),
  usage: usageSchema.optional(),
  /** Set when the target failed on this turn after retries (the case's outcome is then `error`). */
  error: z.string().optional(),
  raw: z.unknown().optional(),
});
export type Turn = z.infer<typeof turnSchema>;

export const transcriptSchema = z.object({
  sessionId: z.string().optional(),
  turns: z.array(turnSchema),
});
export type Transcript = z.infer<typeof transcriptSchema>;

/** Outcome vocabulary shared by checks, cases, red-team detectors and reports. */
export const OUTCOMES = ['pass', 'fail', 'invalid', 'error'] as const;
export type Outcome = (typeof OUTCOMES)[number];
