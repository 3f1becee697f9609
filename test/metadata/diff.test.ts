/** Diff classification (missing / extra / wrong / ambiguous) and the optional resolver. */
import { describe, expect, it } from 'vitest';
import { diffMetadata, extractEntities, verifyTender } from '../../shared/metadata/index.ts';
import { meta } from './helpers.ts';

const BANDO = [
  'Concorso pubblico, per esami, per la copertura di n. 5 posti di istruttore, di cui 2 riservati.',
  'Art. 2',
  'Requisiti di ammissione',
  'E\' richiesto il possesso della laurea L/18 o della laurea L-33.',
  'Art. 3',
  'Titoli di preferenza',
  'Costituisce titolo preferenziale la laurea magistrale LM-77.',
  'Art. 4',
  'Sede di lavoro e prove',
  'I vincitori saranno assegnati alla sede di lavoro di Lucca. Le prove d\'esame si svolgeranno a Firenze.',
  'La domanda deve essere presentata entro il 31 gennaio 2027.',
].join('\n');

describe('diffMetadata', () => {
  it('accepts metadata that agrees with the text, whatever the code notation', () => {
    const d = diffMetadata(extractEntities(BANDO), meta({ requiredDegrees: ['L-18', 'L/33'], workLocations: [{ comune: 'Lucca', regione: 'Toscana' }] }));
    expect(d.discrepancies).toEqual([]);
  });

  it('classifies each remaining difference with its evidence', () => {
    const d = diffMetadata(
      extractEntities(BANDO),
      meta({ requiredDegrees: ['L-18', 'LM-77', 'L-41'], workLocations: [{ comune: 'Firenze', regione: 'Toscana' }], posts: 3, deadline: '2027-01-30', procedure: 'mobilita' }),
    );
    const got = d.discrepancies.map((x) => [x.field, x.type, x.textValue ?? x.metadataValue]);
    expect(got).toEqual(
      expect.arrayContaining([
        ['requiredDegrees', 'extra', 'LM-77 (preference)'],
        ['requiredDegrees', 'extra', 'L-41'],
        ['requiredDegrees', 'missing', 'L-33'],
        ['workLocations', 'extra', 'Firenze (exam venue)'],
        ['workLocations', 'missing', 'Lucca'],
        ['posts', 'wrong', '5'],
        ['deadline', 'wrong', '2027-01-31'],
        ['procedure', 'wrong', 'concorso'],
      ]),
    );
    expect(got).toHaveLength(8);
    const missing = d.discrepancies.find((x) => x.textValue === 'L-33');
    expect(missing?.evidence[0]?.snippet).toBe('L-33');
  });

  it('routes a degree without a clear role to "ambiguous", never guessing', async () => {
    const text = 'Il corso di formazione tratta anche temi della classe LM-63. La domanda va presentata entro il 31 gennaio 2027.';
    const v = await verifyTender(text, meta({ requiredDegrees: [] }));
    expect(v.ambiguous.map((a) => a.textValue)).toEqual(['LM-63']);
    expect(v.verdict).toBe('ok');
  });

  it('hands ambiguous items to the resolver and applies only answers among their options', async () => {
    const text = 'Il corso di formazione tratta anche temi della classe LM-63 e della classe LM-62. Entro il 31 gennaio 2027 va presentata la domanda.';
    const v = await verifyTender(text, meta({ requiredDegrees: [] }), {
      resolveAmbiguous: async (items) =>
        items.map((i) => ({ id: i.id, decision: i.textValue === 'LM-63' ? ('missing' as const) : ('extra' as const), reason: 'resolver said so' })),
    });
    expect(v.discrepancies).toMatchObject([{ field: 'requiredDegrees', type: 'missing', textValue: 'LM-63', resolvedBy: 'resolver' }]);
    expect(v.ambiguous.map((a) => a.textValue)).toEqual(['LM-62']);
    expect(v.verdict).toBe('ko');
  });
});
