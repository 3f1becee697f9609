// HTTP API: conversation handshake, turns as JSON or as server-sent events. Documented in README.md.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { runTurn, type BotConfig, type ConversationState, type Step } from './bot.ts';

interface Conversation { handle: string; state: ConversationState; historyChars: number }

export interface Meter { tokens: { input: number; output: number }; cost_eur: number }

// Published prices of the (imaginary) model behind the bot, in euro per million tokens.
const EUR_PER_M_INPUT = 0.2;
const EUR_PER_M_OUTPUT = 0.8;
const MAX_BODY = 64 * 1024;
// Oldest conversations are dropped beyond this, so a long evaluation cannot grow the process without bound.
const MAX_CONVERSATIONS = 20_000;

class HttpError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, 'body_too_large', `request body larger than ${MAX_BODY} bytes`);
    chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'invalid_json', 'request body is not valid JSON');
  }
}

function turnText(body: unknown): string {
  const input = (body as { input?: { text?: unknown } } | null)?.input;
  if (typeof input?.text !== 'string' || input.text.trim() === '') {
    throw new HttpError(400, 'invalid_request', 'body.input.text: required, a non-empty string');
  }
  if (input.text.length > 4000) throw new HttpError(400, 'invalid_request', 'body.input.text: at most 4000 characters');
  return input.text;
}

function meter(systemPrompt: string, historyChars: number, message: string, steps: Step[], parts: string[]): Meter {
  const toolChars = steps.reduce((n, s) => n + (s.kind === 'tool' ? s.output.length + JSON.stringify(s.input).length : 0), 0);
  const input = Math.ceil((systemPrompt.length + historyChars + message.length + toolChars) / 4);
  const output = Math.ceil(parts.join('\n').length / 4);
  const cost = (input * EUR_PER_M_INPUT + output * EUR_PER_M_OUTPUT) / 1_000_000;
  return { tokens: { input, output }, cost_eur: Number(cost.toFixed(8)) };
}

/** Splits a reply part into small chunks on word boundaries, as a token stream would. */
function chunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g)?.reduce<string[]>((acc, word) => {
    const last = acc[acc.length - 1];
    if (last !== undefined && last.length + word.length <= 24) acc[acc.length - 1] = last + word;
    else acc.push(word);
    return acc;
  }, []) ?? [text];
}

function sse(res: ServerResponse, event: string, data: unknown): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

export function createRefServer(cfg: BotConfig): Server {
  const conversations = new Map<string, Conversation>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/health') {
      sendJson(res, 200, { status: 'ok', today: cfg.today, faults: [...cfg.faults] });
      return;
    }
    if (req.method === 'POST' && url.pathname === '/v1/conversations') {
      await readBody(req);
      const handle = `cv_${randomBytes(9).toString('hex')}`;
      conversations.set(handle, { handle, state: { hijacked: false, turns: 0 }, historyChars: 0 });
      if (conversations.size > MAX_CONVERSATIONS) conversations.delete(conversations.keys().next().value as string);
      sendJson(res, 201, { conversation: { handle, turns: 0 } }, { 'x-conversation-handle': handle });
      return;
    }
    const m = /^\/v1\/conversations\/([A-Za-z0-9_]+)\/turns$/.exec(url.pathname);
    if (!m) throw new HttpError(404, 'not_found', `no route ${req.method} ${url.pathname}`);
    if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'use POST to send a turn');
    const conv = conversations.get(m[1] ?? '');
    if (!conv) throw new HttpError(404, 'unknown_conversation', `no conversation with handle "${m[1]}"; create one with POST /v1/conversations`);
    const text = turnText(await readBody(req));
    const result = runTurn(cfg, conv.state, text);
    const usage = meter(cfg.systemPrompt, conv.historyChars, text, result.steps, result.parts);
    conv.historyChars += text.length + result.parts.join('\n').length;
    const turn = { conversation: conv.handle, index: conv.state.turns };
    const streamed = url.searchParams.get('stream') === 'true' || (req.headers.accept ?? '').includes('text/event-stream');
    if (!streamed) {
      sendJson(res, 200, {
        turn,
        reply: { language: result.language, parts: result.parts.map((p) => ({ type: 'text', text: p })) },
        trace: { steps: result.steps },
        meter: usage,
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    for (const step of result.steps) sse(res, step.kind, step);
    result.parts.forEach((part, index) => {
      for (const c of chunks(part)) sse(res, 'delta', { part: index, text: c });
      sse(res, 'part_end', { part: index });
    });
    sse(res, 'done', { turn, language: result.language, meter: usage });
    res.end();
  }

  return createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) {
        res.end();
        return;
      }
      if (err instanceof HttpError) sendJson(res, err.status, { error: { code: err.code, message: err.message } });
      else sendJson(res, 500, { error: { code: 'internal', message: 'internal error' } });
    });
  });
}
