/**
 * ingest(): read a source, normalise each document, store what is new or changed. Incremental: a document whose
 * content hash (text + metadata) equals its tender's current version is skipped; a changed one gets version n+1.
 * Bad documents are recorded in ingestion_errors and never block the others.
 */
import type { Sql } from '../db/client.ts';
import { createSource, type SourceConfigInput } from './sources/index.ts';
import { contentHash, normalizeDocument } from './normalize.ts';
import { isSourceError, type IngestResult, type NormalizedTender, type Source } from './types.ts';

export interface IngestOptions {
  runId?: string;
  signal?: AbortSignal;
}

/** Accepts a DbHandle-like `{ sql }` or the postgres.js client itself. */
export type SqlLike = Sql | { sql: Sql };

export function sqlOf(db: SqlLike): Sql {
  return typeof db === 'function' ? db : db.sql;
}

export async function ingest(db: SqlLike, source: Source | SourceConfigInput, opts: IngestOptions = {}): Promise<IngestResult> {
  const sql = sqlOf(db);
  const src = 'documents' in source ? source : createSource(source);
  const result: IngestResult = { added: [], changed: [], unchanged: [], errors: [] };
  const seen = new Set<string>();
  const fail = async (externalId: string, reason: string) => {
    result.errors.push({ externalId, reason });
    await sql`insert into ingestion_errors (source, external_id, reason, run_id)
      values (${src.id}, ${externalId}, ${reason}, ${opts.runId ?? null})`;
  };
  try {
    for await (const item of src.documents(opts.signal)) {
      if (isSourceError(item)) {
        await fail(item.externalId, item.error);
        continue;
      }
      const n = await normalizeDocument(item);
      if (!n.ok) {
        await fail(item.externalId, n.reason);
        continue;
      }
      if (seen.has(n.tender.id)) {
        await fail(item.externalId, `duplicate tender id ${n.tender.id} in this source`);
        continue;
      }
      seen.add(n.tender.id);
      const outcome = await store(sql, src.id, n.tender);
      result[outcome].push(n.tender.id);
    }
  } catch (err) {
    // The listing itself failed (after its retries) or the run was aborted: keep what was stored, say why it stopped.
    if (opts.signal?.aborted) throw err;
    await fail('*', `source failed: ${(err as Error).message}`);
  }
  return result;
}

async function store(sql: Sql, sourceId: string, tender: NormalizedTender): Promise<'added' | 'changed' | 'unchanged'> {
  const hash = contentHash(tender);
  return sql.begin(async (tx) => {
    // Row lock: two ingesters reading the same tender cannot both create version n+1.
    const [current] = await tx<{ version: number; content_hash: string }[]>`
      select v.version, v.content_hash from tenders t
      join tender_versions v on v.tender_id = t.id and v.version = t.current_version
      where t.id = ${tender.id} for update of t`;
    if (current?.content_hash === hash) return 'unchanged';
    const version = (current?.version ?? 0) + 1;
    const metadata = tx.json(tender.metadata as never);
    if (current) {
      await tx`update tenders set current_version = ${version}, metadata = ${metadata}, source = ${sourceId}, updated_at = now()
        where id = ${tender.id}`;
    } else {
      await tx`insert into tenders (id, source, current_version, metadata) values (${tender.id}, ${sourceId}, ${version}, ${metadata})`;
    }
    await tx`insert into tender_versions (tender_id, version, content_hash, text, articles, metadata)
      values (${tender.id}, ${version}, ${hash}, ${tender.text}, ${tx.json(tender.articles as never)}, ${metadata})`;
    return current ? 'changed' : 'added';
  });
}

export interface StoredTender {
  id: string;
  /** The source it was ingested from: a chatbot serves the corpus of its own source. */
  source: string;
  version: number;
  text: string;
  articles: NormalizedTender['articles'];
  metadata: NormalizedTender['metadata'];
}

/** The current version of each tender (all, or the given ids), for test generation. */
export async function loadCurrentTenders(db: SqlLike, ids?: string[]): Promise<StoredTender[]> {
  const sql = sqlOf(db);
  const rows = await sql<{ id: string; source: string; version: number; text: string; articles: StoredTender['articles']; metadata: StoredTender['metadata'] }[]>`
    select t.id, t.source, v.version, v.text, v.articles, v.metadata from tenders t
    join tender_versions v on v.tender_id = t.id and v.version = t.current_version
    ${ids ? sql`where t.id in ${sql(ids)}` : sql``}
    order by t.id`;
  return rows.map((r) => ({ ...r }));
}
