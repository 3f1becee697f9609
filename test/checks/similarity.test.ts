import { describe, expect, it } from 'vitest';
import { tfidfCosine } from '../../shared/checks/similarity.ts';
import { italianTokens } from '../../shared/checks/text.ts';
import { check } from './helpers.ts';

describe('similarity', () => {
  const expected = "La domanda di partecipazione va inviata entro il 31 gennaio tramite il portale inPA.";
  const table: Array<[string, string, number, 'pass' | 'fail' | 'invalid']> = [
    ['paraphrase with shared terms', "Devi inviare la domanda di partecipazione sul portale inPA entro il 31 gennaio.", 0.5, 'pass'],
    ['unrelated answer', 'Il museo è aperto la domenica mattina.', 0.2, 'fail'],
    ['high threshold not met by paraphrase', "Devi inviare la domanda sul portale inPA.", 0.95, 'fail'],
  ];
  it.each(table)('%s', async (_name, answer, threshold, outcome) => {
    const r = await check({ type: 'similarity', value: expected, threshold }, answer);
    expect(r.outcome).toBe(outcome);
    expect(r.score).toBeGreaterThanOrEqual(0);
  });

  it('is invalid without an expected answer', async () => {
    expect((await check({ type: 'similarity' }, 'x')).outcome).toBe('invalid');
  });

  it('identical texts score 1 and disjoint texts 0', () => {
    expect(tfidfCosine('bando per infermieri', 'bando per infermieri')).toBeCloseTo(1, 10);
    expect(tfidfCosine('bando per infermieri', 'gatto nero')).toBe(0);
  });

  it('splits elisions, folds accents, drops stop words and stems', () => {
    expect(italianTokens("Dell'avviso è già scaduto")).toEqual(italianTokens("dell avviso e gia scaduti"));
    expect(italianTokens("dell'avviso")).not.toContain('dell');
    expect(italianTokens('concorsi')).toEqual(italianTokens('concorso'));
  });

  it('stemming makes inflected forms similar', () => {
    expect(tfidfCosine('requisiti richiesti per il concorso', 'requisito richiesto per i concorsi')).toBeGreaterThan(0.9);
  });
});
