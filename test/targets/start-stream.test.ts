/** http targets with a conversation handshake (start request) and with streamed replies (SSE, JSON lines), against real servers. */
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { playCase } from '../../shared/eval/play.ts';
import { createTarget, targetConfigSchema, TargetError, type TargetConfigInput } from '../../shared/targets/index.ts';
import { startRefChatbot } from '../../services/ref-chatbot/index.ts';
import { json, startTargetServer, type TargetServer } from './target-server.ts';

const KEY = 'dl-key-5b1e0c9a77f2';
process.env.VAGLIO_TARGET_START_KEY = KEY;

let server: TargetServer;
beforeEach(async () => {
  server = await startTargetServer();
});
afterEach(async () => server.close());

const deps = { prefix: 'unused' };
const signal = () => AbortSignal.timeout(5000);

function handshakeConfig(over: Record<string, unknown> = {}): TargetConfigInput {
  return {
    type: 'http',
    url: `${server.url}/conversations/{{start.conv}}/turns`,
    headers: { 'X-Session-Token': '{{start.token}}' },
    body: { text: '{{message}}', channel: '{{start.channel}}' },
    mode: 'stateful',
    start: {
      url: `${server.url}/conversations`,
      headers: { Authorization: 'Bearer ${env:VAGLIO_TARGET_START_KEY}' },
      body: { user: '{{vars.user}}' },
      extract: { conv: '$.conversation.id', token: 'header:X-Session-Token', channel: 'channel' },
      sessionId: 'conv',
    },
    response: { answer: '$.reply' },
    retryBaseMs: 5,
    ...over,
  } as TargetConfigInput;
}

/** A chat API that wants a conversation created first, then its id in the path and its token in a header. */
function conversationalServer() {
  let n = 0;
  const tokens = new Map<string, string>();
  const turns = new Map<string, string[]>();
  server.answer((req, res) => {
    if (req.url === '/conversations') {
      if (req.headers.authorization !== `Bearer ${KEY}`) return json(res, 401, { error: 'bad key' });
      n++;
      const id = `c${n}`;
      tokens.set(id, `tok-${n}-${(req.body as { user?: string }).user ?? ''}`);
      turns.set(id, []);
      return json(res, 201, { conversation: { id }, channel: 'web' }, { 'X-Session-Token': tokens.get(id) ?? '' });
    }
    const m = /^\/conversations\/([^/]+)\/turns$/.exec(req.url);
    const id = m?.[1] ?? '';
    if (!tokens.has(id) || req.headers['x-session-token'] !== tokens.get(id)) return json(res, 403, { error: 'unknown conversation' });
    const said = turns.get(id) ?? [];
    said.push((req.body as { text: string }).text);
    return json(res, 200, { reply: `turno ${said.length} di ${id}: ${said.join(' / ')}` });
  });
}

describe('start request (conversation handshake)', () => {
  it('runs once per conversation and sends its values on every turn, in path, header and body', async () => {
    conversationalServer();
    const target = createTarget(handshakeConfig(), deps);
    const a = await playCase(target, ['Ciao', 'Scadenza del bando?'], { user: 'u1' }, signal());
    const b = await playCase(target, ['Buongiorno'], { user: 'u2' }, signal());
    expect(a.error).toBeUndefined();
    expect(a.transcript.turns.map((t) => t.assistant)).toEqual(['turno 1 di c1: Ciao', 'turno 2 di c1: Ciao / Scadenza del bando?']);
    expect(a.transcript.sessionId).toBe('c1'); // start.sessionId names the conversation in reports
    expect(b.transcript.turns[0]?.assistant).toBe('turno 1 di c2: Buongiorno');
    expect(server.received.filter((r) => r.url === '/conversations')).toHaveLength(2);
    const turn = server.received.find((r) => r.url === '/conversations/c1/turns');
    expect(turn?.headers['x-session-token']).toBe('tok-1-u1');
    expect(turn?.body).toEqual({ text: 'Ciao', channel: 'web' });
  });

  it('a start request that fails or lacks a value is a TargetError naming what is missing', async () => {
    server.answer((req, res) => (req.url === '/conversations' ? json(res, 200, { conversation: {} }) : json(res, 200, { reply: 'x' })));
    const target = createTarget(handshakeConfig(), deps);
    const err = await target.send({ message: 'ciao', history: [], vars: { user: 'u' } }, signal()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TargetError);
    expect(err).toMatchObject({ kind: 'malformed' });
    expect((err as Error).message).toMatch(/start\.extract\.conv: nothing at "\$\.conversation\.id"/);

    server.answer((_req, res) => json(res, 401, { error: 'bad key' }));
    const denied = await target.send({ message: 'ciao', history: [], vars: { user: 'u' } }, signal()).catch((e: unknown) => e);
    expect(denied).toMatchObject({ kind: 'http', status: 401 });
    expect((denied as Error).message).not.toContain(KEY);
  });

  it('is checked when the config is read: every {{start.X}} declared, extract paths valid', () => {
    const issues = (c: TargetConfigInput) => targetConfigSchema.safeParse(c).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(issues(handshakeConfig({ body: { text: '{{message}}', x: '{{start.nope}}' } }))).toEqual([
      'start.extract: {{start.nope}} is used but start.extract has no "nope"',
    ]);
    expect(issues(handshakeConfig({ start: undefined }))).toContain('start: {{start.conv}} is used but the target has no start request');
    const bad = handshakeConfig();
    (bad as { start: { extract: Record<string, string> } }).start.extract.conv = '$.a[?@.b==]';
    expect(issues(bad)[0]).toMatch(/^start\.extract\.conv: bad path/);
  });
});

