import { describe, expect, it } from 'vitest';
import { checkSpecSchema } from '../../shared/checks/schema.ts';
import { check } from './helpers.ts';

const schema = {
  type: 'object',
  required: ['titolo', 'scadenza'],
  properties: { titolo: { type: 'string' }, scadenza: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } },
};

describe('json-schema', () => {
  const table: Array<[string, string, 'pass' | 'fail']> = [
    ['bare JSON', '{"titolo":"Infermieri","scadenza":"2027-01-31"}', 'pass'],
    ['fenced JSON', 'Ecco:\n```json\n{"titolo":"Infermieri","scadenza":"2027-01-31"}\n```', 'pass'],
    ['JSON inside prose', 'Risultato: {"titolo":"Infermieri","scadenza":"2027-01-31"} fine.', 'pass'],
    ['missing field', '{"titolo":"Infermieri"}', 'fail'],
    ['wrong format', '{"titolo":"Infermieri","scadenza":"31/01/2027"}', 'fail'],
    ['no JSON at all', 'Il bando scade il 31 gennaio.', 'fail'],
  ];
  it.each(table)('%s', async (_name, answer, outcome) => {
    expect((await check({ type: 'json-schema', schema }, answer)).outcome).toBe(outcome);
  });

  it('says which field is wrong', async () => {
    const r = await check({ type: 'json-schema', schema }, '{"titolo":"x"}');
    expect(r.reason).toContain('scadenza');
  });

  it('refuses an invalid schema when the spec is read', () => {
    const r = checkSpecSchema.safeParse({ type: 'json-schema', schema: { type: 'oggetto' } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/invalid JSON schema/);
  });
});
