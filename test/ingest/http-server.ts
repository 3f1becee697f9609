/** A real node:http server on port 0 for source tests. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function serve(handler: (req: IncomingMessage, res: ServerResponse, url: URL) => void): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => handler(req, res, new URL(req.url ?? '/', 'http://localhost')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
