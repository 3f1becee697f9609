/** Contract tests of the http target adapter against a real HTTP server. */
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTarget, TargetConfigError, TargetError, type TargetConfigInput } from '../../shared/targets/index.ts';
import { closedPort, json, startTargetServer, type TargetServer } from './target-server.ts';

const SECRET = 'sk-live-7f3a9c2e4b1d8f60';
process.env.VAGLIO_TARGET_TEST_TOKEN = SECRET;

let server: TargetServer;
beforeEach(async () => {
  server = await startTargetServer();
});
afterEach(async () => server.close());

const deps = { prefix: 'unused' };
const turn = (message: string, extra: Partial<Parameters<ReturnType<typeof createTarget>['send']>[0]> = {}) => ({
  message,
  history: [],
  vars: {},
  ...extra,
});

function demoConfig(over: Record<string, unknown> = {}): TargetConfigInput {
  return {
    type: 'http',
    url: `${server.url}/chat`,
    headers: { Authorization: 'Bearer ${env:VAGLIO_TARGET_TEST_TOKEN}' },
    body: { message: '{{message}}', sessionId: '{{sessionId}}' },
    mode: 'stateful',
    retryBaseMs: 10,
    response: {
      answer: 'answer',
      toolCalls: { path: 'toolCalls[*]', name: 'name', arguments: 'arguments', result: 'result' },
      sessionId: 'sessionId',
      usage: { tokensIn: 'usage.in', tokensOut: 'usage.out' },
    },
    ...over,
  } as TargetConfigInput;
}

async function failure(p: Promise<unknown>): Promise<TargetError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TargetError);
  return err as TargetError;
}

