/** The Direct Line adapter (Copilot Studio / Bot Framework) against a local Direct Line 3.0 server. */
import { afterEach, describe, expect, it } from 'vitest';
import { playCase } from '../../shared/eval/play.ts';
import { createTarget, loadTargetConfig, TargetError, type TargetConfigInput } from '../../shared/targets/index.ts';
import { startDirectLineServer, type BotActivity, type DirectLineServer } from './directline-server.ts';

const SECRET = 'dl-secret-8c41f0b2e9d7a635';
process.env.VAGLIO_TARGET_DL_SECRET = SECRET;

let server: DirectLineServer | undefined;
afterEach(async () => server?.close());

const config = (url: string, over: Record<string, unknown> = {}): TargetConfigInput =>
  ({ type: 'directline', baseUrl: url, secret: '${env:VAGLIO_TARGET_DL_SECRET}', pollIntervalMs: 20, replyTimeoutMs: 2000, retryBaseMs: 5, ...over }) as TargetConfigInput;

// A Copilot-Studio-like bot: typing, a tool call as an event activity, then the reply (in two messages for a search).
function bot(text: string, turn: number): BotActivity[] {
  if (/cerca/i.test(text)) {
    return [
      { type: 'typing' },
      { type: 'event', name: 'tool', value: { tool: 'RicercaBandi', args: { query: text }, output: 'BX-11; BX-12' } },
      { type: 'message', text: 'Ho trovato 2 bandi:' },
      { type: 'message', text: 'BX-11 e BX-12.' },
    ];
  }
  return [{ type: 'typing' }, { type: 'message', text: `Risposta ${turn}: ${text}` }];
}

describe('directline target', () => {
  it('starts a conversation, posts each turn, polls until the reply and keeps the conversation', async () => {
    server = await startDirectLineServer({ secret: SECRET, bot });
    const target = createTarget(config(server.url), { prefix: 'unused' });
    const played = await playCase(target, ['Buongiorno', 'E la scadenza?'], {}, AbortSignal.timeout(5000));
    expect(played.error).toBeUndefined();
    expect(played.transcript.turns.map((t) => t.assistant)).toEqual(['Risposta 1: Buongiorno', 'Risposta 2: E la scadenza?']);
    expect(played.transcript.sessionId).toBe('DL1abc-us');
    const starts = server.requests.filter((r) => r.path === '/v3/directline/conversations');
    expect(starts).toHaveLength(1);
    expect(starts[0]?.auth).toBe(`Bearer ${SECRET}`);
    // Later calls use the conversation's token, and the watermark moves on.
    const polls = server.requests.filter((r) => r.method === 'GET');
    expect(polls.every((p) => p.auth?.startsWith('Bearer tok.1.'))).toBe(true);
    expect(polls.some((p) => /watermark=\d+/.test(p.path))).toBe(true);
    // Nothing stored holds the secret or the token.
    expect(JSON.stringify(played.transcript)).not.toMatch(/dl-secret|tok\.1\./);
  });

  it('maps tool calls sent as event activities and collects follow-up messages for settleMs', async () => {
    server = await startDirectLineServer({ secret: SECRET, bot, gapMs: 40 });
    const target = createTarget(
      config(server.url, {
        settleMs: 300,
        response: {
          answer: '$[?@.type=="message"].text',
          answerJoin: ' ',
          toolCalls: { path: '$[?@.type=="event" && @.name=="tool"].value', name: 'tool', arguments: 'args', result: 'output' },
        },
      }),
      { prefix: 'unused' },
    );
    const reply = await target.send({ message: 'cerca bandi in Umbria', history: [], vars: {} }, AbortSignal.timeout(5000));
    expect(reply.text).toBe('Ho trovato 2 bandi: BX-11 e BX-12.');
    expect(reply.toolCalls).toEqual([{ name: 'RicercaBandi', arguments: { query: 'cerca bandi in Umbria' }, result: 'BX-11; BX-12' }]);
  });

  it('a bot that never replies is a timeout error; a wrong secret an http error without the secret', async () => {
    server = await startDirectLineServer({ secret: SECRET, bot: () => [{ type: 'typing' }] });
    const silent = createTarget(config(server.url, { replyTimeoutMs: 200 }), { prefix: 'unused' });
    const err = await silent.send({ message: 'ciao', history: [], vars: {} }, AbortSignal.timeout(5000)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TargetError);
    expect(err).toMatchObject({ kind: 'timeout', retryable: true });

    process.env.VAGLIO_TARGET_DL_WRONG = 'not-the-secret-123';
    const wrong = createTarget(config(server.url, { secret: '${env:VAGLIO_TARGET_DL_WRONG}' }), { prefix: 'unused' });
    const denied = await wrong.send({ message: 'ciao', history: [], vars: {} }, AbortSignal.timeout(5000)).catch((e: unknown) => e);
    expect(denied).toMatchObject({ kind: 'http', status: 403 });
    expect((denied as Error).message).not.toContain('not-the-secret-123');
  });

  it('a message with no text at the answer path is malformed', async () => {
    server = await startDirectLineServer({ secret: SECRET, bot: () => [{ type: 'message', value: { card: true } }] });
    const target = createTarget(config(server.url), { prefix: 'unused' });
    const err = await target.send({ message: 'ciao', history: [], vars: {} }, AbortSignal.timeout(5000)).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'malformed' });
    expect((err as Error).message).toMatch(/no answer at/);
  });

  it('the example target file loads', async () => {
    const c = await loadTargetConfig(new URL('../../scenarios/targets/copilot-studio.yaml', import.meta.url).pathname);
    expect(c.type).toBe('directline');
  });
});
