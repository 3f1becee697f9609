/** fetch with bounded retries and exponential backoff, honouring an AbortSignal (also during the waits). */

export interface RetryOptions {
  /** Attempts after the first one. */
  retries: number;
  /** First wait; doubled after each failure. */
  backoffMs: number;
  signal?: AbortSignal;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`HTTP ${status} from ${url}`);
  }
}

/** 4xx other than 408/429 will not get better by asking again. */
function retryable(err: unknown): boolean {
  if (err instanceof HttpError) return err.status >= 500 || err.status === 408 || err.status === 429;
  return !(err instanceof Error && err.name === 'AbortError');
}

export async function fetchWithRetry(url: string, init: RequestInit, opts: RetryOptions): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    opts.signal?.throwIfAborted();
    try {
      const res = await fetch(url, { ...init, signal: opts.signal });
      if (!res.ok) {
        await res.body?.cancel();
        throw new HttpError(res.status, url);
      }
      return res;
    } catch (err) {
      if (attempt >= opts.retries || !retryable(err) || opts.signal?.aborted) throw err;
      await sleep(opts.backoffMs * 2 ** attempt, opts.signal);
    }
  }
}

export async function fetchJson(url: string, init: RequestInit, opts: RetryOptions): Promise<unknown> {
  const res = await fetchWithRetry(url, init, opts);
  return res.json();
}

export async function fetchBytes(url: string, opts: RetryOptions): Promise<Uint8Array> {
  const res = await fetchWithRetry(url, {}, opts);
  return new Uint8Array(await res.arrayBuffer());
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
