/**
 * The general rules of issue 20, each on a short text written for this test (not taken from any labelled set):
 * counts of posts, clause-level degree roles, bare class numbers with their decree, the equivalence policy,
 * profiles, the selection method read from the title, provincia as sigla.
 */
import { describe, expect, it } from 'vitest';
import { extractEntities, verifyTender, type Entity } from '../../shared/metadata/index.ts';
import { meta } from './helpers.ts';

const of = <K extends Entity['kind']>(es: Entity[], kind: K) => es.filter((e): e is Extract<Entity, { kind: K }> => e.kind === kind);

describe('posts', () => {
  it('reads the total stated by "copertura di", not the rest after the quotas nor a heading number', () => {
    const text = [
      'Art. 1',
      'Posti messi a concorso',
      'È indetto concorso pubblico per la copertura di n. 9 posti di collaboratore; n. 3 posti sono riservati ai volontari e i restanti n. 6 posti agli altri candidati.',
    ].join('\n');
    const posts = of(extractEntities(text).entities, 'posts');
    expect(posts.filter((p) => p.role === 'total').map((p) => p.count)).toEqual([9]);
    expect(posts.map((p) => [p.role, p.count])).toEqual(expect.arrayContaining([['reserved', 3], ['share', 6]]));
  });

  it('counts "unità" and numbers in words', async () => {
    const text = 'Bando di selezione per il reclutamento di sette (7) unità di personale tecnico; una unità presso la sede di Lecco.';
    const v = await verifyTender(text, meta({ posts: 1 }));
    expect(v.discrepancies.filter((d) => d.field === 'posts')).toMatchObject([{ type: 'wrong', textValue: '7', metadataValue: '1' }]);
  });

  it('does not accept a metadata number that only appears as a share', async () => {
    const text = 'Concorso per la copertura di n. 4 posti: n. 2 posti presso la sede di Terni e n. 2 posti presso la sede di Foligno.';
    const v = await verifyTender(text, meta({ posts: 2 }));
    expect(v.discrepancies.filter((d) => d.field === 'posts')).toMatchObject([{ type: 'wrong', textValue: '4' }]);
  });
});

describe('profiles', () => {
  const text = [
    'CONCORSO PUBBLICO, PER ESAMI, PER COMPLESSIVI N. 6 POSTI, DISTINTI PER PROFILO',
    'Art. 1 – Posti',
    'Profilo X – Istruttore di vigilanza (cod. VIG): n. 4 posti;',
    'Profilo Y – Istruttore informatico (cod. INF): n. 2 posti.',
    'Art. 2 – Requisiti',
    'Profilo X – Istruttore di vigilanza: diploma di istruzione secondaria di secondo grado.',
    'Profilo Y – Istruttore informatico: laurea nella classe L-31 Scienze e tecnologie informatiche.',
  ].join('\n');

  it("keeps only the record's own profile: its posts and its titles", async () => {
    const v = await verifyTender(text, meta({ title: 'Concorso, Profilo Y – Istruttore informatico', posts: 2, requiredDegrees: ['L-31'] }));
    expect(v.discrepancies).toEqual([]);
    const other = await verifyTender(text, meta({ title: 'Concorso, Profilo X – Istruttore di vigilanza', posts: 6, requiredDegrees: ['L-31'] }));
    expect(other.discrepancies.map((d) => [d.field, d.type, d.textValue ?? d.metadataValue])).toEqual(
      expect.arrayContaining([['posts', 'wrong', '4'], ['requiredDegrees', 'extra', 'L-31']]),
    );
  });
});

