/** Extraction on short hand-written texts: formats, roles, deadlines, posts. */
import { describe, expect, it } from 'vitest';
import { extractEntities, nextWorkingDay, normalizeDegreeCode, type Entity } from '../../shared/metadata/index.ts';

const of = <K extends Entity['kind']>(text: string, kind: K, opts = {}) =>
  extractEntities(text, opts).entities.filter((e): e is Extract<Entity, { kind: K }> => e.kind === kind);

describe('degree classes', () => {
  it.each([
    ['L/18', 'L-18'], ['l 18', 'L-18'], ['LM 56', 'LM-56'], ['LMG /01', 'LMG/01'], ['LM-85 bis', 'LM-85 bis'],
    ['64/s', '64/S'], ['L-SNT1', 'L/SNT1'], ['17', '17'], ['L-44', undefined], ['105/S', undefined],
  ])('normalises %s', (raw, code) => expect(normalizeDegreeCode(raw)).toBe(code));

  it('reads every written form, with DM 509 and class names, as required in a requirements article', () => {
    const text = 'Art. 2\nRequisiti di ammissione\nPer l\'ammissione e\' richiesto il possesso di una laurea nelle classi L 18, L/33, LM-85 bis, classe 64/S, classe 17, oppure della laurea nella classe delle lauree magistrali in Scienze dell\'economia aziendale o della classe delle lauree in Scienze del servizio sociale (DM 509/99).';
    const d = of(text, 'degree');
    expect(d.map((e) => e.code)).toEqual(['L-18', 'L-33', 'LM-85 bis', '64/S', '17', '6']);
    expect(d.every((e) => e.role === 'required')).toBe(true);
  });

  it('tells preference titles from requirements', () => {
    const text = 'Art. 3\nRequisiti\nE\' richiesto il possesso della laurea L-18.\nArt. 4\nTitoli di preferenza\nCostituisce titolo preferenziale il possesso della laurea magistrale LM-77. Nella valutazione dei titoli saranno attribuiti 2 punti alla laurea LM-56.';
    const d = of(text, 'degree');
    expect(d.map((e) => [e.code, e.role])).toEqual([['L-18', 'required'], ['LM-77', 'preference'], ['LM-56', 'preference']]);
  });

  it('does not read a law citation "L. 68/1999" or "legge 12 marzo 1999, n. 68" as a class', () => {
    expect(of('Requisiti: appartenenti alle categorie della L. 68/1999 e della legge n. 104.', 'degree')).toEqual([]);
  });
});

describe('deadlines', () => {
  it('absolute dates with and without time', () => {
    const a = of('La domanda deve essere presentata entro il 31 gennaio 2027.', 'deadline');
    expect(a[0]).toMatchObject({ basis: 'absolute', date: '2027-01-31' });
    const b = of('Le domande vanno inviate entro le ore 12:00 del 15/01/2027 tramite inPA.', 'deadline');
    expect(b[0]).toMatchObject({ date: '2027-01-15', time: '12:00' });
  });

  it('relative to the Gazzetta, rolled over a Sunday and over Christmas + Santo Stefano', () => {
    const text = 'La domanda va presentata entro il trentesimo giorno successivo alla data di pubblicazione del presente bando nella Gazzetta Ufficiale.';
    expect(of(text, 'deadline', { gazzettaDate: '2026-11-06' })[0]).toMatchObject({ date: '2026-12-07', rolledOverFrom: '2026-12-06' });
    expect(of(text, 'deadline', { gazzettaDate: '2026-11-25' })[0]).toMatchObject({ date: '2026-12-28', rolledOverFrom: '2026-12-25' });
    expect(of(text, 'deadline', { gazzettaDate: '2026-11-03' })[0]).toMatchObject({ date: '2026-12-03' });
    expect(of(text, 'deadline')[0]).toMatchObject({ basis: 'relative', days: 30 });
    expect(of(text, 'deadline')[0]?.date).toBeUndefined();
  });

  it('"30 giorni dalla pubblicazione" and Easter Monday', () => {
    const text = 'Le domande devono pervenire entro 30 giorni dalla data di pubblicazione nella Gazzetta Ufficiale.';
    // 2027-03-04 + 30 = 2027-04-03 (Saturday: a working day for this rule).
    expect(of(text, 'deadline', { gazzettaDate: '2027-03-04' })[0]?.date).toBe('2027-04-03');
    expect(nextWorkingDay('2027-03-29')).toBe('2027-03-30'); // Lunedì dell'Angelo 2027
  });

  it('ignores dates that are not application deadlines', () => {
    expect(of('Con decreto n. 290 del 18 maggio 2022 e\' indetto concorso. La prova si terra\' il 25 gennaio 2022.', 'deadline')).toEqual([]);
  });
});

describe('posts', () => {
  it('totals and reserved quotas', () => {
    const p = of('Concorso pubblico per la copertura di n. 5 posti di istruttore, di cui 2 riservati ai volontari delle Forze armate.', 'posts');
    expect(p.map((e) => [e.role, e.count])).toEqual([['total', 5], ['reserved', 2]]);
    const w = of('E\' indetto concorso pubblico per cinque posti di funzionario; tre posti sono riservati al personale interno.', 'posts');
    expect(w.map((e) => [e.role, e.count])).toEqual([['total', 5], ['reserved', 3]]);
  });
});

describe('locations', () => {
  it('work place vs exam venue vs commission seat', () => {
    const text = 'Il vincitore sara\' assegnato alla sede di lavoro di Lucca. Le prove d\'esame si svolgeranno a Firenze. La commissione si riunira\' presso la sede di Pisa (PI).';
    const l = of(text, 'location');
    expect(l.map((e) => [e.name, e.role])).toEqual([['Lucca', 'work'], ['Firenze', 'exam'], ['Pisa', 'commission']]);
  });

  it('does not take common words named like comuni', () => {
    const text = 'Il Calendario delle prove e la Fonte normativa sono pubblicati. Vita e Paese non sono luoghi qui.';
    expect(of(text, 'location')).toEqual([]);
  });
});
