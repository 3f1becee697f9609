/**
 * A real HTTP chatbot target (node:http, port 0) whose behaviour per request is chosen by a function, and
 * which measures what it received: requests per case (the message carries the case id), the peak number
 * of requests in flight and the peak number started in any 1-second window.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StormAction = 'ok' | '500' | '429' | 'hang' | 'truncated';

export interface StormTarget {
  url: string;
  perCase: Map<string, number>;
  /** When each request of a case arrived (ms, Date.now()), in order. */
  times: Map<string, number[]>;
  peakInFlight(): number;
  peakPerSecond(): number;
  total(): number;
  close(): Promise<void>;
}

export async function startStormTarget(
  decide: (caseId: string, nth: number) => StormAction,
  opts: { delayMs?: number; delayFor?: (caseId: string) => number; retryAfterS?: number; retryAfter?: (caseId: string) => string } = {},
): Promise<StormTarget> {
  const perCase = new Map<string, number>();
  const times = new Map<string, number[]>();
  const starts: number[] = [];
  let inFlight = 0;
  let peak = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const message = String((JSON.parse(raw || '{}') as { message?: unknown }).message ?? '');
    const caseId = message.split(' ')[0] ?? '';
    const nth = (perCase.get(caseId) ?? 0) + 1;
    perCase.set(caseId, nth);
    const now = Date.now();
    starts.push(now);
    times.set(caseId, [...(times.get(caseId) ?? []), now]);
    inFlight++;
    peak = Math.max(peak, inFlight);
    const done = () => inFlight--;
    res.once('close', done);
    const delay = opts.delayFor?.(caseId) ?? opts.delayMs;
    if (delay) await new Promise((r) => setTimeout(r, delay));
    const action = decide(caseId, nth);
    if (action === 'hang') return; // never answers; the client's timeout closes it
    if (action === '500') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
    if (action === '429') {
      return void res.writeHead(429, { 'retry-after': opts.retryAfter?.(caseId) ?? String(opts.retryAfterS ?? 1), 'content-type': 'application/json' }).end('{"error":"slow down"}');
    }
    if (action === 'truncated') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"answer":"Il bando sca');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ answer: `ok ${caseId}` }));
  };
  const server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/chat`;
  return {
    url,
    perCase,
    times,
    peakInFlight: () => peak,
    peakPerSecond: () => {
      let best = 0;
      for (let i = 0, j = 0; j < starts.length; j++) {
        while (starts[j]! - starts[i]! >= 1000) i++;
        best = Math.max(best, j - i + 1);
      }
      return best;
    },
    total: () => starts.length,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A single-turn test set whose messages start with the case id (so the target can count per case). */
export function stormSet(n: number, id = 'storm') {
  return {
    id,
    type: 'single' as const,
    cases: Array.from({ length: n }, (_, i) => ({
      id: `c${i}`,
      input: `c${i} quando scade il bando?`,
      checks: [{ type: 'contains' as const, value: 'ok' }],
    })),
  };
}
