/** Options of one demo chatbot instance, validated with zod when it starts. */
import { z } from 'zod';
import { isoDate } from '../../shared/tender/metadata.ts';
import { faultModeSchema } from './faults.ts';

/** The fixed "today" of the demo: the demo corpus's deadlines are written relative to it. */
export const DEMO_TODAY = '2026-12-01';

export const demoChatbotOptionsSchema = z.object({
  /** Postgres database to use; the `demo` schema is created in it when missing. */
  databaseUrl: z.string().url(),
  port: z.number().int().min(0).max(65535).default(0),
  host: z.string().default('127.0.0.1'),
  /** The clock: deadlines are open or expired relative to this date. */
  today: isoDate.default(DEMO_TODAY),
  faults: z.array(faultModeSchema).default([]),
  /** A corpus directory to load (upsert) on start; omit to serve what the database already holds. */
  corpusDir: z.string().min(1).optional(),
  /** LLM mode when set: any OpenAI-compatible chat-completions endpoint. */
  llm: z.object({ baseUrl: z.string().url(), model: z.string().min(1), apiKey: z.string().optional() }).optional(),
});
export type DemoChatbotOptions = z.input<typeof demoChatbotOptionsSchema>;
export type ResolvedOptions = z.output<typeof demoChatbotOptionsSchema>;
