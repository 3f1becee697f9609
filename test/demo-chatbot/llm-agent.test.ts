/**
 * LLM mode against a real HTTP server speaking the chat-completions protocol with scripted tool_calls:
 * the agent declares the tools, runs them against Postgres, feeds results back, and caps tool rounds.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus, startDemoChatbot, type DemoChatbot } from '../../services/demo-chatbot/index.ts';
import { MAX_TOOL_ROUNDS } from '../../services/demo-chatbot/llm-agent.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { chat, TODAY, writeFixtureCorpus } from './fixture.ts';

interface ChatRequest {
  model: string;
  messages: { role: string; content: string | null; tool_call_id?: string }[];
  tools?: { function: { name: string } }[];
}

let infra: TestInfra;
let llm: Server;
let llmUrl: string;
let cleanup: () => Promise<void>;
const requests: ChatRequest[] = [];
/** 'answer': one get_tender_text round then a final answer; 'loop': asks for tools forever. */
let script: 'answer' | 'loop' = 'answer';

function completion(message: Record<string, unknown>) {
  return {
    id: 'cmpl-1', object: 'chat.completion', created: 0, model: 'scripted',
    choices: [{ index: 0, finish_reason: message.tool_calls ? 'tool_calls' : 'stop', message: { role: 'assistant', ...message } }],
    usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
  };
}

function reply(req: ChatRequest) {
  const toolMsg = [...req.messages].reverse().find((m) => m.role === 'tool');
  if (!req.tools || (script === 'answer' && toolMsg)) {
    const deadline = /entro il ([^.,"]+)/.exec(toolMsg?.content ?? '')?.[1] ?? 'sconosciuta';
    return completion({ content: `La scadenza è ${deadline}.` });
  }
  const n = req.messages.filter((m) => m.role === 'tool').length;
  return completion({
    content: null,
    tool_calls: [{ id: `call_${n}`, type: 'function', function: { name: 'get_tender_text', arguments: JSON.stringify({ id: 'PISA-2026-001' }) } }],
  });
}

beforeAll(async () => {
  infra = await createTestInfra('demo chatbot llm');
  const corpus = await writeFixtureCorpus();
  cleanup = corpus.cleanup;
  await loadCorpus(infra.sql, corpus.dir);
  llm = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const parsed = JSON.parse(body) as ChatRequest;
      requests.push(parsed);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply(parsed)));
    });
  });
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  llmUrl = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((r) => llm?.close(r));
  await cleanup?.();
  await infra?.teardown();
});

async function withBot<T>(fn: (bot: DemoChatbot) => Promise<T>, faults: 'no-tool'[] = []): Promise<T> {
  const bot = await startDemoChatbot({ databaseUrl: infra.url, today: TODAY, faults, llm: { baseUrl: llmUrl, model: 'scripted' } });
  try {
    return await fn(bot);
  } finally {
    await bot.close();
  }
}

describe('demo chatbot, LLM mode', () => {
  it('runs the tool-calling loop against the real tools and answers from the result', async () => {
    script = 'answer';
    requests.length = 0;
    const r = await withBot((b) => chat(b.url, 'Qual è la scadenza del bando PISA-2026-001?'));
    expect(r.answer).toBe('La scadenza è 31 gennaio 2027.');
    expect(r.toolCalls).toHaveLength(1);
    expect(r.toolCalls[0]).toMatchObject({ name: 'get_tender_text', arguments: { id: 'PISA-2026-001' } });
    expect((r.toolCalls[0]?.result as { articles: unknown[] }).articles).toHaveLength(6);
    expect(r.usage).toEqual({ tokensIn: 200, tokensOut: 20 });
    expect(requests[0]?.model).toBe('scripted');
    expect(requests[0]?.tools?.map((t) => t.function.name).sort()).toEqual(['get_faq', 'get_tender_text', 'search_tenders']);
    expect(requests[0]?.messages[0]?.role).toBe('system');
  });

  it('replays the session history on the next turn', async () => {
    script = 'answer';
    await withBot(async (b) => {
      const first = await chat(b.url, 'Qual è la scadenza del bando PISA-2026-001?');
      requests.length = 0;
      await chat(b.url, 'Grazie, e i requisiti?', first.sessionId);
    });
    expect(requests[0]?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it(`stops after ${MAX_TOOL_ROUNDS} tool rounds and asks for an answer without tools`, async () => {
    script = 'loop';
    requests.length = 0;
    const r = await withBot((b) => chat(b.url, 'Qual è la scadenza del bando PISA-2026-001?'));
    expect(r.toolCalls).toHaveLength(MAX_TOOL_ROUNDS);
    expect(requests).toHaveLength(MAX_TOOL_ROUNDS + 1);
    expect(requests.at(-1)?.tools).toBeUndefined();
    expect(r.answer).toContain('31 gennaio 2027');
  });

  it('no-tool fault: get_tender_text is not offered to the model', async () => {
    script = 'answer';
    requests.length = 0;
    await withBot((b) => chat(b.url, 'Ciao'), ['no-tool']);
    expect(requests[0]?.tools?.map((t) => t.function.name)).not.toContain('get_tender_text');
  });
});