describe('http target', () => {
  it('sends the rendered request and maps answer, tool calls, usage and session id', async () => {
    server.answer((_req, res) =>
      json(res, 200, {
        answer: 'Ho trovato 2 concorsi.',
        toolCalls: [
          { name: 'search_bandi', arguments: '{"regione":"Lazio","limit":5}', result: [{ id: 'b1' }] },
          { name: 'get_bando', arguments: { id: 'b1' } },
        ],
        sessionId: 's-42',
        usage: { in: 120, out: 35 },
      }),
    );
    const target = createTarget(
      demoConfig({ url: `${server.url}/chat/{{vars.tenant}}`, body: { message: '{{message}}', sessionId: '{{sessionId}}', n: 3 } }),
      deps,
    );
    const reply = await target.send(turn('concorsi Lazio?', { vars: { tenant: 'pa/1' } }), AbortSignal.timeout(5000));

    const req = server.received[0];
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/chat/pa%2F1');
    expect(req?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.body).toEqual({ message: 'concorsi Lazio?', n: 3 }); // no session yet: key left out
    expect(reply.text).toBe('Ho trovato 2 concorsi.');
    expect(reply.toolCalls).toEqual([
      { name: 'search_bandi', arguments: { regione: 'Lazio', limit: 5 }, result: [{ id: 'b1' }] },
      { name: 'get_bando', arguments: { id: 'b1' } },
    ]);
    expect(reply.usage).toEqual({ tokensIn: 120, tokensOut: 35 });
    expect(reply.sessionId).toBe('s-42');
    expect(reply.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('reads OpenAI-shaped tool calls from a plain path and keeps non-JSON arguments raw', async () => {
    server.answer((_req, res) =>
      json(res, 200, {
        data: { answer: 'fatto' },
        tool_calls: [
          { function: { name: 'search', arguments: '{"q":"infermieri"}' } },
          { function: { name: 'fetch', arguments: 'not json' } },
        ],
      }),
    );
    const target = createTarget(
      { type: 'http', url: server.url, body: { q: '{{message}}' }, response: { answer: 'data.answer', toolCalls: 'tool_calls[*]' } },
      deps,
    );
    const reply = await target.send(turn('x'), AbortSignal.timeout(5000));
    expect(reply.toolCalls).toEqual([
      { name: 'search', arguments: { q: 'infermieri' } },
      { name: 'fetch', arguments: { _raw: 'not json' } },
    ]);
  });

  it('stateful: sends back the session id the target gave, not the history', async () => {
    server.answer((req, res, i) => json(res, 200, { answer: `a${i}`, sessionId: 'sess-1', echo: req.body }));
    const target = createTarget(demoConfig({ body: { message: '{{message}}', sessionId: '{{sessionId}}', history: '{{history}}' } }), deps);
    const first = await target.send(turn('ciao'), AbortSignal.timeout(5000));
    await target.send(
      turn('e poi?', { sessionId: first.sessionId, history: [{ role: 'user', content: 'ciao' }, { role: 'assistant', content: first.text }] }),
      AbortSignal.timeout(5000),
    );
    expect(server.received.map((r) => r.body)).toEqual([
      { message: 'ciao', history: [] },
      { message: 'e poi?', sessionId: 'sess-1', history: [] },
    ]);
  });

  it('stateless: sends the whole conversation every turn and no session id', async () => {
    server.answer((_req, res, i) => json(res, 200, { answer: `a${i}`, sessionId: 'ignored' }));
    const target = createTarget(
      { type: 'http', url: server.url, mode: 'stateless', body: { messages: '{{messages}}', sessionId: '{{sessionId}}', note: 'turn of {{message}}' }, response: { answer: 'answer' } },
      deps,
    );
    const history = [
      { role: 'user' as const, content: 'ciao' },
      { role: 'assistant' as const, content: 'a0' },
    ];
    await target.send(turn('e poi?', { history, sessionId: 'ignored' }), AbortSignal.timeout(5000));
    expect(server.received[0]?.body).toEqual({
      messages: [...history, { role: 'user', content: 'e poi?' }],
      note: 'turn of e poi?',
    });
  });

  it('gives up at timeoutMs and really aborts the request (the server sees the socket close)', async () => {
    server.answer(() => {}); // never answers
    // 2 s: time for the request to reach the server on a loaded machine (it must, to be abandoned).
    const target = createTarget(demoConfig({ timeoutMs: 2000, retries: 2 }), deps);
    const err = await failure(target.send(turn('lento'), AbortSignal.timeout(10_000)));
    expect(err.kind).toBe('timeout');
    expect(err.retryable).toBe(true);
    await server.abandoned;
    expect(server.received).toHaveLength(1); // a timeout is not retried inside the adapter
  });

  it('stops at once when the caller aborts, closing the request', async () => {
    server.answer(() => {});
    const target = createTarget(demoConfig(), deps);
    const controller = new AbortController();
    const sending = target.send(turn('x'), controller.signal);
    // Abort once the server has the request (a fixed pause may end before it arrives on a loaded machine).
    await expect.poll(() => server.received.length, { timeout: 30_000 }).toBe(1);
    controller.abort(new Error('run cancelled'));
    const err = await failure(sending);
    expect(err.kind).toBe('aborted');
    expect(err.retryable).toBe(false);
    await server.abandoned;
  });

  it('retries a 500 and returns the later success', async () => {
    server.answer((_req, res, i) => (i === 0 ? json(res, 500, { error: 'boom' }) : json(res, 200, { answer: 'ok', sessionId: 's' })));
    const reply = await createTarget(demoConfig(), deps).send(turn('x'), AbortSignal.timeout(5000));
    expect(reply.text).toBe('ok');
    expect(server.received).toHaveLength(2);
  });

  it('after `retries` failures throws a retryable http error with the status', async () => {
    server.answer((_req, res) => json(res, 503, { error: 'down' }));
    const err = await failure(createTarget(demoConfig({ retries: 2 }), deps).send(turn('x'), AbortSignal.timeout(5000)));
    expect(err).toMatchObject({ kind: 'http', status: 503, retryable: true, attempts: 3 });
    expect(server.received).toHaveLength(3);
  });

  it('does not retry a 400', async () => {
    server.answer((_req, res) => json(res, 400, { error: 'bad' }));
    const err = await failure(createTarget(demoConfig(), deps).send(turn('x'), AbortSignal.timeout(5000)));
    expect(err).toMatchObject({ kind: 'http', status: 400, retryable: false });
    expect(server.received).toHaveLength(1);
  });

  it('waits as long as a 429 Retry-After says before trying again', async () => {
    server.answer((_req, res, i) =>
      i === 0 ? json(res, 429, { error: 'slow down' }, { 'retry-after': '1' }) : json(res, 200, { answer: 'ok', sessionId: 's' }),
    );
    const reply = await createTarget(demoConfig(), deps).send(turn('x'), AbortSignal.timeout(5000));
    expect(reply.text).toBe('ok');
    const [a, b] = server.received;
    expect((b?.at ?? 0) - (a?.at ?? 0)).toBeGreaterThanOrEqual(1000 - 25); // clock granularity
  });

  it('reports a network error after retrying', async () => {
    const port = await closedPort();
    const err = await failure(
      createTarget(demoConfig({ url: `http://127.0.0.1:${port}/chat`, retries: 1 }), deps).send(turn('x'), AbortSignal.timeout(5000)),
    );
    expect(err).toMatchObject({ kind: 'network', retryable: true, attempts: 2 });
  });

  it('treats a body that is not JSON as malformed, without retrying', async () => {
    server.answer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>Service Unavailable</html>');
    });
    const err = await failure(createTarget(demoConfig(), deps).send(turn('x'), AbortSignal.timeout(5000)));
    expect(err).toMatchObject({ kind: 'malformed', retryable: false });
    expect(err.message).toContain('not JSON');
    expect(server.received).toHaveLength(1);
  });

  it('treats JSON without the mapped answer as malformed, naming the path', async () => {
    server.answer((_req, res) => json(res, 200, { reply: 'wrong field' }));
    const err = await failure(createTarget(demoConfig(), deps).send(turn('x'), AbortSignal.timeout(5000)));
    expect(err.kind).toBe('malformed');
    expect(err.message).toContain('"answer"');
  });

  it('never lets a resolved secret reach error messages or raw, even when the target echoes it', async () => {
    server.answer((req, res, i) => {
      if (i === 0) return json(res, 200, { answer: `you sent ${req.headers.authorization}`, sessionId: 's', headers: req.headers });
      if (i === 1) return json(res, 500, { error: `bad token ${req.headers.authorization}` });
      res.end(`not json: ${req.headers.authorization}`);
    });
    const target = createTarget(demoConfig({ retries: 0 }), deps);
    const reply = await target.send(turn('x'), AbortSignal.timeout(5000));
    expect(server.received[0]?.headers.authorization).toBe(`Bearer ${SECRET}`); // it was really sent
    expect(JSON.stringify(reply)).not.toContain(SECRET);
    expect(JSON.stringify(reply.raw)).toContain('Bearer ***');
    for (let i = 0; i < 2; i++) {
      const err = await failure(target.send(turn('x'), AbortSignal.timeout(5000)));
      expect(err.message).toContain('***');
      expect(`${err.message} ${err.stack ?? ''} ${JSON.stringify(err)}`).not.toContain(SECRET);
    }
  });

  it('never resolves ${env:…} written in the user message', async () => {
    server.answer((_req, res) => json(res, 200, { answer: 'ok', sessionId: 's' }));
    await createTarget(demoConfig(), deps).send(turn('show ${env:VAGLIO_TARGET_TEST_TOKEN}'), AbortSignal.timeout(5000));
    expect(server.received[0]?.body).toEqual({ message: 'show ${env:VAGLIO_TARGET_TEST_TOKEN}' });
  });

  it('fails with a config error naming an unset env var or a missing case var', async () => {
    const unset = createTarget(demoConfig({ headers: { 'x-key': '${env:VAGLIO_TARGET_TEST_UNSET_VAR}' } }), deps);
    await expect(unset.send(turn('x'), AbortSignal.timeout(5000))).rejects.toThrow(/VAGLIO_TARGET_TEST_UNSET_VAR is not set/);
    const novar = createTarget(demoConfig({ url: `${server.url}/{{vars.ente}}` }), deps);
    await expect(novar.send(turn('x'), AbortSignal.timeout(5000))).rejects.toBeInstanceOf(TargetConfigError);
    expect(server.received).toHaveLength(0);
  });

  it('hands non-JSON bodies to a transform module', async () => {
    server.answer((_req, res) => res.end('data: {"delta":"Ciao, ","session":"t-1"}\ndata: {"tool":"search"}\ndata: {"delta":"eccomi"}\n'));
    const transform = fileURLToPath(new URL('./fixtures/sse-transform.ts', import.meta.url));
    const target = createTarget({ type: 'http', url: server.url, body: { q: '{{message}}' }, transform }, deps);
    const reply = await target.send(turn('x'), AbortSignal.timeout(5000));
    expect(reply).toMatchObject({ text: 'Ciao, eccomi', toolCalls: [{ name: 'search', arguments: {} }], sessionId: 't-1' });
  });

  it('rejects configs that cannot work when they are parsed', () => {
    const base = { type: 'http', url: 'http://x', body: { q: '{{message}}' }, response: { answer: 'a' } };
    expect(() => createTarget({ ...base, body: { q: '{{mesage}}' } } as TargetConfigInput, deps)).toThrow(/unknown placeholder \{\{mesage\}\}/);
    expect(() => createTarget({ ...base, mode: 'stateful' } as TargetConfigInput, deps)).toThrow(/sessionId/);
    expect(() => createTarget({ ...base, response: { answer: 'a[' } } as TargetConfigInput, deps)).toThrow(/bad path/);
    expect(() => createTarget({ type: 'http', url: 'http://x' } as TargetConfigInput, deps)).toThrow(/response mapping or a transform/);
  });
});
