/**
 * A real HTTP server that records what a rate-limited target would notice: concurrency and arrivals, and when
 * each client was granted the request (the `x-granted-at` header, ms since the epoch). Rates are checked on
 * grant times: arrival times also carry the server's own scheduling delays, which on a loaded machine bunch
 * requests that were sent evenly spaced.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingServer {
  url: string;
  /** Most requests being handled at the same moment. */
  peakInFlight(): number;
  /** Arrival times (ms, server clock). */
  arrivals(): number[];
  /** When each request's slot was granted (ms since the epoch, from the client's `x-granted-at`), in arrival order. */
  granted(): number[];
  close(): Promise<void>;
}

/** Every request is answered after `?delay=` ms (default 20). */
export async function startCountingServer(): Promise<CountingServer> {
  let inFlight = 0;
  let peak = 0;
  const arrivals: number[] = [];
  const granted: number[] = [];
  const server: Server = createServer((req, res) => {
    arrivals.push(performance.now());
    granted.push(Number(req.headers['x-granted-at']));
    inFlight++;
    peak = Math.max(peak, inFlight);
    const delay = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('delay') ?? 20);
    setTimeout(() => {
      inFlight--;
      res.end('ok');
    }, delay);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    peakInFlight: () => peak,
    arrivals: () => [...arrivals],
    granted: () => [...granted],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The most arrivals inside any window of `windowMs` (sliding, not aligned to clock seconds). */
export function maxInWindow(times: number[], windowMs = 1000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}
