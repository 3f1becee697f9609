/** The LLM client against a real OpenAI-compatible HTTP server, driving the real `openai` package. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig, type Config } from '../../shared/config.ts';
import { createLlm, llmForRole, llmTotals, unconfiguredReason, LlmTimeoutError } from '../../shared/llm/index.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

let infra: TestInfra;
let fake: FakeOpenAI;
let config: Config;

beforeAll(async () => {
  infra = await createTestInfra('llm client');
  fake = await startFakeOpenAI();
  config = loadConfig({
    ...infra.env,
    VAGLIO_LLM_BASE_URL: fake.baseURL,
    VAGLIO_LLM_API_KEY: 'sk-test',
    VAGLIO_JUDGE_MODEL: 'gpt-4o-mini',
    VAGLIO_SIMULATOR_MODEL: 'llama3.1:8b',
    VAGLIO_EMBEDDINGS_MODEL: 'text-embedding-3-small',
  });
});
afterAll(async () => {
  await fake?.close();
  await infra?.teardown();
});
beforeEach(() => fake.reset());

const verdictSchema = z.object({ verdict: z.enum(['pass', 'fail']), reason: z.string().min(1) });
const ask = [{ role: 'user' as const, content: 'Is the sky blue?' }];
const fast = { retry: { baseDelayMs: 10, maxDelayMs: 20 } };

describe('role configuration', () => {
  it('returns no client for a role without a model, and says why', async () => {
    expect(llmForRole(config, 'generator')).toBeUndefined();
    const r = await createLlm(config).completeStructured({ role: 'generator', messages: ask, schema: verdictSchema, name: 'v' });
    expect(r).toMatchObject({ ok: false, kind: 'unconfigured', error: unconfiguredReason('generator') });
    expect(unconfiguredReason('judge')).toBe('no judge model configured');
    expect(fake.requests).toHaveLength(0);
  });

  it('uses the per-role base URL over the shared one', () => {
    const c = loadConfig({ VAGLIO_LLM_BASE_URL: 'http://a.example/v1', VAGLIO_JUDGE_MODEL: 'm', VAGLIO_JUDGE_BASE_URL: 'http://b.example/v1' });
    expect(llmForRole(c, 'judge')?.settings.baseURL).toBe('http://b.example/v1');
  });
});

describe('structured output', () => {
  it('sends a JSON-schema response_format, the key, temperature 0 for judges, and parses the reply', async () => {
    fake.enqueue({ content: '{"verdict":"pass","reason":"correct"}' });
    const judge = llmForRole(config, 'judge', fast)!;
    const r = await judge.completeStructured({ messages: ask, schema: verdictSchema, name: 'verdict' });
    expect(r).toMatchObject({ ok: true, value: { verdict: 'pass', reason: 'correct' }, repaired: false });
    const [req] = fake.chatRequests();
    expect(req?.headers.authorization).toBe('Bearer sk-test');
    expect(req?.body.temperature).toBe(0);
    expect(req?.body.response_format?.type).toBe('json_schema');
    expect(req?.body.response_format?.json_schema?.schema).toMatchObject({ properties: { verdict: { enum: ['pass', 'fail'] } } });
  });

  it('extracts JSON from prose on a text-only server, with the schema in the prompt', async () => {
    fake.enqueue({ content: 'Sure! Here it is:\n```json\n{"verdict":"fail","reason":"says {green}"}\n```' });
    const judge = llmForRole(config, 'judge', { ...fast, structuredOutput: { judge: 'text' } })!;
    const r = await judge.completeStructured({ messages: ask, schema: verdictSchema, name: 'verdict' });
    expect(r).toMatchObject({ ok: true, value: { verdict: 'fail', reason: 'says {green}' } });
    const [req] = fake.chatRequests();
    expect(req?.body.response_format).toBeUndefined();
    expect(req?.body.messages?.at(-1)?.content).toContain('"verdict"');
  });

  it('repairs once by sending the validation error back', async () => {
    fake.enqueue({ content: '{"verdict":"maybe","reason":"unsure"}' }, { content: '{"verdict":"fail","reason":"wrong colour"}' });
    const judge = llmForRole(config, 'judge', fast)!;
    const r = await judge.completeStructured({ messages: ask, schema: verdictSchema, name: 'verdict' });
    expect(r).toMatchObject({ ok: true, value: { verdict: 'fail' }, repaired: true });
    const second = fake.chatRequests()[1]?.body.messages ?? [];
    expect(second.at(-2)).toEqual({ role: 'assistant', content: '{"verdict":"maybe","reason":"unsure"}' });
    expect(second.at(-1)?.content).toContain('verdict');
  });

  it('gives an error result with every raw output kept when the repair fails too', async () => {
    fake.enqueue({ content: 'I think it passes' }, { content: '{"verdict": "pass", "reason": ' });
    const judge = llmForRole(config, 'judge', fast)!;
    const r = await judge.completeStructured({ messages: ask, schema: verdictSchema, name: 'verdict' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.kind).toBe('invalid_output');
    expect(r.raw).toBe('{"verdict": "pass", "reason": ');
    expect(r.attempts).toEqual(['I think it passes', '{"verdict": "pass", "reason": ']);
    expect(fake.chatRequests()).toHaveLength(2);
  });
});

describe('retries and timeouts', () => {
  it('waits as long as Retry-After says on a 429, then succeeds', async () => {
    fake.enqueue({ status: 429, headers: { 'retry-after': '1' } }, { content: 'ok' });
    const sim = llmForRole(config, 'simulator', fast)!;
    const c = await sim.complete({ messages: ask });
    expect(c.text).toBe('ok');
    const [a, b] = fake.chatRequests();
    expect(b!.at - a!.at).toBeGreaterThanOrEqual(950);
  });

  it('retries 5xx up to the policy, then fails with the status', async () => {
    fake.setHandler(() => ({ status: 503 }));
    const sim = llmForRole(config, 'simulator', { retry: { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 10 } })!;
    await expect(sim.complete({ messages: ask })).rejects.toMatchObject({ status: 503 });
    expect(fake.chatRequests()).toHaveLength(3);
    fake.setHandler(() => ({ content: '{}' }));
  });

  it('does not retry a 400', async () => {
    fake.enqueue({ status: 400 });
    const sim = llmForRole(config, 'simulator', fast)!;
    await expect(sim.complete({ messages: ask })).rejects.toMatchObject({ status: 400 });
    expect(fake.chatRequests()).toHaveLength(1);
  });

  it('aborts a slow call at its timeout', async () => {
    fake.enqueue({ content: 'late', delayMs: 5_000 }, { content: 'late', delayMs: 5_000 });
    // 1 s: time for the request to reach the fake on a loaded machine (it must, to be counted), far below its 5 s delay.
    const sim = llmForRole(config, 'simulator', { timeoutMs: 1000, retry: { maxRetries: 1, baseDelayMs: 5 } })!;
    await expect(sim.complete({ messages: ask })).rejects.toBeInstanceOf(LlmTimeoutError);
    expect(fake.chatRequests()).toHaveLength(2);
  });

  it('stops at once when the caller aborts', async () => {
    fake.enqueue({ content: 'late', delayMs: 5_000 });
    const sim = llmForRole(config, 'simulator', fast)!;
    const ac = new AbortController();
    const p = sim.complete({ messages: ask, ctx: { signal: ac.signal } });
    // Abort once the request is in flight (a fixed pause may end before it arrives on a loaded machine).
    await expect.poll(() => fake.chatRequests().length, { timeout: 30_000 }).toBe(1);
    ac.abort(new Error('canceled by user'));
    await expect(p).rejects.toThrow();
    expect(fake.chatRequests()).toHaveLength(1);
  });
});

describe('cost ledger and cache', () => {
  it('writes one llm_calls row per call with tokens and cost, and totals per task and run', async () => {
    fake.enqueue(
      { content: 'a', usage: { prompt_tokens: 1_000_000, completion_tokens: 0 } },
      { content: 'b', usage: { prompt_tokens: 0, completion_tokens: 1_000_000 } },
    );
    const judge = llmForRole(config, 'judge', { db: infra.db, cache: false })!;
    await judge.complete({ messages: ask, ctx: { runId: 'r-cost', taskKey: 't1' } });
    await judge.complete({ messages: ask, ctx: { runId: 'r-cost', taskKey: 't2' } });
    const totals = await llmTotals(infra.db, 'r-cost');
    // gpt-4o-mini in the default table: $0.15 per M input, $0.60 per M output.
    expect(totals.tasks.t1).toMatchObject({ calls: 1, tokensIn: 1_000_000, tokensOut: 0 });
    expect(totals.tasks.t1?.costUsd).toBeCloseTo(0.15, 6);
    expect(totals.tasks.t2?.costUsd).toBeCloseTo(0.6, 6);
    expect(totals.run.calls).toBe(2);
    expect(totals.run.costUsd).toBeCloseTo(0.75, 6);
  });

  it('serves a second identical call from the cache: no HTTP request, recorded as cached at zero cost', async () => {
    fake.setHandler(() => ({ content: '{"verdict":"pass","reason":"fine"}' }));
    const judge = llmForRole(config, 'judge', { db: infra.db })!;
    const args = { messages: [{ role: 'user' as const, content: 'cache me' }], schema: verdictSchema, name: 'verdict' };
    const a = await judge.completeStructured({ ...args, ctx: { runId: 'r-cache', taskKey: 'k' } });
    const before = fake.requests.length;
    const b = await judge.completeStructured({ ...args, ctx: { runId: 'r-cache', taskKey: 'k' } });
    expect(fake.requests.length).toBe(before);
    expect(b).toEqual(a.ok ? { ...a, usage: { ...a.usage, tokensIn: 0, tokensOut: 0, costUsd: 0 } } : a);
    const totals = await llmTotals(infra.db, 'r-cache');
    expect(totals.run).toMatchObject({ calls: 2, cachedCalls: 1 });
    // A different sample index (k-sample voting) is a different request.
    await judge.completeStructured({ ...args, sample: 1 });
    expect(fake.requests.length).toBe(before + 1);
  });

  it('keeps an answered call when the rate limiter cannot be reached to release it: no retry, cached', async () => {
    fake.setHandler(() => ({ content: '{"verdict":"pass","reason":"fine"}' }));
    let released = 0;
    const limiterFactory = () => ({
      acquire: async () => async () => {
        released++;
        throw new Error('Redis is away');
      },
    });
    const judge = llmForRole(config, 'judge', { db: infra.db, limiterFactory, ...fast })!;
    const args = { messages: [{ role: 'user' as const, content: 'limiter away' }], schema: verdictSchema, name: 'verdict' };
    expect(await judge.completeStructured(args)).toMatchObject({ ok: true, value: { verdict: 'pass' } });
    expect(fake.requests).toHaveLength(1);
    expect(released).toBe(1);
    expect(await judge.completeStructured(args)).toMatchObject({ ok: true, value: { verdict: 'pass' } }); // from the cache:
    expect(fake.requests).toHaveLength(1);
  });

  it('records a failed call with its error', async () => {
    fake.enqueue({ status: 401 });
    const judge = llmForRole(config, 'judge', { db: infra.db, cache: false })!;
    await expect(judge.complete({ messages: ask, ctx: { runId: 'r-err', taskKey: 'x' } })).rejects.toThrow();
    const totals = await llmTotals(infra.db, 'r-err');
    expect(totals.run).toMatchObject({ calls: 1, errors: 1, costUsd: 0 });
  });

  it('keeps a reply holding a NUL (Postgres cannot store one): the same text with ␀ first and from the cache', async () => {
    fake.setHandler(() => ({ content: 'La scadenza è il 12 marzo.\u0000 Posti:\u0000 3' }));
    const judge = llmForRole(config, 'judge', { db: infra.db, ...fast })!;
    const args = { messages: [{ role: 'user' as const, content: 'nul in the reply' }], ctx: { runId: 'r-nul', taskKey: 'k' } };
    const first = await judge.complete(args);
    expect(first).toMatchObject({ text: 'La scadenza è il 12 marzo.\u2400 Posti:\u2400 3', cached: false });
    const again = await judge.complete(args);
    expect(again).toMatchObject({ text: first.text, cached: true });
    expect(fake.chatRequests()).toHaveLength(1);
    expect(await llmTotals(infra.db, 'r-nul')).toMatchObject({ run: { calls: 2, cachedCalls: 1, errors: 0 } });
    // Without the cache, the same text: what a caller gets does not depend on VAGLIO_LLM_CACHE.
    const uncached = llmForRole(config, 'judge', { db: infra.db, cache: false, ...fast })!;
    expect((await uncached.complete(args)).text).toBe(first.text);
  });

  it('a structured reply holding a raw NUL in a JSON string parses, with ␀ in the field, first and from the cache', async () => {
    fake.setHandler(() => ({ content: '{"verdict":"fail","reason":"manca la data\u0000"}' }));
    const judge = llmForRole(config, 'judge', { db: infra.db, ...fast })!;
    const args = { messages: [{ role: 'user' as const, content: 'nul in a structured reply' }], schema: verdictSchema, name: 'verdict', ctx: { runId: 'r-nul-json' } };
    const first = await judge.completeStructured(args);
    const again = await judge.completeStructured(args);
    for (const r of [first, again]) expect(r).toMatchObject({ ok: true, value: { verdict: 'fail', reason: 'manca la data\u2400' } });
    expect(fake.chatRequests()).toHaveLength(1);
  });

  it("records a failed call whose error holds a NUL, and throws the call's own error", async () => {
    fake.enqueue({ status: 400, body: { error: { message: 'unexpected byte \u0000 in the prompt', type: 'invalid_request_error' } } });
    const judge = llmForRole(config, 'judge', { db: infra.db, cache: false })!;
    await expect(judge.complete({ messages: ask, ctx: { runId: 'r-nul-err', taskKey: 'x' } })).rejects.toMatchObject({ status: 400 });
    const [row] = await infra.sql<{ error: string }[]>`select error from llm_calls where run_id = 'r-nul-err'`;
    expect(row?.error).toContain('unexpected byte \u2400 in the prompt');
  });

  it('embeds texts in input order', async () => {
    fake.enqueue({ embeddings: [[1, 0], [0, 1]] });
    const emb = llmForRole(config, 'embeddings', { db: infra.db, cache: false })!;
    expect(await emb.embed(['uno', 'due'])).toEqual([[1, 0], [0, 1]]);
    expect(fake.requests[0]?.body.input).toEqual(['uno', 'due']);
  });
});
