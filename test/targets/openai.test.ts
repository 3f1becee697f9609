/** Contract tests of the OpenAI chat-completions target adapter against a real HTTP server. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTarget, TargetError, type TargetConfigInput } from '../../shared/targets/index.ts';
import { json, startTargetServer, type TargetServer } from './target-server.ts';

const KEY = 'sk-proj-0c5e1a77d2b94f3e';
process.env.VAGLIO_TARGET_TEST_OPENAI_KEY = KEY;

let server: TargetServer;
beforeEach(async () => {
  server = await startTargetServer();
});
afterEach(async () => server.close());

const deps = { prefix: 'unused' };
function config(over: Record<string, unknown> = {}): TargetConfigInput {
  return {
    type: 'openai',
    baseUrl: `${server.url}/v1/`,
    model: 'pa-assistant',
    apiKey: '${env:VAGLIO_TARGET_TEST_OPENAI_KEY}',
    systemPrompt: 'Sei l’assistente di {{vars.ente}}.',
    temperature: 0,
    retryBaseMs: 10,
    ...over,
  } as TargetConfigInput;
}

function completion(message: Record<string, unknown>, usage = { prompt_tokens: 50, completion_tokens: 7 }) {
  return { id: 'c1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }], usage };
}

async function failure(p: Promise<unknown>): Promise<TargetError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TargetError);
  return err as TargetError;
}

const history = [
  { role: 'user' as const, content: 'ciao' },
  { role: 'assistant' as const, content: 'Buongiorno!' },
];

describe('openai target', () => {
  it('sends system prompt, history and message; maps text, tool calls and usage', async () => {
    server.answer((_req, res) =>
      json(
        res,
        200,
        completion({
          content: null,
          tool_calls: [
            { id: 't1', type: 'function', function: { name: 'search_bandi', arguments: '{"profilo":"istruttore","regione":"Puglia"}' } },
          ],
        }),
      ),
    );
    const target = createTarget(config(), deps);
    const reply = await target.send({ message: 'bandi in Puglia?', history, vars: { ente: 'inPA' } }, AbortSignal.timeout(5000));
    const req = server.received[0];
    expect(req?.url).toBe('/v1/chat/completions');
    expect(req?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req?.body).toEqual({
      model: 'pa-assistant',
      temperature: 0,
      messages: [{ role: 'system', content: 'Sei l’assistente di inPA.' }, ...history, { role: 'user', content: 'bandi in Puglia?' }],
    });
    expect(reply.text).toBe('');
    expect(reply.toolCalls).toEqual([{ name: 'search_bandi', arguments: { profilo: 'istruttore', regione: 'Puglia' } }]);
    expect(reply.usage).toEqual({ tokensIn: 50, tokensOut: 7 });
  });

  it('returns the assistant text', async () => {
    server.answer((_req, res) => json(res, 200, completion({ content: 'Ecco i bandi.' })));
    const reply = await createTarget(config(), deps).send({ message: 'x', history: [], vars: { ente: 'inPA' } }, AbortSignal.timeout(5000));
    expect(reply).toMatchObject({ text: 'Ecco i bandi.', toolCalls: [] });
  });

  it('retries a 5xx and honours Retry-After on 429', async () => {
    server.answer((_req, res, i) => {
      if (i === 0) return json(res, 502, { error: 'bad gateway' });
      if (i === 1) return json(res, 429, { error: 'rate' }, { 'retry-after': '1' });
      json(res, 200, completion({ content: 'ok' }));
    });
    const reply = await createTarget(config(), deps).send({ message: 'x', history: [], vars: { ente: 'e' } }, AbortSignal.timeout(5000));
    expect(reply.text).toBe('ok');
    expect(server.received).toHaveLength(3);
    expect((server.received[2]?.at ?? 0) - (server.received[1]?.at ?? 0)).toBeGreaterThanOrEqual(1000 - 25);
  });

  it('times out and closes the request', async () => {
    server.answer(() => {});
    const err = await failure(
      // 2 s: time for the request to reach the server on a loaded machine (it must, to be abandoned).
      createTarget(config({ timeoutMs: 2000 }), deps).send({ message: 'x', history: [], vars: { ente: 'e' } }, AbortSignal.timeout(30_000)),
    );
    expect(err.kind).toBe('timeout');
    await server.abandoned;
  });

  it('treats a response that is not a chat completion as malformed', async () => {
    server.answer((_req, res) => json(res, 200, { choices: [] }));
    const err = await failure(createTarget(config(), deps).send({ message: 'x', history: [], vars: { ente: 'e' } }, AbortSignal.timeout(5000)));
    expect(err).toMatchObject({ kind: 'malformed', retryable: false });
    expect(err.message).toContain('choices');
  });

  it('keeps the API key out of raw and errors when the server echoes it', async () => {
    server.answer((req, res, i) =>
      i === 0
        ? json(res, 200, { ...completion({ content: `key ${req.headers.authorization}` }), echo: req.headers })
        : json(res, 401, { error: `invalid key ${req.headers.authorization}` }),
    );
    const target = createTarget(config(), deps);
    const reply = await target.send({ message: 'x', history: [], vars: { ente: 'e' } }, AbortSignal.timeout(5000));
    expect(JSON.stringify(reply)).not.toContain(KEY);
    expect(reply.text).toBe('key Bearer ***');
    const err = await failure(target.send({ message: 'x', history: [], vars: { ente: 'e' } }, AbortSignal.timeout(5000)));
    expect(err).toMatchObject({ kind: 'http', status: 401, retryable: false });
    expect(err.message).toContain('Bearer ***');
    expect(err.message).not.toContain(KEY);
  });
});
