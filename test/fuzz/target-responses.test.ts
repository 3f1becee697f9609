/**
 * Hostile target responses: random JSON, truncated JSON and non-JSON bodies become a reply or a
 * TargetError of kind 'malformed', never a crash — the pure mapping 10,000 times, a real server a few hundred.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTarget, TargetError, targetConfigSchema } from '../../shared/targets/index.ts';
import { mapResponse, MappingError, responseMappingSchema } from '../../shared/targets/response-mapping.ts';
import { FUZZ_RUNS, FUZZ_TEST_TIMEOUT_MS, fuzzParams } from './budget.ts';

const MAPPINGS = [
  { answer: 'answer' },
  { answer: 'choices[0].message.content', toolCalls: 'choices[0].message.tool_calls[*]', usage: { tokensIn: 'usage.prompt_tokens', tokensOut: 'usage.completion_tokens' } },
  { answer: 'answer', toolCalls: { path: 'toolCalls[*]', name: 'name', arguments: 'arguments', result: 'result' }, sessionId: 'sessionId' },
  { answer: 'data.reply', toolCalls: 'steps[*]', sessionId: 'data.session' },
].map((m) => responseMappingSchema.parse(m));

// Bodies shaped like what the mappings expect, with any value anywhere, plus any JSON at all.
const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.json().map((j) => JSON.parse(j) as unknown));
const shaped = fc.record(
  {
    answer: value,
    toolCalls: fc.oneof(value, fc.array(fc.oneof(value, fc.record({ name: value, arguments: value, result: value }, { requiredKeys: [] })), { maxLength: 4 })),
    choices: fc.array(fc.record({ message: fc.record({ content: value, tool_calls: fc.array(fc.oneof(value, fc.record({ function: fc.record({ name: value, arguments: value }) })), { maxLength: 3 }) }, { requiredKeys: [] }) }), { maxLength: 2 }),
    usage: fc.record({ prompt_tokens: value, completion_tokens: value }, { requiredKeys: [] }),
    sessionId: value,
    data: fc.record({ reply: value, session: value }, { requiredKeys: [] }),
    steps: fc.array(value, { maxLength: 3 }),
  },
  { requiredKeys: [] },
);
const anyJson = fc.json({ maxDepth: 4 }).map((j) => JSON.parse(j) as unknown);

/** The adapter's path from body text to reply, without the network: parse, then map. */
function mapText(mappingIndex: number, text: string): 'reply' | 'malformed' {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'malformed';
  }
  try {
    const r = mapResponse(MAPPINGS[mappingIndex % MAPPINGS.length]!, body);
    expect(typeof r.text).toBe('string');
    for (const c of r.toolCalls) expect(typeof c.name === 'string' && c.name !== '' && typeof c.arguments === 'object').toBe(true);
    if (r.usage) expect(Number.isInteger(r.usage.tokensIn) && r.usage.tokensIn >= 0 && Number.isInteger(r.usage.tokensOut) && r.usage.tokensOut >= 0).toBe(true);
    return 'reply';
  } catch (err) {
    if (err instanceof MappingError) return 'malformed';
    throw err;
  }
}

const bodyText = fc.oneof(
  fc.tuple(shaped, fc.nat()).map(([b, cut]) => {
    const s = JSON.stringify(b);
    return cut % 4 === 0 ? s.slice(0, cut % (s.length + 1)) : s; // one in four truncated
  }),
  anyJson.map((j) => JSON.stringify(j)),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

describe('fuzzing target responses', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it(`the response mapping: ${FUZZ_RUNS} random, truncated and non-JSON bodies → reply or MappingError`, () => {
    const seen = { n: 0 };
    const tally = { reply: 0, malformed: 0 };
    fc.assert(fc.property(fc.nat(), bodyText, (m, text) => void tally[mapText(m, text)]++), fuzzParams(seen));
    expect(seen.n).toBe(FUZZ_RUNS);
    expect(tally.reply).toBeGreaterThan(0);
    expect(tally.malformed).toBeGreaterThan(0);
  });

  describe('through the real http adapter and a real server', () => {
    let server: Server;
    let url = '';
    let next = { status: 200, type: 'application/json', body: '' };
    beforeAll(async () => {
      server = createServer((req, res) => {
        req.resume();
        req.on('end', () => res.writeHead(next.status, { 'content-type': next.type }).end(next.body));
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('300 hostile bodies: a reply or a non-retryable malformed TargetError, never a crash', async () => {
      const targets = MAPPINGS.map((response) =>
        createTarget(targetConfigSchema.parse({ type: 'http', url: `${url}/chat`, body: { message: '{{message}}' }, response, retries: 0, timeoutMs: 5_000 }), { prefix: 'fuzz' }),
      );
      const seen = { n: 0 };
      const tally = { reply: 0, malformed: 0 };
      await fc.assert(
        fc.asyncProperty(fc.nat(), bodyText, fc.constantFrom('application/json', 'text/html', 'text/plain'), async (m, text, type) => {
          next = { status: 200, type, body: text };
          try {
            const reply = await targets[m % targets.length]!.send({ message: 'ciao', history: [], vars: {} }, AbortSignal.timeout(10_000));
            expect(typeof reply.text).toBe('string');
            tally.reply++;
          } catch (err) {
            expect(err).toBeInstanceOf(TargetError);
            expect((err as TargetError).kind).toBe('malformed');
            expect((err as TargetError).retryable).toBe(false);
            tally.malformed++;
          }
        }),
        fuzzParams(seen, 300),
      );
      expect(seen.n).toBe(300);
      expect(tally.reply).toBeGreaterThan(0);
      expect(tally.malformed).toBeGreaterThan(0);
    });
  });
});
