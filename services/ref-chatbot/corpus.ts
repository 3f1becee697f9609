// The bot's own corpus: inPA-like metadata in corpus/feed.json, full texts in corpus/texts/<codice>.txt.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type TipoProcedura = 'ESAMI' | 'TITOLI_ESAMI' | 'TITOLI_COLLOQUIO';

export interface BandoRecord {
  codice: string;
  titolo: string;
  descrizioneBreve: string;
  figuraRicercata?: string;
  entiRiferimento: string[];
  sedi: string[];
  regione: string;
  provincia: string;
  settori: string[];
  categorie: string[];
  dataPubblicazione?: string;
  dataScadenza: string;
  numPosti: number;
  tipoProcedura: TipoProcedura;
  titoloStudio: string;
  classiLaurea: string[];
}

export interface Corpus {
  records: BandoRecord[];
  get(codice: string): BandoRecord | undefined;
  text(codice: string): string | undefined;
}

export const CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'corpus');

const REQUIRED_STRINGS = ['codice', 'titolo', 'descrizioneBreve', 'regione', 'provincia', 'dataScadenza', 'titoloStudio'] as const;
const PROCEDURE = new Set<string>(['ESAMI', 'TITOLI_ESAMI', 'TITOLI_COLLOQUIO']);

// Hand-written checks (the bot depends on Node built-ins only): a broken feed stops start-up naming the record.
function checkRecord(raw: unknown, index: number): BandoRecord {
  const where = `corpus/feed.json[${index}]`;
  if (typeof raw !== 'object' || raw === null) throw new Error(`${where}: not an object`);
  const r = raw as Record<string, unknown>;
  for (const key of REQUIRED_STRINGS) {
    if (typeof r[key] !== 'string' || r[key] === '') throw new Error(`${where}.${key}: missing or not a string`);
  }
  if (typeof r.numPosti !== 'number' || !Number.isInteger(r.numPosti) || r.numPosti < 1) {
    throw new Error(`${where}.numPosti: must be a positive integer`);
  }
  if (typeof r.tipoProcedura !== 'string' || !PROCEDURE.has(r.tipoProcedura)) {
    throw new Error(`${where}.tipoProcedura: must be one of ${[...PROCEDURE].join(', ')}`);
  }
  if (!/^[A-Z]{2}$/.test(String(r.provincia))) throw new Error(`${where}.provincia: must be a two-letter sigla`);
  if (Number.isNaN(Date.parse(String(r.dataScadenza)))) throw new Error(`${where}.dataScadenza: not an ISO date`);
  for (const key of ['entiRiferimento', 'sedi', 'settori', 'categorie', 'classiLaurea']) {
    if (!Array.isArray(r[key])) throw new Error(`${where}.${key}: must be an array`);
  }
  return r as unknown as BandoRecord;
}

export function loadCorpus(dir: string = CORPUS_DIR): Corpus {
  const parsed: unknown = JSON.parse(readFileSync(join(dir, 'feed.json'), 'utf8'));
  if (!Array.isArray(parsed)) throw new Error('corpus/feed.json: must be an array of records');
  const records = parsed.map(checkRecord);
  const byCode = new Map(records.map((r) => [r.codice, r]));
  const texts = new Map<string, string>();
  for (const r of records) texts.set(r.codice, readFileSync(join(dir, 'texts', `${r.codice}.txt`), 'utf8'));
  return {
    records,
    get: (codice) => byCode.get(codice.toUpperCase()),
    text: (codice) => texts.get(codice.toUpperCase()),
  };
}
