/**
 * A real OpenAI-compatible HTTP server for tests (node:http on port 0): POST /v1/chat/completions and
 * POST /v1/embeddings. Responses are scripted by a queue (consumed in order) or, when the queue is empty,
 * by a handler function of the request. It records every request it receives, so a test can assert what
 * the real `openai` client sent (and that a cache hit sent nothing). It says nothing about model quality.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: ChatBody & { input?: unknown };
  at: number;
}

export interface ChatBody {
  model?: string;
  messages?: { role: string; content: string }[];
  temperature?: number;
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
  [k: string]: unknown;
}

/** One scripted reply. `content` makes a normal completion; the others shape failures. */
export interface FakeReply {
  /** Assistant message content (chat) — any string, malformed JSON included. */
  content?: string;
  /** Embedding vectors (embeddings endpoint), one per input. */
  embeddings?: number[][];
  status?: number;
  headers?: Record<string, string>;
  /** Raw body for error replies (defaults to an OpenAI-style error object). */
  body?: unknown;
  /** Delay before answering (for timeout tests). */
  delayMs?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export type FakeHandler = (req: RecordedRequest) => FakeReply;

export interface FakeOpenAI {
  url: string;
  /** The base URL to give the openai client (…/v1). */
  baseURL: string;
  requests: RecordedRequest[];
  /** Most requests ever being answered at the same moment (for concurrency-limit tests). */
  peakInFlight(): number;
  chatRequests(): RecordedRequest[];
  enqueue(...replies: FakeReply[]): void;
  setHandler(handler: FakeHandler): void;
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT_USAGE = { prompt_tokens: 100, completion_tokens: 20 };

export async function startFakeOpenAI(handler?: FakeHandler): Promise<FakeOpenAI> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  let fallback: FakeHandler = handler ?? (() => ({ content: '{}' }));
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let peak = 0;

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: RecordedRequest['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as RecordedRequest['body'];
      } catch {
        body = {};
      }
      const path = (req.url ?? '').split('?')[0] ?? '';
      const recorded: RecordedRequest = { path, headers: req.headers, body, at: Date.now() };
      requests.push(recorded);
      if (req.method !== 'POST' || !/\/v1\/(chat\/completions|embeddings)$/.test(path)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
        return;
      }
      const reply = queue.shift() ?? fallback(recorded);
      inFlight++;
      peak = Math.max(peak, inFlight);
      const send = () => {
        timers.delete(timer);
        if (res.destroyed) return;
        respond(res, path, body, reply);
      };
      const timer = setTimeout(send, reply.delayMs ?? 0);
      timers.add(timer);
      // Counted out as soon as the reply is handed to the socket, before the client can see it.
      let counted = true;
      const done = () => {
        if (counted) inFlight--;
        counted = false;
        clearTimeout(timer);
        timers.delete(timer);
      };
      res.on('finish', done);
      res.on('close', done);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseURL: `${url}/v1`,
    requests,
    peakInFlight: () => peak,
    chatRequests: () => requests.filter((r) => r.path.endsWith('/chat/completions')),
    enqueue: (...replies) => queue.push(...replies),
    setHandler: (h) => {
      fallback = h;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      peak = inFlight;
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function respond(res: ServerResponse, path: string, body: RecordedRequest['body'], reply: FakeReply) {
  const status = reply.status ?? 200;
  const headers = { 'content-type': 'application/json', ...(reply.headers ?? {}) };
  if (status >= 400) {
    res.writeHead(status, headers);
    res.end(JSON.stringify(reply.body ?? { error: { message: `scripted ${status}`, type: 'server_error' } }));
    return;
  }
  const usage = reply.usage ?? DEFAULT_USAGE;
  const model = body.model ?? 'fake-model';
  if (path.endsWith('/embeddings')) {
    const inputs = Array.isArray(body.input) ? body.input : [body.input];
    const vectors = reply.embeddings ?? inputs.map((_, i) => [i, 1, 0]);
    res.writeHead(200, headers);
    res.end(
      JSON.stringify({
        object: 'list',
        model,
        data: vectors.map((v, index) => ({
          object: 'embedding',
          index,
          embedding: body.encoding_format === 'base64' ? Buffer.from(new Float32Array(v).buffer).toString('base64') : v,
        })),
        usage: { prompt_tokens: usage.prompt_tokens, total_tokens: usage.prompt_tokens },
      }),
    );
    return;
  }
  res.writeHead(200, headers);
  res.end(
    JSON.stringify({
      id: `chatcmpl-fake-${Date.now()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply.content ?? '' } },
      ],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    }),
  );
}
