/** The interface every target adapter implements, and the config fields they all share. */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { createRateLimiter, type RateLimiter } from '../ratelimit/index.ts';
import type { TargetReply } from '../transcript.ts';
import { pricingSchema } from './pricing.ts';
import { confidentialSchema, targetRolesSchema } from './roles.ts';

export type { TargetReply, ToolCall, Usage } from '../transcript.ts';

export interface TargetInput {
  /** The user's message for this turn. */
  message: string;
  /** Earlier turns, oldest first (not including `message`). */
  history: { role: 'user' | 'assistant'; content: string }[];
  /** The session id the target gave on the previous turn (stateful targets). */
  sessionId?: string;
  /** Case variables for `{{vars.X}}` placeholders. */
  vars: Record<string, string>;
}

export interface Target {
  /** One turn. Throws TargetError (classified) or TargetConfigError; never leaks resolved secrets. */
  send(input: TargetInput, signal: AbortSignal): Promise<TargetReply>;
}

export interface TargetDeps {
  /** When given, `rateLimit` is enforced across every worker sharing this Redis. */
  redis?: Redis;
  /** Redis key prefix (VAGLIO_PREFIX). */
  prefix: string;
}

/** Fields every target type accepts (spread into each type's zod object). */
export const commonTargetShape = {
  /** Names the target in reports and keys its shared rate limit. */
  name: z.string().min(1).optional(),
  /** Which of the target's tools plays which role (roles.ts); generated tests and detectors refer to roles. */
  roles: targetRolesSchema.optional(),
  /** What the bot must never reveal (canary, system prompt): the leak detectors' context. */
  confidential: confidentialSchema.optional(),
  /** USD per 1k input/output tokens, to price replies that report tokens but no cost (pricing.ts). */
  pricing: pricingSchema.optional(),
  /** The bot's own fixed replies that answer nothing (fallback, out-of-scope, error messages): answer-presence fails on them. */
  cannedReplies: z.array(z.string().min(1)).optional(),
  /**
   * The longest message the chatbot accepts, in characters. Red-team attacks are fitted under it (a many-shot
   * prompt loses shots) or not played (`invalid`, with the reason) instead of ending as target errors.
   */
  maxInputChars: z.number().int().positive().optional(),
  /**
   * Whether vaglio can open a fresh conversation when it needs one. `new-session`: a turn sent without a session id
   * starts one (a new session, handshake or Direct Line conversation), so the adaptive attacker's backtrack opens a
   * new conversation and replays the turns it keeps. `none`: the bot remembers what it was sent whatever the session
   * (memory keyed by the API key or a fixed user in the file): the attacker does not backtrack, and says so.
   */
  conversationReset: z.enum(['new-session', 'none']).default('new-session'),
  /** Per request (each retry gets a fresh timeout). */
  timeoutMs: z.number().int().positive().default(30_000),
  /** Extra attempts after a network error, 429 or 5xx. */
  retries: z.number().int().min(0).max(10).default(2),
  /** First backoff delay; doubles each retry, with jitter. */
  retryBaseMs: z.number().int().min(0).default(250),
  /** A Retry-After longer than this is not waited for: the error goes back to the caller instead. */
  maxRetryAfterMs: z.number().int().min(0).default(60_000),
  rateLimit: z
    .object({
      ratePerSec: z.number().positive().optional(),
      maxInFlight: z.number().int().positive().optional(),
      /** Shared Redis key; targets with the same key share one budget. Default: from name or URL. */
      key: z.string().regex(/^[A-Za-z0-9_.-]+$/).optional(),
    })
    .optional(),
};

/** The shared limiter for a target, or undefined when it has no limit or no Redis was given. */
export function targetLimiter(
  config: { name?: string; rateLimit?: { ratePerSec?: number; maxInFlight?: number; key?: string } },
  endpoint: string,
  deps: TargetDeps,
): RateLimiter | undefined {
  if (!deps.redis || !config.rateLimit) return undefined;
  const key =
    config.rateLimit.key ??
    `target-${config.name?.replace(/[^A-Za-z0-9_.-]/g, '_') ?? createHash('sha1').update(endpoint).digest('hex').slice(0, 16)}`;
  return createRateLimiter(deps.redis, {
    prefix: deps.prefix,
    key,
    ratePerSec: config.rateLimit.ratePerSec,
    maxInFlight: config.rateLimit.maxInFlight,
  });
}
