/**
 * One logical request to a target: per-attempt timeout combined with the caller's signal (the request
 * and its socket are really aborted), the shared rate limit around each attempt, and retries with
 * exponential backoff + jitter on network errors, 429 (honouring Retry-After) and 5xx.
 * Every message it builds goes through stripSecrets first.
 */
import type { RateLimiter, Release } from '../ratelimit/index.ts';
import { sleep } from '../ratelimit/index.ts';
import { TargetError } from './errors.ts';
import { stripSecrets } from './secrets.ts';
import { httpCall, type ClientResponse, type ResponseHeaders } from './http-client.ts';
import { renderString, renderValue, type TemplateContext } from './template.ts';

export interface HttpRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** A request template (url, headers, JSON body) rendered for one call; the body goes out as JSON. */
export function renderRequest(
  t: { url: string; method: string; headers: Record<string, string>; body?: unknown },
  ctx: TemplateContext,
  secrets: string[],
  accept = 'application/json',
): HttpRequest {
  const headers: Record<string, string> = { accept };
  for (const [k, v] of Object.entries(t.headers)) headers[k.toLowerCase()] = renderString(v, ctx, secrets);
  let body: string | undefined;
  if (t.body !== undefined) {
    body = JSON.stringify(renderValue(t.body, ctx, secrets));
    headers['content-type'] ??= 'application/json';
  }
  return { url: renderString(t.url, ctx, secrets, encodeURIComponent), method: t.method, headers, body };
}

export interface RequestPolicy {
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  maxRetryAfterMs: number;
  limiter?: RateLimiter;
  /** Resolved secret values in this request: stripped from every error message. */
  secrets: string[];
}

export interface HttpResponse {
  status: number;
  headers: ResponseHeaders;
  text: string;
  /** Duration of the attempt that answered (not counting rate-limit waits or earlier attempts). */
  latencyMs: number;
  attempts: number;
}

/** Retry-After in seconds or as an HTTP-date, as ms from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function backoffMs(base: number, attempt: number): number {
  const ceiling = Math.min(10_000, base * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2); // "equal jitter": never zero, never in lockstep
}

export function snippet(text: string, secrets: string[]): string {
  const s = stripSecrets(text, secrets).replace(/\s+/g, ' ').trim();
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

export async function sendRequest(req: HttpRequest, policy: RequestPolicy, signal: AbortSignal): Promise<HttpResponse> {
  const where = stripSecrets(`${req.method} ${req.url}`, policy.secrets);
  const aborted = (attempts: number) =>
    new TargetError('aborted', `request to ${where} was cancelled`, {
      retryable: false,
      attempts,
      cause: signal.reason,
    });
  for (let attempt = 0; ; attempt++) {
    if (signal.aborted) throw aborted(attempt);
    let release: Release;
    try {
      release = policy.limiter ? await policy.limiter.acquire(signal) : async () => {};
    } catch (err) {
      if (signal.aborted) throw aborted(attempt);
      throw err;
    }
    // One controller for the attempt, aborted by its timeout or by the caller (cheaper than
    // AbortSignal.timeout + AbortSignal.any, per request).
    const attemptAc = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      attemptAc.abort(new Error('timeout'));
    }, policy.timeoutMs);
    const onAbort = () => attemptAc.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) onAbort();
    const started = performance.now();
    let res: ClientResponse;
    let text: string;
    try {
      res = await httpCall(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        signal: attemptAc.signal,
      });
      text = res.text;
    } catch (err) {
      if (signal.aborted) throw aborted(attempt + 1);
      if (timedOut) {
        throw new TargetError('timeout', `no answer from ${where} within ${policy.timeoutMs} ms`, {
          retryable: true,
          attempts: attempt + 1,
        });
      }
      const why = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
      if (attempt < policy.retries) {
        await sleep(backoffMs(policy.retryBaseMs, attempt), signal).catch(() => {});
        continue;
      }
      throw new TargetError('network', `cannot reach ${where}: ${snippet(why, policy.secrets)}`, {
        retryable: true,
        attempts: attempt + 1,
      });
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      await release();
    }
    const latencyMs = performance.now() - started;
    if (res.status >= 200 && res.status < 300) return { status: res.status, headers: res.headers, text, latencyMs, attempts: attempt + 1 };

    const transient = res.status === 429 || res.status >= 500;
    const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
    const tooLong = retryAfter !== undefined && retryAfter > policy.maxRetryAfterMs;
    if (transient && attempt < policy.retries && !tooLong) {
      const wait = retryAfter ?? backoffMs(policy.retryBaseMs, attempt);
      await sleep(wait + Math.random() * 50, signal).catch(() => {});
      continue;
    }
    throw new TargetError(
      'http',
      `${where} answered HTTP ${res.status} after ${attempt + 1} attempt(s): ${snippet(text, policy.secrets)}`,
      { retryable: transient, status: res.status, attempts: attempt + 1 },
    );
  }
}
