import { describe, expect, it } from 'vitest';
import { checkSpecSchema, type CheckSpecInput } from '../../shared/checks/schema.ts';
import { check } from './helpers.ts';

describe('regex / not-regex', () => {
  const table: Array<[string, CheckSpecInput, string, 'pass' | 'fail']> = [
    ['date pattern matches', { type: 'regex', pattern: '\\d{2}/\\d{2}/\\d{4}' }, 'Scade il 31/01/2027.', 'pass'],
    ['date pattern does not match', { type: 'regex', pattern: '\\d{2}/\\d{2}/\\d{4}' }, 'Scade a fine gennaio.', 'fail'],
    ['flags honoured', { type: 'regex', pattern: '^scade', flags: 'i' }, 'Scade domani', 'pass'],
    ['global flag does not make repeated runs differ', { type: 'regex', pattern: 'a', flags: 'g' }, 'a', 'pass'],
    ['not-regex passes without a match', { type: 'not-regex', pattern: 'https?://' }, 'Vai sul portale inPA.', 'pass'],
    ['not-regex fails on a match', { type: 'not-regex', pattern: 'https?://' }, 'Vedi http://x.it', 'fail'],
  ];
  it.each(table)('%s', async (_name, input, answer, outcome) => {
    expect((await check(input, answer)).outcome).toBe(outcome);
  });

  it('fills {{vars}} in at run time, each value matched literally', async () => {
    const vars = { code: 'INPA-2026.1(b)' };
    const pattern = 'codice {{code}},? scade';
    expect(await check({ type: 'regex', pattern }, 'Il bando codice INPA-2026.1(b) scade il 31 gennaio.', { vars })).toMatchObject({
      outcome: 'pass',
      reason: expect.stringContaining('INPA-2026\\.1\\(b\\)'),
    });
    // "." and "(b)" in the value are not pattern syntax: a near miss does not match.
    expect((await check({ type: 'regex', pattern }, 'Il bando codice INPA-2026x1b scade.', { vars })).outcome).toBe('fail');
    expect((await check({ type: 'regex', pattern, flags: 'u' }, 'codice INPA-2026.1(b) scade', { vars })).outcome).toBe('pass');
    expect((await check({ type: 'not-regex', pattern: '{{code}}' }, 'Nessun codice.', { vars })).outcome).toBe('pass');
  });

  it('is invalid, naming it, when a variable of the pattern has no value', async () => {
    expect(await check({ type: 'regex', pattern: 'scade il {{deadline}}' }, 'Scade il 31 gennaio.')).toMatchObject({
      outcome: 'invalid',
      reason: 'unknown variable {{deadline}}',
    });
  });

  it('checks a pattern with {{vars}} when the spec is read, with a sample value in their place', () => {
    expect(checkSpecSchema.safeParse({ type: 'regex', pattern: '^{{code}}$' }).success).toBe(true);
    const r = checkSpecSchema.safeParse({ type: 'regex', pattern: '({{code}}' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['pattern']);
  });

  it('refuses a pattern that does not compile when the spec is read', () => {
    const r = checkSpecSchema.safeParse({ type: 'regex', pattern: '([a-z' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/invalid regular expression/);
    expect(r.error?.issues[0]?.path).toEqual(['pattern']);
  });
});
