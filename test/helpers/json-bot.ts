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

/** What the bot sends for a message: text is sent as `{ answer }`, an object as it is. */
export type BotReply = string | Record<string, unknown>;

/**
 * A bot answering each `message` from `replies` (the question as written → its reply), and anything else with
 * `otherwise`: the JSON chatbot of the end-to-end tests, whose target maps `{message}` in and `answer` out.
 */
export function startAnsweringBot(replies: Record<string, BotReply>, otherwise: BotReply = 'Non so.'): Promise<JsonBot> {
  return startJsonBot(({ message }, res) => {
    const reply = replies[String(message)] ?? otherwise;
    res.setHeader('content-type', 'application/json');
    // JSON.stringify writes a NUL as \u0000, as a JSON API sends it.
    res.end(JSON.stringify(typeof reply === 'string' ? { answer: reply } : reply));
  });
}
