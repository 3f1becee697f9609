import { describe, expect, it } from 'vitest';
import type { CheckSpecInput } from '../../shared/checks/schema.ts';
import { check } from './helpers.ts';

const answer = 'La domanda va presentata entro le ore 12:00 del 31 gennaio tramite il portale inPA e SPID.';

describe('contains / keywords and their not- variants', () => {
  const table: Array<[string, CheckSpecInput, 'pass' | 'fail' | 'invalid']> = [
    ['substring present', { type: 'contains', value: 'portale inPA' }, 'pass'],
    ['substring absent', { type: 'contains', value: 'raccomandata' }, 'fail'],
    ['case-sensitive by default', { type: 'contains', value: 'PORTALE' }, 'fail'],
    ['case-insensitive option', { type: 'contains', value: 'PORTALE', ignoreCase: true }, 'pass'],
    ['accent-insensitive option', { type: 'contains', value: 'Domànda', ignoreCase: true, ignoreAccents: true }, 'pass'],
    ['no value and no expected', { type: 'contains' }, 'invalid'],
    ['not-contains passes when absent', { type: 'not-contains', value: 'non ho capito' }, 'pass'],
    ['not-contains fails when present', { type: 'not-contains', value: 'SPID' }, 'fail'],
    ['keywords any', { type: 'keywords', keywords: ['pec', 'spid'] }, 'pass'],
    ['keywords any none found', { type: 'keywords', keywords: ['pec', 'raccomandata'] }, 'fail'],
    ['keywords all', { type: 'keywords', keywords: ['spid', 'inpa', 'gennaio'], mode: 'all' }, 'pass'],
    ['keywords all one missing', { type: 'keywords', keywords: ['spid', 'pec'], mode: 'all' }, 'fail'],
    ['keywords accent-insensitive by default', { type: 'keywords', keywords: ['DOMÀNDA'] }, 'pass'],
    ['keywords case-sensitive when asked', { type: 'keywords', keywords: ['spid'], ignoreCase: false }, 'fail'],
    ['not-keywords passes when none appear', { type: 'not-keywords', keywords: ['mi dispiace', 'non posso'] }, 'pass'],
    ['not-keywords fails when one appears', { type: 'not-keywords', keywords: ['mi dispiace', 'spid'] }, 'fail'],
  ];
  it.each(table)('%s', async (_name, input, outcome) => {
    expect((await check(input, answer)).outcome).toBe(outcome);
  });

  it('falls back to the case expected answer', async () => {
    expect((await check({ type: 'contains' }, answer, { expected: '31 gennaio' })).outcome).toBe('pass');
  });

  it('scores keywords by the share found', async () => {
    const r = await check({ type: 'keywords', keywords: ['spid', 'pec'], mode: 'all' }, answer);
    expect(r.score).toBe(0.5);
    expect(r.reason).toContain('pec');
  });

  it('says plainly which keywords were found or missing, for each mode and its not- variant', async () => {
    const reason = async (input: CheckSpecInput) => {
      const r = await check(input, answer);
      return `${r.outcome}: ${r.reason}`;
    };
    expect(await reason({ type: 'keywords', keywords: ['spid', 'pec'] })).toBe('pass: found [spid]; not found [pec]');
    expect(await reason({ type: 'keywords', keywords: ['pec', 'raccomandata'] })).toBe('fail: none of [pec, raccomandata] found');
    expect(await reason({ type: 'keywords', keywords: ['spid', 'inpa'], mode: 'all' })).toBe('pass: all of [spid, inpa] found');
    expect(await reason({ type: 'keywords', keywords: ['spid', 'pec'], mode: 'all' })).toBe('fail: missing [pec]; found [spid]');
    expect(await reason({ type: 'not-keywords', keywords: ['mi dispiace', 'non posso'] })).toBe('pass: none of [mi dispiace, non posso] found');
    expect(await reason({ type: 'not-keywords', keywords: ['mi dispiace', 'spid'] })).toBe('fail: found [spid] (none may appear)');
    expect(await reason({ type: 'not-keywords', keywords: ['spid', 'pec'], mode: 'all' })).toBe('pass: missing [pec]; found [spid] (not all of them appear)');
    expect(await reason({ type: 'not-keywords', keywords: ['spid', 'inpa'], mode: 'all' })).toBe('fail: all of [spid, inpa] found together');
  });

  it('gives not- checks the plain fact as their reason', async () => {
    expect(await check({ type: 'not-contains', value: 'SPID' }, answer)).toMatchObject({ outcome: 'fail', reason: 'answer contains "SPID"' });
    expect(await check({ type: 'not-contains', value: 'PEC' }, answer)).toMatchObject({ outcome: 'pass', reason: 'answer does not contain "PEC"' });
  });
});