describe('degree roles', () => {
  it('reads exclusions, commission titles and preference titles as not required', () => {
    const text = [
      'Art. 2 – Requisiti di ammissione',
      'È richiesta la laurea magistrale nella classe LM-56 Scienze dell\'economia.',
      'La laurea triennale nella classe L-33 Scienze economiche, anche se seguita da un master, non consente l\'accesso alla selezione.',
      'Art. 6 – Commissione',
      'La commissione è composta da tre esperti in possesso della laurea magistrale nella classe LM-77.',
      'Art. 7 – Titoli',
      'Sarà valutata con 2 punti una seconda laurea nella classe LM-16.',
    ].join('\n');
    const roles = of(extractEntities(text).entities, 'degree').map((d) => [d.code, d.role, d.roleCue]);
    expect(roles).toEqual([
      ['LM-56', 'required', undefined],
      ['L-33', 'excluded', 'excluded'],
      ['LM-77', 'other', 'commission'],
      ['LM-16', 'preference', undefined],
    ]);
  });

  it('maps a bare class number to the decree it is written with', () => {
    const text = 'Requisiti: laurea nella classe 12 di cui al D.M. 270/2004 oppure laurea nella classe 19 (D.M. 509/1999).';
    expect(of(extractEntities(text).entities, 'degree').map((d) => d.code)).toEqual(['L-12', '19']);
  });

  it('reports a class written under the wrong decree as one wrong entry', async () => {
    const text = 'Requisiti di ammissione: laurea specialistica nella classe 62/S Scienze chimiche.';
    const v = await verifyTender(text, meta({ requiredDegrees: ['LM-62'] }));
    expect(v.discrepancies).toMatchObject([{ field: 'requiredDegrees', type: 'wrong', textValue: '62/S', metadataValue: 'LM-62' }]);
  });
});

describe('equivalence policy', () => {
  const text = [
    'Requisiti di ammissione: laurea magistrale nella classe LM-23 Ingegneria civile, ovvero diploma di laurea (vecchio ordinamento) in Ingegneria edile.',
    'Sono ammessi i titoli equiparati ai sensi del D.I. 9 luglio 2009 e i titoli equipollenti.',
  ].join('\n');

  it('requires the specific old-system title, matched by name, and never the generic equivalents', async () => {
    const ok = await verifyTender(text, meta({ requiredDegrees: ['LM-23', 'Ingegneria edile (vecchio ordinamento)'] }));
    expect(ok.discrepancies).toEqual([]);
    const without = await verifyTender(text, meta({ requiredDegrees: ['LM-23'] }));
    expect(without.discrepancies).toMatchObject([{ field: 'requiredDegrees', type: 'missing', textValue: 'Ingegneria edile' }]);
  });

  it('never makes a title of a name cut mid-sentence', () => {
    const cut = 'Requisiti: diploma di laurea in titoli equiparati ai sensi del D.I. 9 luglio 2009.';
    expect(of(extractEntities(cut).entities, 'degree')).toEqual([]);
  });
});

describe('procedure and selection method', () => {
  const text = ['COMUNE DI ESEMPIO', 'Servizio Reclutamento e Selezione', '', 'CONCORSO PUBBLICO, PER TITOLI ED ESAMI, PER LA COPERTURA DI N. 1 POSTO', '', 'È prevista una prova preselettiva.'].join('\n');

  it('reads the title, not the letterhead, and checks the selection method', async () => {
    const es = extractEntities(text).entities;
    expect(of(es, 'procedure').map((p) => p.value)).toEqual(['concorso']);
    expect(of(es, 'selection').map((p) => p.value)).toEqual(['titoli-esami']);
    const v = await verifyTender(text, { ...meta({ posts: 1, procedure: 'concorso' }), selectionMethod: 'esami' });
    expect(v.discrepancies).toMatchObject([{ field: 'selectionMethod', type: 'wrong', textValue: 'titoli-esami', metadataValue: 'esami' }]);
  });

  it('a mobilità notice is one; an office named "… e mobilità" in a concorso\'s title is not', () => {
    const kind = (title: string) => of(extractEntities(`COMUNE DI ESEMPIO\n\n${title}\n\nArt. 1`).entities, 'procedure').map((p) => p.value);
    expect(kind('Concorso pubblico, per esami, per n. 2 posti di istruttore tecnico presso il Dipartimento Lavori pubblici, verde e mobilità.')).toEqual(['concorso']);
    expect(kind('Avviso di mobilità volontaria esterna per n. 1 posto di istruttore tecnico')).toEqual(['mobilita']);
    expect(kind('Bando di mobilità esterna, ai sensi dell\'art. 30 del d.lgs. 165/2001, per n. 1 posto')).toEqual(['mobilita']);
  });
});

