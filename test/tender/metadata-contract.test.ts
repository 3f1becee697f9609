/**
 * The metadata input contract (docs/metadata.md): inPA-like shapes, provincia as sigla or name, the selection
 * method as a field, publicationDate and profile optional. Through the schema, and through ingestion of a folder
 * where a bad record is an ingestion error naming the field and the good ones are stored.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenderMetadataSchema } from '../../shared/tender/metadata.ts';
import { ingest, loadCurrentTenders } from '../../shared/ingest/index.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';

const base = {
  id: 'rb-001',
  title: 'Concorso pubblico per 3 posti di istruttore amministrativo',
  administration: 'Comune di Seriate',
  deadline: '2027-02-10',
  posts: 3,
  procedure: 'concorso',
};

describe('tenderMetadataSchema', () => {
  const provinces: Array<[string, string]> = [
    ['BG', 'Bergamo'],
    ['bg', 'Bergamo'],
    ['Bergamo', 'Bergamo'],
    ['bergamo', 'Bergamo'],
    ['MB', 'Monza e della Brianza'],
    ['Monza Brianza', 'Monza e della Brianza'],
    ['BZ', 'Bolzano/Bozen'],
  ];
  it.each(provinces)('reads provincia %s as %s', (given, name) => {
    const m = tenderMetadataSchema.parse({ ...base, workLocations: [{ comune: 'Seriate', provincia: given, regione: 'Lombardia' }] });
    expect(m.workLocations[0]!.provincia).toBe(name);
  });

  it('refuses a two-letter provincia that is no sigla, naming the field', () => {
    const r = tenderMetadataSchema.safeParse({ ...base, workLocations: [{ provincia: 'XQ', regione: 'Lombardia' }] });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ['workLocations', 0, 'provincia'], message: '"XQ" is not the sigla of an Italian provincia' });
  });

  const methods: Array<[string, string]> = [
    ['esami', 'esami'],
    ['Per esami', 'esami'],
    ['titoli', 'titoli'],
    ['titoli ed esami', 'titoli-esami'],
    ['Per titoli e esami', 'titoli-esami'],
    ['esami e titoli', 'titoli-esami'],
    ['titoli-esami', 'titoli-esami'],
    ['titoli e colloquio', 'titoli-colloquio'],
    ['Colloquio', 'colloquio'],
  ];
  it.each(methods)('reads the selection method %s as %s', (given, method) => {
    expect(tenderMetadataSchema.parse({ ...base, selectionMethod: given }).selectionMethod).toBe(method);
  });

  it('refuses an unknown selection method, listing the accepted ones', () => {
    const r = tenderMetadataSchema.safeParse({ ...base, selectionMethod: 'sorteggio' });
    expect(r.error!.issues[0]).toMatchObject({ path: ['selectionMethod'], message: expect.stringContaining('titoli ed esami') });
  });

  it('needs neither publicationDate nor profile', () => {
    const m = tenderMetadataSchema.parse(base);
    expect(m.publicationDate).toBeUndefined();
    expect(m.profile).toBeUndefined();
  });
});

describe('ingesting records under the contract', () => {
  let infra: TestInfra;
  let dir: string;
  beforeAll(async () => {
    infra = await createTestInfra('metadata_contract');
    dir = await mkdtemp(path.join(tmpdir(), 'vaglio-contract-'));
    const text = (t: string) => `# ${t}\n\nArt. 1 - Posti\n\nÈ indetto un concorso per 3 posti.\n`;
    await writeFile(path.join(dir, 'a.md'), text('Bando A'));
    await writeFile(path.join(dir, 'a.json'), JSON.stringify({ ...base, id: 'rb-a', workLocations: [{ comune: 'Seriate', provincia: 'BG', regione: 'Lombardia' }], selectionMethod: 'titoli ed esami' }));
    await writeFile(path.join(dir, 'b.md'), text('Bando B'));
    await writeFile(path.join(dir, 'b.json'), JSON.stringify({ ...base, id: 'rb-b', workLocations: [{ provincia: 'ZZ', regione: 'Lombardia' }] }));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await infra?.teardown();
  });

  it('stores the good record normalised and records the bad one with the field', async () => {
    const r = await ingest(infra.sql, { type: 'folder', id: 'contract', path: dir });
    expect(r.errors).toEqual([{ externalId: 'b.md', reason: expect.stringMatching(/"ZZ" is not the sigla of an Italian provincia.*workLocations\[0\]\.provincia/) }]);
    const [a] = await loadCurrentTenders(infra.sql);
    expect(a!.metadata).toMatchObject({ id: 'rb-a', selectionMethod: 'titoli-esami', workLocations: [{ provincia: 'Bergamo' }] });
    expect(a!.metadata.publicationDate).toBeUndefined();
  });
});
