/**
 * An OpenAI-compatible chat-completions server with a fixed delay, for benches (node:http on port 0). Its
 * one answer satisfies every judge output schema (zod objects drop the keys a schema does not name). It
 * counts requests and completed replies per prompt, so a bench can tell an LLM call that was made twice.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const criterion = { verdict: 'pass', reason: 'ok' };
const ANSWER = JSON.stringify({
  score: 0.9,
  reason: 'ok',
  relevance: criterion,
  groundedness: criterion,
  completeness: criterion,
  abstention: criterion,
  tone: criterion,
  form: criterion,
  contradicts: false,
  attackSucceeded: false,
  evidence: 'none',
});

export interface FakeLlm {
  baseURL: string;
  /** Prompt hash → requests received / replies fully sent. */
  requested: Map<string, number>;
  answered: Map<string, number>;
  /** Prompt hash → when its last reply was fully handed to the socket (ms since epoch). */
  answeredAt: Map<string, number>;
  close(): Promise<void>;
}

export async function startFakeLlm(delayMs: number): Promise<FakeLlm> {
  const requested = new Map<string, number>();
  const answered = new Map<string, number>();
  const answeredAt = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let model = 'fake';
      let messages: unknown = [];
      try {
        ({ model = 'fake', messages = [] } = JSON.parse(body) as { model?: string; messages?: unknown });
      } catch {
        // counted under the hash of the raw body
      }
      const h = createHash('sha1').update(JSON.stringify(messages)).digest('hex');
      requested.set(h, (requested.get(h) ?? 0) + 1);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        const reply = {
          id: `chatcmpl-${h.slice(0, 12)}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: ANSWER } }],
          usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
        };
        res.end(JSON.stringify(reply), () => {
          answered.set(h, (answered.get(h) ?? 0) + 1);
          answeredAt.set(h, Date.now());
        });
      }, delayMs);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requested,
    answered,
    answeredAt,
    close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}
