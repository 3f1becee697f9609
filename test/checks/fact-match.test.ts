import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../shared/checks/facts.ts';
import { parseItalianNumberWord } from '../../shared/checks/italian-numbers.ts';
import type { CheckSpecInput } from '../../shared/checks/schema.ts';
import { check } from './helpers.ts';

describe('fact-match', () => {
  const table: Array<[string, CheckSpecInput, string, 'pass' | 'fail' | 'invalid']> = [
    ['long Italian date', { type: 'fact-match', value: '2027-01-31' }, 'Scade il 31 gennaio 2027.', 'pass'],
    ['slash date', { type: 'fact-match', value: '31 gennaio 2027' }, 'Scadenza: 31/01/2027', 'pass'],
    ['ISO date', { type: 'fact-match', value: '31/01/2027' }, 'deadline 2027-01-31', 'pass'],
    ['dotted date', { type: 'fact-match', value: '31 gennaio 2027' }, 'entro il 31.01.2027', 'pass'],
    ['accent and ordinal day', { type: 'fact-match', value: '01/03/2026' }, 'entro il 1° marzo 2026', 'pass'],
    ['wrong day', { type: 'fact-match', value: '31/01/2027' }, 'Scade il 30 gennaio 2027.', 'fail'],
    ['wrong year', { type: 'fact-match', value: '31/01/2027' }, 'Scade il 31 gennaio 2026.', 'fail'],
    ['number word', { type: 'fact-match', value: 5 }, 'Sono disponibili cinque posti.', 'pass'],
    ['number digits from text value', { type: 'fact-match', value: 'cinque' }, 'Sono disponibili 5 posti.', 'pass'],
    ['compound number word', { type: 'fact-match', value: 120 }, 'centoventi posti a tempo indeterminato', 'pass'],
    ['Italian thousands', { type: 'fact-match', value: 1500 }, 'Sono 1.500 posti.', 'pass'],
    ['wrong number', { type: 'fact-match', value: 5 }, 'Sono disponibili sei posti.', 'fail'],
    ['article "un" is not the number 1', { type: 'fact-match', value: 1 }, 'È un concorso per titoli.', 'fail'],
    ['date year is not a number', { type: 'fact-match', value: 2027 }, 'Scade il 31/01/2027', 'fail'],
    ['expected from case', { type: 'fact-match' }, 'Scade il 31/01/2027', 'invalid'],
    ['expected not a fact', { type: 'fact-match', value: 'presto' }, 'Scade presto', 'invalid'],
    ['date kind refuses a number', { type: 'fact-match', value: '5', kind: 'date' }, '5', 'invalid'],
  ];
  it.each(table)('%s', async (_name, input, answer, outcome) => {
    expect((await check(input, answer)).outcome).toBe(outcome);
  });

  it('uses the case expected answer', async () => {
    expect((await check({ type: 'fact-match' }, 'entro il 31.01.2027', { expected: '31 gennaio 2027' })).outcome).toBe('pass');
  });

  it('reads Italian number words up to the thousands', () => {
    const words: Array<[string, number]> = [
      ['uno', 1], ['dieci', 10], ['diciannove', 19], ['venti', 20], ['ventuno', 21], ['ventotto', 28],
      ['trentatre', 33], ['novantanove', 99], ['cento', 100], ['centouno', 101], ['centottanta', 180],
      ['duecento', 200], ['novecentonovantanove', 999], ['mille', 1000], ['milleduecento', 1200],
      ['duemila', 2000], ['tremilacinquecentoquaranta', 3540],
    ];
    for (const [word, n] of words) expect(parseItalianNumberWord(word), word).toBe(n);
    for (const word of ['bando', 'centro', 'ventilatore', 'milano', 'unomila']) expect(parseItalianNumberWord(word), word).toBeUndefined();
  });

  it('treats every supported date format as the same date', () => {
    const { dates } = extractFacts('31 gennaio 2027, 31/01/2027, 2027-01-31, 31.01.2027, January 31, 2027');
    expect(new Set(dates)).toEqual(new Set(['2027-01-31']));
    expect(dates).toHaveLength(5);
    expect(extractFacts('31/02/2027').dates).toEqual([]);
  });
});
