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

  it('refuses a pattern that does not compile when the spec is read', () => {
    const r = checkSpecSchema.safeParse({ type: 'regex', pattern: '([a-z' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/invalid regular expression/);
    expect(r.error?.issues[0]?.path).toEqual(['pattern']);
  });
});
