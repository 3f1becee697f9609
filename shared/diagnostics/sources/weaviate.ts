/**
 * A Weaviate collection through weaviate-client 3.x, paged by cursor (`fetchObjects({ after })`), with the
 * vector included: the default vector, or a named one (`vectorName`); one tenant of a multi-tenant
 * collection (`tenant`); the document id read from a property (`docIdProperty`).
 * Not `collection.iterator()`: in 3.12 it fetches a page of 100 for every object it yields and keeps one,
 * sending each vector ~100 times. Queries go over gRPC (the client requires it); paging and mapping are
 * in `weaviateRecords`, which takes the page fetcher as an argument, and the whole path is also tested
 * through the real client against a local fake server (REST /v1/meta + gRPC Search).
 */
import weaviate, { type WeaviateClient } from 'weaviate-client';
import { z } from 'zod';
import type { VectorRecord, VectorSource } from '../types.ts';

export const weaviateSourceSchema = z
  .object({
    type: z.literal('weaviate'),
    /** REST endpoint, e.g. http://localhost:8080 */
    url: z.string().url(),
    /** gRPC endpoint; default: the REST host on port 50051 (Weaviate's default). */
    grpcUrl: z.string().url().optional(),
    collection: z.string().min(1),
    vectorName: z.string().min(1).optional(),
    tenant: z.string().min(1).optional(),
    docIdProperty: z.string().min(1).default('docId'),
    pageSize: z.number().int().min(1).max(10_000).default(500),
  })
  .strict();
export type WeaviateSourceConfig = z.infer<typeof weaviateSourceSchema>;

/** The part of a fetched object this source reads. */
export interface WeaviateObjectLike {
  uuid: string;
  properties: Record<string, unknown>;
  vectors: Record<string, unknown> | undefined;
}
export type FetchPage = (after: string | undefined, limit: number) => Promise<WeaviateObjectLike[]>;

function pickVector(obj: WeaviateObjectLike, vectorName: string | undefined): number[] | null {
  const vectors = obj.vectors ?? {};
  const names = Object.keys(vectors);
  const name = vectorName ?? ('default' in vectors ? 'default' : names.length === 1 ? names[0] : undefined);
  const v = name === undefined ? undefined : vectors[name];
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v)) throw new Error(`weaviate object ${obj.uuid}: vector "${name}" is not an array`);
  if (v.length > 0 && Array.isArray(v[0])) {
    throw new Error(`weaviate object ${obj.uuid}: vector "${name}" is a multi-vector (not supported)`);
  }
  return v as number[];
}

export function toRecord(obj: WeaviateObjectLike, config: Pick<WeaviateSourceConfig, 'vectorName' | 'docIdProperty'>): VectorRecord {
  const doc = obj.properties[config.docIdProperty];
  return {
    id: obj.uuid,
    docId: doc === undefined || doc === null ? '' : String(doc),
    vector: pickVector(obj, config.vectorName),
  };
}

/** Page through a collection by cursor: each page starts after the last uuid of the previous one. */
export async function* weaviateRecords(
  fetchPage: FetchPage,
  config: Pick<WeaviateSourceConfig, 'vectorName' | 'docIdProperty' | 'pageSize'>,
): AsyncGenerator<VectorRecord> {
  let after: string | undefined;
  for (;;) {
    const page = await fetchPage(after, config.pageSize);
    for (const obj of page) yield toRecord(obj, config);
    const last = page[page.length - 1];
    if (page.length < config.pageSize || last === undefined) return;
    after = last.uuid;
  }
}

export async function connectWeaviate(config: WeaviateSourceConfig, apiKey?: string): Promise<WeaviateClient> {
  const http = new URL(config.url);
  const grpc = new URL(config.grpcUrl ?? `${http.protocol === 'https:' ? 'https' : 'http'}://${http.hostname}:50051`);
  const port = (u: URL) => Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  return weaviate.connectToCustom({
    httpHost: http.hostname,
    httpPort: port(http),
    httpSecure: http.protocol === 'https:',
    httpPath: http.pathname === '/' ? undefined : http.pathname,
    grpcHost: grpc.hostname,
    grpcPort: port(grpc),
    grpcSecure: grpc.protocol === 'https:',
    authCredentials: apiKey ? new weaviate.ApiKey(apiKey) : undefined,
  });
}

export function weaviatePageFetcher(client: WeaviateClient, config: WeaviateSourceConfig): FetchPage {
  const base = client.collections.get(config.collection);
  const collection = config.tenant ? base.withTenant(config.tenant) : base;
  return async (after, limit) => {
    const res = await collection.query.fetchObjects({
      limit,
      after,
      includeVector: config.vectorName ? [config.vectorName] : true,
      returnProperties: [config.docIdProperty],
    });
    return res.objects.map((o) => ({ uuid: o.uuid, properties: o.properties, vectors: o.vectors }));
  };
}

export function weaviateSource(
  config: WeaviateSourceConfig,
  deps: { weaviateApiKey?: string; weaviateClient?: WeaviateClient },
): VectorSource {
  return {
    async *[Symbol.asyncIterator](): AsyncGenerator<VectorRecord> {
      const own = deps.weaviateClient ? undefined : await connectWeaviate(config, deps.weaviateApiKey);
      const client = deps.weaviateClient ?? own!;
      try {
        yield* weaviateRecords(weaviatePageFetcher(client, config), config);
      } finally {
        await own?.close();
      }
    },
  };
}
