import { describe, expect, it } from 'vitest';
import { runCheck } from '../../shared/checks/registry.ts';
import type { CheckSpecInput } from '../../shared/checks/schema.ts';
import { check, spec, transcript, type TurnInput } from './helpers.ts';

const usage = { tokensIn: 900, tokensOut: 300, costUsd: 0.004 };

describe('latency, token and cost budgets', () => {
  const table: Array<[string, CheckSpecInput, TurnInput, 'pass' | 'fail' | 'invalid']> = [
    ['latency within', { type: 'latency', maxMs: 2000 }, { assistant: 'ok', latencyMs: 1500 }, 'pass'],
    ['latency over', { type: 'latency', maxMs: 1000 }, { assistant: 'ok', latencyMs: 1500 }, 'fail'],
    ['latency unknown', { type: 'latency', maxMs: 1000 }, { assistant: 'ok' }, 'invalid'],
    ['tokens within', { type: 'token-budget', maxTokens: 1200 }, { assistant: 'ok', usage }, 'pass'],
    ['tokens over', { type: 'token-budget', maxTokens: 1000 }, { assistant: 'ok', usage }, 'fail'],
    ['output tokens only', { type: 'token-budget', maxTokens: 300, count: 'out' }, { assistant: 'ok', usage }, 'pass'],
    ['input tokens only', { type: 'token-budget', maxTokens: 300, count: 'in' }, { assistant: 'ok', usage }, 'fail'],
    ['tokens unknown', { type: 'token-budget', maxTokens: 300 }, { assistant: 'ok' }, 'invalid'],
    ['cost within', { type: 'cost-budget', maxUsd: 0.01 }, { assistant: 'ok', usage }, 'pass'],
    ['cost over', { type: 'cost-budget', maxUsd: 0.001 }, { assistant: 'ok', usage }, 'fail'],
    ['cost unknown', { type: 'cost-budget', maxUsd: 0.001 }, { assistant: 'ok', usage: { tokensIn: 1, tokensOut: 1 } }, 'invalid'],
  ];
  it.each(table)('%s', async (_name, input, turn, outcome) => {
    expect((await check(input, turn)).outcome).toBe(outcome);
  });

  it('says in its reason what was measured against which limit', async () => {
    expect((await check({ type: 'latency', maxMs: 1000 }, { assistant: 'ok', latencyMs: 1500 })).reason).toBe('latency 1500 ms, over the limit of 1000 ms');
    expect((await check({ type: 'token-budget', maxTokens: 1000 }, { assistant: 'ok', usage })).reason).toBe('tokens (input + output) 1200, over the limit of 1000');
    expect((await check({ type: 'token-budget', maxTokens: 300, count: 'out' }, { assistant: 'ok', usage })).reason).toBe('output tokens 300, within the limit of 300');
    expect((await check({ type: 'cost-budget', maxUsd: 0.001 }, { assistant: 'ok', usage })).reason).toBe('cost 0.0040 USD, over the limit of 0.001 USD');
  });

  it('sums over the conversation with total: true', async () => {
    const t = transcript({ assistant: 'a', latencyMs: 600 }, { assistant: 'b', latencyMs: 600 });
    expect((await runCheck(spec({ type: 'latency', maxMs: 1000 }), { vars: {}, transcript: t })).outcome).toBe('pass');
    expect((await runCheck(spec({ type: 'latency', maxMs: 1000, total: true }), { vars: {}, transcript: t })).outcome).toBe('fail');
  });
});

describe('cost-budget without a cost says what is missing', () => {
  it('tokens but no price: names `pricing`', async () => {
    const r = await check({ type: 'cost-budget', maxUsd: 0.001 }, { assistant: 'ok', usage: { tokensIn: 10, tokensOut: 5 } });
    expect(r.outcome).toBe('invalid');
    expect(r.reason).toContain('token usage but no cost: add `pricing`');
  });
  it('no usage at all: nothing to price', async () => {
    const r = await check({ type: 'cost-budget', maxUsd: 0.001 }, { assistant: 'ok' });
    expect(r.outcome).toBe('invalid');
    expect(r.reason).toContain('no cost and no token usage to price');
  });
});
