/**
 * ingest(): read a source, normalise each document, store what is new or changed. Incremental: a document whose
 * content hash (text + metadata) equals its tender's current version is skipped; a changed one gets version n+1.
 * Bad documents are recorded in ingestion_errors and never block the others.
 */
import { and, asc, eq, inArray, sql as frag } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../db/client.ts';
import { storable } from '../db/storable.ts';
import { ingestionErrors, tenders, tenderVersions } from '../db/schema/index.ts';
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
    await drizzleOf(sql).insert(ingestionErrors).values(storable({ source: src.id, externalId, reason, runId: opts.runId ?? null }));
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

/**
 * A document's text and metadata go in through `storable`: a NUL in a PDF's text layer or a feed's field would
 * fail the insert and stop the ingestion of every document after it. Hashed as stored, so a re-run finds it unchanged.
 */
async function store(sql: Sql, sourceId: string, given: NormalizedTender): Promise<'added' | 'changed' | 'unchanged'> {
  const tender = storable(given);
  const hash = contentHash(tender);
  return drizzleOf(sql).transaction(async (tx) => {
    // Row lock: two ingesters reading the same tender cannot both create version n+1.
    const [current] = await tx
      .select({ version: tenderVersions.version, contentHash: tenderVersions.contentHash })
      .from(tenders)
      .innerJoin(tenderVersions, currentVersion)
      .where(eq(tenders.id, tender.id))
      .for('update', { of: tenders });
    if (current?.contentHash === hash) return 'unchanged';
    const version = (current?.version ?? 0) + 1;
    const metadata = tender.metadata;
    if (current) {
      await tx.update(tenders).set({ currentVersion: version, metadata, source: sourceId, updatedAt: frag`now()` }).where(eq(tenders.id, tender.id));
    } else {
      await tx.insert(tenders).values({ id: tender.id, source: sourceId, currentVersion: version, metadata });
    }
    await tx.insert(tenderVersions).values({ tenderId: tender.id, version, contentHash: hash, text: tender.text, articles: tender.articles, metadata });
    return current ? 'changed' : 'added';
  });
}

/** A tender joined to its current version. */
const currentVersion = and(eq(tenderVersions.tenderId, tenders.id), eq(tenderVersions.version, tenders.currentVersion));

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
  const rows = await drizzleOf(sql)
    .select({ id: tenders.id, source: tenders.source, version: tenderVersions.version, text: tenderVersions.text, articles: tenderVersions.articles, metadata: tenderVersions.metadata })
    .from(tenders)
    .innerJoin(tenderVersions, currentVersion)
    .where(ids ? inArray(tenders.id, ids) : undefined)
    .orderBy(asc(tenders.id));
  return rows.map((r) => ({ ...r, articles: r.articles as StoredTender['articles'], metadata: r.metadata as StoredTender['metadata'] }));
}
