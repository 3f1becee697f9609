/** Metadata degree values as the portals write them, and non-class titles compared by words. */
import { describe, expect, it } from 'vitest';
import { parseMetaDegree, sameTitle } from '../../shared/metadata/degree-match.ts';
import { verifyTender } from '../../shared/metadata/index.ts';
import { meta } from './helpers.ts';

describe('parseMetaDegree', () => {
  it.each([
    ['classe 17 (DM 509/99)', { kind: 'class', value: '17' }],
    ['L/18', { kind: 'class', value: 'L-18' }],
    ['64/S', { kind: 'class', value: '64/S' }],
    ['Economia e commercio (vecchio ordinamento)', { kind: 'name', value: 'Economia e commercio' }],
    ['diploma universitario di Infermiere', { kind: 'title', value: 'diploma universitario di Infermiere' }],
    ['dottorato di ricerca', { kind: 'title', value: 'dottorato di ricerca' }],
  ])('%s', (raw, want) => expect(parseMetaDegree(raw)).toEqual(want));
});

describe('sameTitle', () => {
  it.each([
    ['diploma di istruzione tecnica indirizzo Costruzioni, ambiente e territorio', 'diploma di istruzione tecnica indirizzo Costruzioni, ambiente e territorio', true],
    ['diploma di istruzione secondaria di secondo grado', 'diploma di istruzione secondaria di secondo grado (diploma di maturità)', true],
    ['diploma universitario di Infermiere', 'diploma universitario di Ostetrica', false],
    ['diploma di geometra', 'diploma di perito edile', false],
  ])('%s ~ %s', (a, b, want) => expect(sameTitle(a, b)).toBe(want));
});

const BANDO = [
  'Art. 2 - Requisiti di ammissione',
  'È richiesto il diploma di geometra ovvero il diploma di laurea (vecchio ordinamento) in Architettura, o la laurea nella classe 4 del D.M. 509/1999.',
  'Le sedi di lavoro sono Ancona (n. 2 posti) e Jesi (n. 1 posto), per la copertura di n. 3 posti.',
].join('\n');

const seats = [{ comune: 'Ancona', regione: 'Marche' }, { comune: 'Jesi', regione: 'Marche' }];

describe('titles in the diff', () => {
  it('matches diplomas, old-system names and "classe N (DM 509/99)" written the portal way', async () => {
    const v = await verifyTender(BANDO, meta({ workLocations: seats, posts: 3, requiredDegrees: ['diploma di geometra', 'Architettura (vecchio ordinamento)', 'classe 4 (DM 509/99)'] }));
    expect(v.discrepancies).toEqual([]);
  });

  it('still reports a diploma the text does not require, and one the metadata forgot', async () => {
    const v = await verifyTender(BANDO, meta({ workLocations: seats, posts: 3, requiredDegrees: ['diploma di perito agrario', 'Architettura (vecchio ordinamento)', 'classe 4 (DM 509/99)'] }));
    expect(v.discrepancies.map((d) => [d.type, d.metadataValue ?? d.textValue])).toEqual([
      ['extra', 'diploma di perito agrario'],
      ['missing', 'diploma di geometra'],
    ]);
  });

  it('reads per-seat shares as parts of the total, so a wrong total is still caught', async () => {
    const v = await verifyTender(BANDO, meta({ workLocations: seats, posts: 2, requiredDegrees: ['diploma di geometra', 'Architettura (vecchio ordinamento)', 'classe 4 (DM 509/99)'] }));
    expect(v.discrepancies).toMatchObject([{ field: 'posts', type: 'wrong', textValue: '3', metadataValue: '2' }]);
  });
});
