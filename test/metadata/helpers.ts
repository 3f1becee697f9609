/** Shared fixtures for the metadata tests: the real GU excerpts and a metadata builder. */
import { readFileSync } from 'node:fs';
import { sharedData } from '../helpers/shared-data.ts';
import { tenderMetadataSchema, type TenderMetadata } from '../../shared/tender/metadata.ts';

export interface Excerpt {
  codice_redazionale: string;
  data_pubblicazione_gu: string;
  text: string;
}

export function excerpts(): Excerpt[] {
  return readFileSync(sharedData('bandi/gu_concorsi_article_excerpts.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Excerpt);
}

export function excerpt(code: string): Excerpt {
  const e = excerpts().find((x) => x.codice_redazionale === code);
  if (!e) throw new Error(`no excerpt ${code}`);
  return e;
}

export function meta(over: Partial<TenderMetadata> = {}): TenderMetadata {
  return tenderMetadataSchema.parse({
    id: 'T1',
    title: 'Concorso',
    administration: 'Ente',
    deadline: '2027-01-31',
    posts: 5,
    procedure: 'concorso',
    publicationDate: '2026-12-01',
    ...over,
  });
}
