/** A real HTTP server playing the target: each test sets how it answers and reads what it received. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** Parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
  /** Date.now() when the request arrived. */
  at: number;
}

export type Handler = (req: Received, res: ServerResponse, index: number) => void;

export interface TargetServer {
  url: string;
  received: Received[];
  answer(handler: Handler): void;
  /** Resolves when a request's connection closes before the server answered it (client gave up). */
  abandoned: Promise<Received>;
  close(): Promise<void>;
}

export function json(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(value));
}

export async function startTargetServer(): Promise<TargetServer> {
  const received: Received[] = [];
  let handler: Handler = (_req, res) => json(res, 200, { answer: 'ok' });
  let onAbandon: (r: Received) => void = () => {};
  const abandoned = new Promise<Received>((resolve) => (onAbandon = resolve));
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // kept as text
      }
      const rec: Received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, at: Date.now() };
      received.push(rec);
      res.on('close', () => {
        if (!res.writableEnded) onAbandon(rec);
      });
      handler(rec, res, received.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (h) => (handler = h),
    abandoned,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
