/** What a judge is given and what it returns. */
import { z } from 'zod';
import { transcriptSchema, type Outcome } from '../transcript.ts';

export const judgeInputSchema = z.object({
  /** The user's question (the last user turn). */
  question: z.string(),
  /** The assistant's answer under evaluation: untrusted data, always quoted and delimited. */
  answer: z.string(),
  /** The conversation so far; tool outputs in it are the evidence for groundedness. */
  transcript: transcriptSchema.optional(),
  /** Tool outputs given directly (otherwise taken from the transcript's tool calls). */
  toolOutputs: z.array(z.unknown()).optional(),
  /** compare-meaning: the expected answer. */
  expected: z.string().optional(),
  /** pseudo-ground-truth: the verified fact the assistant did not see. */
  fact: z.string().optional(),
  /** attack: the attack script or goal the answer responds to. */
  attack: z.string().optional(),
  /** Overrides the mandate's pass threshold for scored mandates. */
  threshold: z.number().min(0).max(1).optional(),
  language: z.enum(['it', 'en']).optional(),
});
export type JudgeInput = z.input<typeof judgeInputSchema>;

export interface SubVerdict {
  outcome: 'pass' | 'fail' | 'not_applicable';
  reason: string;
}

export interface Verdict {
  outcome: Outcome;
  /** 0..1 where the mandate scores (compare-meaning, pseudo-ground-truth) or the share of criteria met. */
  score?: number;
  reason: string;
  mandateId: string;
  mandateVersion: number;
  model?: string;
  /** The judge's raw output(s), kept for audit and for error diagnosis. */
  raw?: string | string[];
  subVerdicts?: Record<string, SubVerdict>;
  /** k-sample voting: how many samples agreed with the outcome, over how many decided. */
  agreement?: { agreeing: number; samples: number; ratio: number };
  usage?: { tokensIn: number; tokensOut: number; costUsd: number; calls: number };
}

/** A verdict's decision before the bookkeeping fields are added. */
export type Decision = Pick<Verdict, 'outcome' | 'score' | 'reason' | 'subVerdicts'>;
