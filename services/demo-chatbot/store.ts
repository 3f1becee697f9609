/**
 * The demo chatbot's own Postgres schema `demo` (created on start, not part of vaglio's migrations: the
 * demo is a target under test, not vaglio) and the idempotent corpus loader.
 *
 * demo.chunks(embedding real[]) with doc column tender_id is what the diagnostics service reads as the
 * vector store of this target.
 */
import type { Sql } from '../../shared/db/client.ts';
import type { TenderMetadata } from '../../shared/tender/metadata.ts';
import { readCorpus, type CorpusTender } from './corpus.ts';
import { hashedEmbedder, type Embedder } from './embedding.ts';
import { faultyIndexes, type FaultSet } from './faults.ts';
import { REGIONS, regionKey } from './text.ts';

const LOCK_ID = 7_311_642_101; // serialises concurrent schema creation by several demo processes

export async function ensureDemoSchema(sql: Sql): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${LOCK_ID})`;
    await tx.unsafe(`
      create schema if not exists demo;
      create table if not exists demo.tenders (
        id text primary key,
        title text not null,
        administration text not null,
        region text,
        metadata jsonb not null,
        text text not null,
        tsv tsvector generated always as (to_tsvector('italian'::regconfig, title || ' ' || text)) stored
      );
      create index if not exists tenders_tsv_idx on demo.tenders using gin (tsv);
      create table if not exists demo.chunks (
        id text primary key,
        tender_id text not null references demo.tenders(id) on delete cascade,
        ord integer not null,
        text text not null,
        embedding real[] not null
      );
      create index if not exists chunks_tender_idx on demo.chunks (tender_id, ord);
      create table if not exists demo.faq (
        id text primary key,
        question text not null,
        answer text not null,
        tsv tsvector generated always as (to_tsvector('italian'::regconfig, question || ' ' || answer)) stored
      );
      create index if not exists faq_tsv_idx on demo.faq using gin (tsv);
    `);
  });
}

export interface LoadOptions {
  faults?: FaultSet;
  embed?: Embedder;
}

export interface LoadResult {
  tenders: number;
  chunks: number;
  faq: number;
}

const CHUNK_CHARS = 1200;

/** One chunk per article, long articles split on paragraph boundaries. */
export function chunkTender(t: CorpusTender): string[] {
  const out: string[] = [];
  for (const a of t.articles) {
    const head = `Art. ${a.number} - ${a.heading}`;
    let buf = '';
    for (const para of a.text.split(/\n\s*\n/)) {
      if (buf && buf.length + para.length > CHUNK_CHARS) {
        out.push(`${head}\n\n${buf.trim()}`);
        buf = '';
      }
      buf += `${para}\n\n`;
    }
    out.push(`${head}\n\n${buf.trim()}`.trim());
  }
  return out.length ? out : [t.text];
}

/** The `wrong-metadata` alteration: another region and one extra degree the bando does not ask for. */
export function alterMetadata(m: TenderMetadata): TenderMetadata {
  const region = m.workLocations[0]?.regione ?? 'Lazio';
  const idx = REGIONS.findIndex((r) => regionKey(r) === regionKey(region));
  const wrongRegion = REGIONS[(idx + 7) % REGIONS.length] ?? 'Molise';
  const extra = ['LM-18', 'L-31', 'LM-32'].find((d) => !m.requiredDegrees.includes(d)) ?? 'LM-91';
  const locs = m.workLocations.length ? m.workLocations : [{ regione: region }];
  return {
    ...m,
    workLocations: locs.map((l, i) => (i === 0 ? { regione: wrongRegion } : l)),
    requiredDegrees: [...m.requiredDegrees, extra],
  };
}

export async function loadCorpus(sql: Sql, dir: string, opts: LoadOptions = {}): Promise<LoadResult> {
  const faults = opts.faults ?? new Set();
  const embed = opts.embed ?? hashedEmbedder;
  const corpus = await readCorpus(dir);
  const tenders = [...corpus.tenders].sort((a, b) => a.metadata.id.localeCompare(b.metadata.id));
  const badMeta = faults.has('wrong-metadata') ? faultyIndexes(tenders.length) : new Set<number>();
  const chunked = tenders.map((t) => chunkTender(t));
  const flat = chunked.flat();
  const vectors = await embed(flat);
  const zeroed = faults.has('zero-vectors') ? faultyIndexes(flat.length) : new Set<number>();
  let k = 0;
  await ensureDemoSchema(sql);
  await sql.begin(async (tx) => {
    for (const [i, t] of tenders.entries()) {
      const meta = badMeta.has(i) ? alterMetadata(t.metadata) : t.metadata;
      const region = meta.workLocations[0]?.regione ?? null;
      await tx`insert into demo.tenders (id, title, administration, region, metadata, text)
        values (${meta.id}, ${t.title}, ${meta.administration}, ${region}, ${JSON.stringify(meta)}::text::jsonb, ${t.text})
        on conflict (id) do update set title = excluded.title, administration = excluded.administration,
          region = excluded.region, metadata = excluded.metadata, text = excluded.text`;
      await tx`delete from demo.chunks where tender_id = ${meta.id}`;
      for (const [ord, text] of (chunked[i] ?? []).entries()) {
        const v = zeroed.has(k) ? new Array<number>(vectors[k]?.length ?? 0).fill(0) : (vectors[k] ?? []);
        k++;
        await tx`insert into demo.chunks (id, tender_id, ord, text, embedding)
          values (${`${meta.id}#${ord}`}, ${meta.id}, ${ord}, ${text}, ${v}::real[])`;
      }
    }
    for (const f of corpus.faq) {
      await tx`insert into demo.faq (id, question, answer) values (${f.id}, ${f.question}, ${f.answer})
        on conflict (id) do update set question = excluded.question, answer = excluded.answer`;
    }
  });
  return { tenders: tenders.length, chunks: flat.length, faq: corpus.faq.length };
}
