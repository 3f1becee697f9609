/** Response mapping on RFC 9535 JSONPath: answers in parts, filtered events, tool calls in traces, cost, malformed answers. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkSpecSchema, caseVerdict, runChecks } from '../../shared/checks/index.ts';
import { playCase } from '../../shared/eval/play.ts';
import { createTarget, TargetError } from '../../shared/targets/index.ts';
import { mapResponse, responseMappingSchema, type ResponseMapping } from '../../shared/targets/response-mapping.ts';
import { json, startTargetServer, type TargetServer } from './target-server.ts';

const map = (mapping: Record<string, unknown>, body: unknown, defaultJoin?: string) =>
  mapResponse(responseMappingSchema.parse(mapping) as ResponseMapping, body, { defaultJoin });

// A trace of mixed steps, as a real (non-OpenAI) chatbot returned it.
const traced = {
  data: {
    trace: {
      steps: [
        { kind: 'status', text: 'Sto cercando…' },
        { kind: 'tool', tool: 'cerca_concorsi', input: { testo: 'infermieri Lazio' }, output: '1. C-104\n2. C-221' },
        { kind: 'text', text: 'Ho trovato due concorsi:' },
        { kind: 'tool', tool: 'scheda_concorso', input: '{"codice":"C-104"}', output: { titolo: 'Infermieri' } },
        { kind: 'text', text: 'C-104 e C-221.' },
      ],
    },
    billing: { usd: '0.0042' },
    tokens: [{ in: 100, out: 20 }, { in: 50, out: 10 }],
  },
};

describe('response mapping', () => {
  it('reads tool calls from a filtered trace with sub-paths relative to each step, and joins the reply parts', () => {
    const reply = map(
      {
        answer: 'data.trace.steps[?(@.kind=="text")].text',
        answerJoin: ' ',
        toolCalls: { path: 'data.trace.steps[?@.kind=="tool"]', name: '@.tool', arguments: 'input', result: '$.output' },
        usage: { tokensIn: '$.data.tokens[*].in', tokensOut: 'data.tokens[*].out' },
        cost: '$.data.billing.usd',
      },
      traced,
    );
    expect(reply.text).toBe('Ho trovato due concorsi: C-104 e C-221.'); // the status notice is not part of the reply
    expect(reply.toolCalls).toEqual([
      { name: 'cerca_concorsi', arguments: { testo: 'infermieri Lazio' }, result: '1. C-104\n2. C-221' },
      { name: 'scheda_concorso', arguments: { codice: 'C-104' }, result: { titolo: 'Infermieri' } },
    ]);
    expect(reply.usage).toEqual({ tokensIn: 150, tokensOut: 30, costUsd: 0.0042 });
  });

  it('joins stream deltas with nothing by default for streams, with a newline otherwise', () => {
    const events = [{ d: 'Buon' }, { d: 'giorno' }];
    expect(map({ answer: '$[*].d' }, events, '').text).toBe('Buongiorno');
    expect(map({ answer: '$[*].d' }, events).text).toBe('Buon\ngiorno');
    expect(map({ answer: 'parts' }, { parts: ['a', 'b'] }).text).toBe('a\nb');
  });

  it('keeps the old simple paths working', () => {
    const body = { choices: [{ message: { content: 'x' } }, { message: { content: 'y' } }], s: 7 };
    expect(map({ answer: 'choices[-1].message.content', sessionId: 's' }, body)).toEqual({ text: 'y', toolCalls: [], sessionId: '7' });
    expect(map({ answer: 'choices[0].message.content' }, body).text).toBe('x');
  });

  it.each([
    [{ answer: { text: 'ciao' } }, /the answer at "answer" is an object, not text/],
    [{ answer: 42 }, /the answer at "answer" is a number, not text/],
    [{ answer: [{ t: 'a' }] }, /the answer at "answer" is an array holding an object, not text/],
    [{ answer: true }, /is a boolean/],
    [{ other: 'x' }, /response has no answer at "answer"/],
    [{ answer: null }, /response has no answer at "answer"/],
  ])('a reply with %j at the answer path is malformed, naming path and type', (body, why) => {
    expect(() => map({ answer: 'answer' }, body)).toThrow(why);
  });

  it('a cost that is not a number is malformed; a missing cost is simply absent', () => {
    expect(() => map({ answer: 'a', cost: 'c' }, { a: 'x', c: { usd: 1 } })).toThrow(/the cost at "c" is an object/);
    expect(map({ answer: 'a', cost: 'c' }, { a: 'x' }).usage).toEqual({ tokensIn: 0, tokensOut: 0 });
  });

  it('rejects a bad path or an unknown key when the config is parsed', () => {
    expect(responseMappingSchema.safeParse({ answer: '$.steps[?@.kind==]' }).error?.issues[0]).toMatchObject({ path: ['answer'] });
    expect(responseMappingSchema.safeParse({ answer: 'a', toolcalls: 'x' }).success).toBe(false);
  });
});

describe('a malformed answer makes the case an error, not a fail', () => {
  let server: TargetServer;
  beforeEach(async () => {
    server = await startTargetServer();
  });
  afterEach(async () => server.close());

  it('an object at the answer path: TargetError malformed, the turn errored, the case outcome is error', async () => {
    server.answer((_req, res) => json(res, 200, { reply: { text: 'Il termine è il 31 gennaio 2027.' } }));
    const target = createTarget({ type: 'http', url: `${server.url}/chat`, body: { q: '{{message}}' }, response: { answer: '$.reply' } }, { prefix: 'unused' });
    const err = await target.send({ message: 'scadenza?', history: [], vars: {} }, AbortSignal.timeout(5000)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TargetError);
    expect(err).toMatchObject({ kind: 'malformed', retryable: false });
    expect((err as Error).message).toMatch(/answer at "\$\.reply" is an object, not text/);

    const played = await playCase(target, ['Qual è la scadenza?'], {}, AbortSignal.timeout(5000));
    expect(played.transcript.turns[0]?.error).toMatch(/^malformed: .*\$\.reply.*an object/);
    const checks = [checkSpecSchema.parse({ type: 'contains', value: '31 gennaio 2027' })];
    const verdict = caseVerdict(await runChecks(checks, { transcript: played.transcript, vars: {} }));
    expect(verdict.outcome).toBe('error');
  });
});
