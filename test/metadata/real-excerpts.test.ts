/** The verifier on real Gazzetta Ufficiale excerpts (shared/data/bandi). */
import { describe, expect, it } from 'vitest';
import { extractEntities, verifyTender, type DegreeEntity, type LocationEntity } from '../../shared/metadata/index.ts';
import { excerpt, excerpts, meta } from './helpers.ts';
import { hasSharedData, NEEDS_SHARED_DATA } from '../helpers/shared-data.ts';

const degrees = (text: string) => extractEntities(text).entities.filter((e): e is DegreeEntity => e.kind === 'degree');

describe.skipIf(!hasSharedData)(`real GU excerpts${NEEDS_SHARED_DATA}`, () => {
  it('19E09051: reads all eleven classes as required, including "LMG /01"', () => {
    const d = degrees(excerpt('19E09051').text);
    expect(d.map((e) => e.code)).toEqual(['L-14', 'L-16', 'L-18', 'L-33', 'L-36', 'LMG/01', 'LM-56', 'LM-77', 'LM-63', 'LM-52', 'LM-62']);
    expect(d.every((e) => e.role === 'required')).toBe(true);
  });

  it('19E09051: the swapped labels of L-16 and L-36 are matched by code and reported as notes, not errors', async () => {
    const codes = ['L-14', 'L-16', 'L-18', 'L-33', 'L-36', 'LMG/01', 'LM-56', 'LM-77', 'LM-63', 'LM-52', 'LM-62'];
    const v = await verifyTender(excerpt('19E09051').text, meta({ requiredDegrees: codes }));
    expect(v.discrepancies.filter((d) => d.field === 'requiredDegrees')).toEqual([]);
    const notes = v.notes.filter((n) => n.kind === 'label-mismatch');
    expect(notes).toHaveLength(2);
    expect(notes[0]?.message).toContain('L-36');
    expect(notes[0]?.evidence[0]?.snippet).toBe('L-16');
  });

  it('17E08144: slash notation L/8 and L/31 become L-8 and L-31 and match hyphenated metadata', async () => {
    const text = excerpt('17E08144').text;
    expect(degrees(text).map((e) => e.code)).toEqual(['L-8', 'L-31']);
    const v = await verifyTender(text, meta({ requiredDegrees: ['L-8', 'L-31'] }));
    expect(v.discrepancies.filter((d) => d.field === 'requiredDegrees')).toEqual([]);
  });

  it('21E12576: ten LM classes; a class left out of the metadata is reported missing with its span', async () => {
    const text = excerpt('21E12576').text;
    const codes = degrees(text).map((e) => e.code);
    expect(codes).toEqual(['LM-56', 'LM-77', 'LMG/01', 'LM-87', 'LM-52', 'LM-62', 'LM-63', 'LM-81', 'LM-88', 'LM-90']);
    const v = await verifyTender(text, meta({ requiredDegrees: codes.filter((c) => c !== 'LM-88') as string[] }));
    const missing = v.discrepancies.filter((d) => d.type === 'missing' && d.field === 'requiredDegrees');
    expect(missing.map((d) => d.textValue)).toEqual(['LM-88']);
    const span = missing[0]?.evidence[0];
    expect(span && text.slice(span.start, span.end)).toBe('LM-88');
  });

  it('21E13512: cities by region of residence are exam venues, never work locations', async () => {
    const text = excerpt('21E13512').text;
    const locs = extractEntities(text).entities.filter((e): e is LocationEntity => e.kind === 'location');
    const exam = locs.filter((l) => l.role === 'exam').map((l) => l.name);
    expect(exam).toEqual(['Pescara', 'Rende', 'Napoli', 'Bologna']);
    expect(locs.filter((l) => l.role === 'work')).toEqual([]);
    expect(locs.filter((l) => l.level === 'regione').every((l) => l.cue === 'residence')).toBe(true);
    const v = await verifyTender(text, meta({ workLocations: [{ comune: 'Pescara', regione: 'Abruzzo' }] }));
    expect(v.verdict).toBe('ko');
    expect(v.discrepancies.find((d) => d.field === 'workLocations')).toMatchObject({ type: 'extra', metadataValue: 'Pescara, Abruzzo', textValue: 'Pescara (exam venue)' });
  });

  it('ATS Brescia estratto: "trentesimo giorno successivo" to the GU of 14 June 2022 is 14 July 2022', async () => {
    const e = excerpts().find((x) => x.text.includes('A.T.S. di Brescia'));
    if (!e) throw new Error('estratto missing');
    const v = await verifyTender(e.text, meta({ deadline: '2022-07-14', posts: 1, gazzettaDate: '2022-06-14' }));
    expect(v.entities.find((x) => x.kind === 'deadline')).toMatchObject({ basis: 'relative', days: 30, date: '2022-07-14' });
    expect(v.discrepancies).toEqual([]);
  });

  it('every entity span points at its snippet in the full text', () => {
    for (const e of excerpts()) {
      for (const ent of extractEntities(e.text, { gazzettaDate: '2020-01-07' }).entities) {
        expect(e.text.slice(ent.evidence.start, ent.evidence.end)).toBe(ent.evidence.snippet);
        expect(ent.confidence).toBeGreaterThan(0);
        expect(ent.confidence).toBeLessThanOrEqual(1);
      }
    }
  });
});
