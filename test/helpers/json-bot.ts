/**
 * A chatbot for tests: a real HTTP server on 127.0.0.1 (port 0) that reads a JSON body and lets the test answer
 * (status, headers, body). Its `url` is the /chat endpoint a target file points at.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface JsonBot {
  url: string;
  close(): Promise<void>;
}

export async function startJsonBot(answer: (body: Record<string, unknown>, res: ServerResponse) => void): Promise<JsonBot> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => answer(JSON.parse(body) as Record<string, unknown>, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/chat`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