function sse(res: ServerResponse, events: string[]) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  let i = 0;
  // Written in separate chunks over time, as a real stream arrives.
  const tick = setInterval(() => {
    if (i < events.length) res.write(events[i++]);
    else {
      clearInterval(tick);
      res.end();
    }
  }, 5);
}

describe('streamed replies', () => {
  it('SSE: joins the text deltas, reads tool calls from their own events, skips status events', async () => {
    server.answer((_req, res) =>
      sse(res, [
        ': keep-alive\n\n',
        'event: status\ndata: {"text":"sto pensando"}\n\n',
        'event: tool\ndata: {"name":"trova_bandi","args":{"q":"Lazio"},"output":"A-1, A-7"}\n\n',
        'event: delta\ndata: {"text":"Ho trovato "}\n\n',
        'event: delta\ndata: {"text":"due bandi: A-1 e A-7."}\n\n',
        'event: usage\ndata: {"in":31,"out":12,"usd":0.0009}\n\n',
        'data: [DONE]\n\n',
      ]),
    );
    const target = createTarget(
      {
        type: 'http',
        url: `${server.url}/stream`,
        body: { q: '{{message}}' },
        stream: 'sse',
        response: {
          answer: '$[?@.event=="delta"].data.text',
          toolCalls: { path: '$[?@.event=="tool"].data', name: 'name', arguments: 'args', result: 'output' },
          usage: { tokensIn: '$[?@.event=="usage"].data.in', tokensOut: '$[?@.event=="usage"].data.out' },
          cost: '$[?@.event=="usage"].data.usd',
        },
      },
      deps,
    );
    const reply = await target.send({ message: 'bandi Lazio', history: [], vars: {} }, signal());
    expect(server.received[0]?.headers.accept).toBe('text/event-stream');
    expect(reply.text).toBe('Ho trovato due bandi: A-1 e A-7.');
    expect(reply.toolCalls).toEqual([{ name: 'trova_bandi', arguments: { q: 'Lazio' }, result: 'A-1, A-7' }]);
    expect(reply.usage).toEqual({ tokensIn: 31, tokensOut: 12, costUsd: 0.0009 });
  });

  it('SSE in the OpenAI chunk shape', async () => {
    const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
    server.answer((_req, res) => sse(res, [chunk('Sal'), chunk('ve!'), 'data: [DONE]\n\n']));
    const target = createTarget(
      { type: 'http', url: `${server.url}/v1/chat`, body: { q: '{{message}}' }, stream: 'sse', response: { answer: '$[*].data.choices[0].delta.content' } },
      deps,
    );
    expect((await target.send({ message: 'ciao', history: [], vars: {} }, signal())).text).toBe('Salve!');
  });

  it('JSON lines: chunked objects, tool calls as separate events', async () => {
    server.answer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      const lines = [
        { type: 'tool_call', tool: 'scheda', input: '{"codice":"A-7"}' },
        { type: 'text', delta: 'Scade il ' },
        { type: 'notice', delta: '(risposta generata automaticamente)' },
        { type: 'text', delta: '31 gennaio 2027.' },
      ];
      for (const l of lines) res.write(`${JSON.stringify(l)}\n`);
      res.end();
    });
    const target = createTarget(
      {
        type: 'http',
        url: `${server.url}/chat`,
        body: { q: '{{message}}' },
        stream: 'jsonl',
        response: { answer: '$[?@.type=="text"].delta', toolCalls: { path: '$[?@.type=="tool_call"]', name: 'tool', arguments: 'input' } },
      },
      deps,
    );
    const reply = await target.send({ message: 'scadenza A-7?', history: [], vars: {} }, signal());
    expect(reply.text).toBe('Scade il 31 gennaio 2027.');
    expect(reply.toolCalls).toEqual([{ name: 'scheda', arguments: { codice: 'A-7' } }]);
  });

  it('SSE answer parts separated by other events are not glued together; deltas inside a part are', async () => {
    // The reference chatbot's shape: deltas of part 0, its part_end, deltas of part 1 (no space at the boundary).
    const ev = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    server.answer((_req, res) =>
      sse(res, [
        ev('delta', { part: 0, text: 'Il bando risulta ' }),
        ev('delta', { part: 0, text: 'aperto.' }),
        ev('part_end', { part: 0 }),
        ev('delta', { part: 1, text: '• Prova ' }),
        ev('delta', { part: 1, text: 'scritta' }),
        ev('part_end', { part: 1 }),
        ev('tool', { name: 'x' }),
        ev('delta', { part: 2, text: 'Scade il ' }),
        ev('notice', { text: 'sto pensando' }),
        ev('delta', { part: 2, text: '31 gennaio.' }),
        ev('done', {}),
      ]),
    );
    const target = createTarget(
      { type: 'http', url: `${server.url}/s`, body: { q: '{{message}}' }, stream: 'sse', response: { answer: '$[?@.event=="delta"].data.text' } },
      deps,
    );
    const reply = await target.send({ message: 'x', history: [], vars: {} }, signal());
    // A boundary with whitespace already on one side gets nothing added ("Scade il " + notice + "31 gennaio.").
    expect(reply.text).toBe('Il bando risulta aperto.\n• Prova scritta\nScade il 31 gennaio.');
  });

  it('the reference chatbot streamed over SSE gives the same answer as its JSON reply', async () => {
    const bot = await startRefChatbot({ port: 0, today: '2026-12-01' });
    try {
      const config = (stream: boolean): TargetConfigInput => ({
        type: 'http',
        mode: 'stateful',
        start: { url: `${bot.url}/v1/conversations`, body: {}, extract: { handle: '$.conversation.handle' } },
        url: `${bot.url}/v1/conversations/{{start.handle}}/turns${stream ? '?stream=true' : ''}`,
        body: { input: { text: '{{message}}' } },
        ...(stream ? { stream: 'sse' as const } : {}),
        response: stream
          ? { answer: '$[?@.event=="delta"].data.text', toolCalls: { path: '$[?@.event=="tool"].data', name: 'tool', arguments: 'input', result: 'output' } }
          : { answer: '$.reply.parts[*].text', toolCalls: { path: '$.trace.steps[?@.kind=="tool"]', name: 'tool', arguments: 'input', result: 'output' } },
      });
      const message = 'Come avviene la selezione per il bando CONC-2026-0101?';
      const [streamed, plain] = await Promise.all([true, false].map((s) => createTarget(config(s), deps).send({ message, history: [], vars: {} }, signal())));
      // Several parts (a sentence, then a bulleted list): joined by a newline, never glued.
      expect(plain!.text.split('\n').length).toBeGreaterThan(1);
      expect(streamed!.text).toBe(plain!.text);
      expect(streamed!.toolCalls.map((c) => c.name)).toEqual(['leggi_bando']);
    } finally {
      await bot.close();
    }
  });

  it('a stream with a broken line or no answer is malformed', async () => {
    server.answer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end('{"type":"text","delta":"a"}\n{not json\n');
    });
    const target = createTarget(
      { type: 'http', url: `${server.url}/chat`, body: { q: '{{message}}' }, stream: 'jsonl', response: { answer: '$[?@.type=="text"].delta' } },
      deps,
    );
    const err = await target.send({ message: 'x', history: [], vars: {} }, signal()).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'malformed' });
    expect((err as Error).message).toMatch(/line 2 of the JSON-lines stream is not JSON/);
  });
});
