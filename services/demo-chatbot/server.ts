/**
 * HTTP API of the demo chatbot (node:http, JSON):
 *   POST /chat  { message, sessionId?, history? } → { answer, sessionId, toolCalls, usage }
 *   GET  /healthz → { ok: true }
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type OpenAI from 'openai';
import { z } from 'zod';
import type { Logger } from '../../shared/logger.ts';
import { answerDeterministic } from './deterministic.ts';
import { answerWithLlm } from './llm-agent.ts';
import { SYSTEM_PROMPT } from './prompt.ts';
import { findReference, loadHeaders } from './resolve.ts';
import { SessionStore, type Session } from './sessions.ts';
import { roughTokens } from './text.ts';
import type { ToolContext } from './tools.ts';

export const chatRequestSchema = z.object({
  message: z.string().min(1).max(8000),
  sessionId: z.string().min(1).max(200).optional(),
  history: z.array(z.object({ role: z.enum(['user', 'assistant', 'system', 'tool']), content: z.string() })).max(200).optional(),
});

export interface ChatHandlerDeps {
  ctx: ToolContext;
  llm?: { client: OpenAI; model: string };
  log: Logger;
}

const MAX_BODY = 256 * 1024;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, 'body too large');
    parts.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch {
    throw new HttpError(400, 'body is not valid JSON');
  }
}

class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** A stateless client sends the history instead of a session id: recover the bando in focus from it. */
async function adoptHistory(deps: ChatHandlerDeps, session: Session, history: z.infer<typeof chatRequestSchema>['history']) {
  const turns = (history ?? []).filter((m): m is { role: 'user' | 'assistant'; content: string } => m.role === 'user' || m.role === 'assistant');
  if (session.turns > 0 || turns.length === 0) return;
  session.messages = turns.map((m) => ({ role: m.role, content: m.content }));
  const headers = await loadHeaders(deps.ctx.sql);
  for (const m of [...turns].reverse()) {
    const ref = findReference(m.content, headers, undefined, []);
    if (ref.via === 'id') {
      session.focus = ref.id;
      break;
    }
  }
}

export function createChatServer(deps: ChatHandlerDeps, sessions = new SessionStore()): Server {
  return createServer((req, res) => {
    void (async () => {
      try {
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (req.method === 'GET' && url.pathname === '/healthz') return send(res, 200, { ok: true });
        if (url.pathname !== '/chat') return send(res, 404, { error: 'not found' });
        if (req.method !== 'POST') return send(res, 405, { error: 'use POST' });
        const parsed = chatRequestSchema.safeParse(await readJson(req));
        if (!parsed.success) return send(res, 400, { error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
        const { message, sessionId, history } = parsed.data;
        const session = sessions.get(sessionId);
        await adoptHistory(deps, session, history);
        const reply = deps.llm
          ? await answerWithLlm(deps.llm.client, deps.llm.model, deps.ctx, session, message)
          : {
              ...(await answerDeterministic(deps.ctx, session, message)),
              usage: { tokensIn: 0, tokensOut: 0 },
            };
        if (!deps.llm) reply.usage = { tokensIn: roughTokens(SYSTEM_PROMPT) + roughTokens(message), tokensOut: roughTokens(reply.answer) };
        session.turns++;
        session.messages.push({ role: 'user', content: message }, { role: 'assistant', content: reply.answer });
        send(res, 200, { answer: reply.answer, sessionId: session.id, toolCalls: reply.toolCalls, usage: reply.usage });
      } catch (err) {
        if (err instanceof HttpError) return send(res, err.status, { error: err.message });
        deps.log.error({ err }, 'chat request failed');
        if (!res.headersSent) send(res, 500, { error: 'internal error' });
      }
    })();
  });
}
