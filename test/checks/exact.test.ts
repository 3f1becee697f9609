import { describe, expect, it } from 'vitest';
import type { CheckSpecInput } from '../../shared/checks/schema.ts';
import { check } from './helpers.ts';

describe('equals / not-equals', () => {
  const table: Array<[string, CheckSpecInput, string, 'pass' | 'fail' | 'invalid', string?]> = [
    ['same text', { type: 'equals', value: 'Sì' }, 'Sì', 'pass'],
    ['extra spaces collapse by default', { type: 'equals', value: 'il 31 gennaio' }, '  il  31\ngennaio ', 'pass'],
    ['case differs', { type: 'equals', value: 'sì' }, 'Sì', 'fail'],
    ['case ignored', { type: 'equals', value: 'sì', normalize: { case: true } }, 'SÌ', 'pass'],
    ['accents differ', { type: 'equals', value: 'perche', normalize: { case: true } }, 'Perché', 'fail'],
    ['accents ignored', { type: 'equals', value: 'perche', normalize: { case: true, accents: true } }, 'Perché', 'pass'],
    ['punctuation ignored', { type: 'equals', value: 'si entro marzo', normalize: { punctuation: true, case: true } }, 'Sì, entro marzo!', 'fail'],
    ['all normalisations', { type: 'equals', value: 'si entro marzo', normalize: { punctuation: true, case: true, accents: true } }, 'Sì, entro marzo!', 'pass'],
    ['whitespace kept when asked', { type: 'equals', value: 'a b', normalize: { whitespace: false } }, 'a  b', 'fail'],
    ['uses case expected', { type: 'equals' }, 'Roma', 'pass', 'Roma'],
    ['no expected anywhere', { type: 'equals' }, 'Roma', 'invalid'],
    ['not-equals passes when different', { type: 'not-equals', value: 'Non lo so' }, 'Roma', 'pass'],
    ['not-equals fails when equal', { type: 'not-equals', value: 'Non lo so' }, 'Non lo so', 'fail'],
    ['vars interpolated', { type: 'equals', value: 'Bando {{id}}' }, 'Bando 42', 'pass'],
  ];
  it.each(table)('%s', async (_name, input, answer, outcome, expected) => {
    const r = await check(input, answer, { ...(expected ? { expected } : {}), vars: { id: '42' } });
    expect(r.outcome).toBe(outcome);
    expect(r.reason).not.toBe('');
  });

  it('names an unknown variable as invalid, not fail', async () => {
    const r = await check({ type: 'equals', value: '{{missing}}' }, 'x');
    expect(r).toMatchObject({ outcome: 'invalid', reason: expect.stringContaining('{{missing}}') });
  });
});
