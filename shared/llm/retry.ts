/**
 * The retry policy for model calls, explicit rather than the openai client's own (which is turned off
 * with maxRetries: 0): retry 429, 408, 409 and 5xx, connection failures and per-call timeouts; honour
 * Retry-After / retry-after-ms; otherwise exponential backoff with jitter. A caller's abort is never retried.
 */
import { APIConnectionError, APIError, APIUserAbortError } from 'openai';

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the call fails instead (a quota, not a blip). */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 4, baseDelayMs: 500, maxDelayMs: 20_000, maxRetryAfterMs: 120_000 };

export class LlmTimeoutError extends Error {
  constructor(ms: number) {
    super(`model call timed out after ${ms} ms`);
    this.name = 'LlmTimeoutError';
  }
}

export function isRetryable(err: unknown): boolean {
  if (err instanceof LlmTimeoutError) return true;
  if (err instanceof APIUserAbortError) return false;
  if (err instanceof APIConnectionError) return true;
  if (err instanceof APIError) {
    const s = err.status ?? 0;
    return s === 408 || s === 409 || s === 429 || s >= 500;
  }
  return false;
}

/** Milliseconds asked for by the server, when it said so. */
export function retryAfterMs(err: unknown, now = Date.now()): number | undefined {
  if (!(err instanceof APIError) || !err.headers) return undefined;
  const ms = err.headers.get('retry-after-ms');
  if (ms !== null && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const after = err.headers.get('retry-after');
  if (after === null) return undefined;
  if (/^\d+(\.\d+)?$/.test(after.trim())) return Number(after) * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Delay before retry number `attempt` (0-based), or undefined when the error should not be retried. */
export function retryDelay(err: unknown, attempt: number, policy: RetryPolicy): number | undefined {
  if (attempt >= policy.maxRetries || !isRetryable(err)) return undefined;
  const asked = retryAfterMs(err);
  if (asked !== undefined) return asked <= policy.maxRetryAfterMs ? asked : undefined;
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(exp * (0.5 + Math.random() / 2));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function describeError(err: unknown): string {
  if (err instanceof APIError && err.status) return `HTTP ${err.status}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}