describe('provincia', () => {
  it('takes a sigla as the province it stands for', async () => {
    const text = 'La sede di lavoro è Mantova. Per la copertura di n. 5 posti.';
    const v = await verifyTender(text, meta({ workLocations: [{ comune: 'Mantova', provincia: 'MN', regione: 'Lombardia' }] }));
    expect(v.discrepancies).toEqual([]);
    const wrong = await verifyTender(text, meta({ workLocations: [{ comune: 'Mantova', provincia: 'CR', regione: 'Lombardia' }] }));
    expect(wrong.discrepancies).toMatchObject([{ field: 'workLocations', type: 'wrong' }]);
  });
});

describe('relative deadlines', () => {
  const text = [
    'Art. 4 – Domande',
    'La domanda va presentata entro il trentesimo giorno successivo alla data di pubblicazione dell\'estratto del presente bando nella Gazzetta Ufficiale – 4ª serie speciale «Concorsi ed esami».',
    'L\'estratto è pubblicato nella G.U. n. 12 del 10 febbraio 2026; il bando è pubblicato altresì all\'Albo pretorio dal 6 febbraio 2026 e nel Bollettino Ufficiale della Regione n. 7 del 4 febbraio 2026.',
  ].join('\n');

  it('counts from the Gazzetta date the text gives, not from the albo or the regional bulletin, and rolls over a Sunday', async () => {
    // 10 February 2026 + 30 days = Thursday 12 March 2026.
    const v = await verifyTender(text, meta({ deadline: '2026-03-12' }));
    expect(v.discrepancies.filter((d) => d.field === 'deadline')).toEqual([]);
    const sunday = text.replace('10 febbraio 2026', '13 febbraio 2026'); // + 30 = Sunday 15 March → Monday 16 March
    const w = await verifyTender(sunday, meta({ deadline: '2026-03-15' }));
    expect(w.discrepancies.filter((d) => d.field === 'deadline')).toMatchObject([{ type: 'wrong', textValue: '2026-03-16' }]);
  });

  it('sends a relative deadline to review when no publication date is known', async () => {
    const undated = 'La domanda va presentata entro trenta giorni dalla pubblicazione del presente bando nella Gazzetta Ufficiale.';
    const v = await verifyTender(undated, meta({ deadline: '2026-03-12' }));
    expect(v.discrepancies.filter((d) => d.field === 'deadline')).toEqual([]);
    expect(v.ambiguous.map((a) => a.field)).toContain('deadline');
  });
});

describe('places', () => {
  it('reads a seat table by its header, a street is not a comune, and an exam venue listed as seat is extra', async () => {
    const text = [
      'I posti sono destinati alle seguenti strutture:',
      '',
      'Struttura                     Sede                          Posti',
      'Ufficio territoriale Nord     Lecco, Viale Turati n. 4        1',
      'Ufficio territoriale Sud      Pavia, Corso Cavour n. 2        1',
      '',
      'Le prove si svolgeranno a Monza, presso il centro congressi.',
    ].join('\n');
    const places = of(extractEntities(text).entities, 'location').map((l) => [l.name, l.role]);
    expect(places).toEqual([['Lecco', 'work'], ['Pavia', 'work'], ['Monza', 'exam']]);
    const v = await verifyTender(text, meta({ posts: 2, workLocations: [{ comune: 'Lecco', provincia: 'LC', regione: 'Lombardia' }, { comune: 'Pavia', provincia: 'PV', regione: 'Lombardia' }, { comune: 'Monza', provincia: 'MB', regione: 'Lombardia' }] }));
    expect(v.discrepancies.filter((d) => d.field === 'workLocations')).toMatchObject([{ type: 'extra', metadataValue: expect.stringContaining('Monza'), textValue: 'Monza (exam venue)' }]);
  });

  it('picks the homonymous comune the bando locates elsewhere by its sigla', () => {
    const text = 'COMUNE DI CASTRO\nVia Dante n. 1 – 24063 Castro (BG)\n\nLa sede di lavoro è il Comune di Castro.';
    expect(of(extractEntities(text).entities, 'location').filter((l) => l.role === 'work').map((l) => l.provincia)).toEqual(['Bergamo']);
  });
});
