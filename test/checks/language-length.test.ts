import { describe, expect, it } from 'vitest';
import { checkSpecSchema, type CheckSpecInput } from '../../shared/checks/schema.ts';
import { check } from './helpers.ts';

describe('language', () => {
  const table: Array<[string, 'it' | 'en' | 'other', string, 'pass' | 'fail' | 'invalid']> = [
    ['Italian answer', 'it', "Il bando scade il 31 gennaio e per partecipare serve la laurea.", 'pass'],
    ['short Italian answer', 'it', "Sì, c'è ancora tempo per la domanda.", 'pass'],
    ['English answer when Italian expected', 'it', 'The deadline is January 31 and you need a degree to apply.', 'fail'],
    ['English answer', 'en', 'The deadline is January 31 and you need a degree to apply.', 'pass'],
    ['German answer is other', 'other', 'Der Bewerbungsschluss ist am 31. Januar und man braucht einen Abschluss.', 'pass'],
    ['German answer is not Italian', 'it', 'Der Bewerbungsschluss ist am 31. Januar und man braucht einen Abschluss.', 'fail'],
    ['no words', 'it', '', 'invalid'],
  ];
  it.each(table)('%s', async (_name, expected, answer, outcome) => {
    expect((await check({ type: 'language', expected }, answer)).outcome).toBe(outcome);
  });
});

describe('length', () => {
  const table: Array<[string, CheckSpecInput, string, 'pass' | 'fail']> = [
    ['chars within', { type: 'length', min: 3, max: 10 }, 'Sì, certo', 'pass'],
    ['chars too long', { type: 'length', max: 5 }, 'Sì, certo', 'fail'],
    ['chars count code points', { type: 'length', max: 3 }, 'èèè', 'pass'],
    ['words too short', { type: 'length', unit: 'words', min: 3 }, 'Sì certo', 'fail'],
    ['words within', { type: 'length', unit: 'words', min: 2, max: 2 }, ' Sì   certo ', 'pass'],
  ];
  it.each(table)('%s', async (_name, input, answer, outcome) => {
    expect((await check(input, answer)).outcome).toBe(outcome);
  });

  it('refuses missing or inverted bounds at load time', () => {
    expect(checkSpecSchema.safeParse({ type: 'length' }).success).toBe(false);
    const r = checkSpecSchema.safeParse({ type: 'length', min: 10, max: 5 });
    expect(r.error?.issues[0]?.path).toEqual(['max']);
  });
});
