/**
 * The weaviate source through the real weaviate-client against a local fake Weaviate: an HTTP server for
 * REST (/v1/meta) and a gRPC server (nice-grpc, which weaviate-client itself uses, with the client's own
 * proto definitions) answering Health/Check and Weaviate/Search from an in-memory collection ordered by
 * uuid. The test asserts the Search requests the adapter makes (cursor, limit, tenant, vector names,
 * properties) and what it yields.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer, type CompatServiceDefinition, type Server } from 'nice-grpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnose } from '../../../shared/diagnostics/diagnose.ts';
import { openSource } from '../../../shared/diagnostics/sources/index.ts';
import type { VectorRecord } from '../../../shared/diagnostics/types.ts';

interface FakeObject {
  uuid: string;
  tenant: string;
  docId: string;
  vectors: Record<string, number[]>;
}

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const objects: FakeObject[] = [];
for (let i = 0; i < 25; i++) {
  const doc = Math.floor(i / 5);
  objects.push({
    uuid: uuid(i),
    tenant: i % 2 === 0 ? 'roma' : 'milano',
    docId: `bando-${doc}`,
    vectors: { title: [doc, 1, 0, i / 100], body: [1, doc, i / 100, 0] },
  });
}

/** The proto definitions ship in weaviate-client but are not in its exports map: load them by file. */
const protoDir = path.resolve('node_modules/weaviate-client/dist/node/esm/proto');
const load = (rel: string) => import(pathToFileURL(path.join(protoDir, rel)).href) as Promise<Record<string, unknown>>;
const [health, base, weaviateProto] = await Promise.all([
  load('google/health/v1/health.js'),
  load('v1/base.js'),
  load('v1/weaviate.js'),
]);
const SERVING = (health.HealthCheckResponse_ServingStatus as unknown as { SERVING: number }).SERVING;
const SINGLE_FP32 = (base.Vectors_VectorType as unknown as { VECTOR_TYPE_SINGLE_FP32: number }).VECTOR_TYPE_SINGLE_FP32;

/** The fields of weaviate.v1.SearchRequest this test reads. */
interface SearchRequest {
  collection: string;
  tenant: string;
  limit: number;
  after: string;
  metadata?: { uuid: boolean; vector: boolean; vectors: string[] };
  properties?: { nonRefProperties: string[] };
}

const bytes = (v: number[]) => new Uint8Array(Float32Array.from(v).buffer);
const searches: SearchRequest[] = [];
const restPaths: string[] = [];
let httpServer: http.Server;
let grpcServer: Server;
let restUrl: string;
let grpcUrl: string;

beforeAll(async () => {
  httpServer = http.createServer((req, res) => {
    restPaths.push(`${req.method} ${req.url}`);
    if (req.url === '/v1/meta') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ version: '1.30.0', hostname: 'http://[::]:8080', modules: {} }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  restUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;

  grpcServer = createServer();
  grpcServer.add(health.HealthDefinition as CompatServiceDefinition, {
    check: async () => ({ status: SERVING }),
    watch: async function* () {},
  });
  grpcServer.add(weaviateProto.WeaviateDefinition as CompatServiceDefinition, {
    async search(req: SearchRequest) {
      searches.push(req);
      const inTenant = objects.filter((o) => req.tenant === '' || o.tenant === req.tenant);
      const start = req.after === '' ? 0 : inTenant.findIndex((o) => o.uuid === req.after) + 1;
      const page = inTenant.slice(start, start + req.limit);
      const names = req.metadata?.vectors.length ? req.metadata.vectors : req.metadata?.vector ? ['title'] : [];
      return {
        took: 0,
        results: page.map((o) => ({
          properties: { nonRefProps: { fields: { docId: { textValue: o.docId } } }, targetCollection: req.collection },
          metadata: {
            id: o.uuid,
            vectors: names.map((name) => ({ name, vectorBytes: bytes(o.vectors[name]!), type: SINGLE_FP32 })),
          },
        })),
      };
    },
    batchObjects: async () => ({}),
    batchReferences: async () => ({}),
    batchDelete: async () => ({}),
    tenantsGet: async () => ({}),
    aggregate: async () => ({}),
    batchSend: async () => ({}),
    batchStream: async function* () {},
  } as never);
  const port = await grpcServer.listen('127.0.0.1:0');
  grpcUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await grpcServer?.shutdown();
  await new Promise((resolve) => httpServer?.close(resolve));
});

async function collect(src: AsyncIterable<VectorRecord>) {
  const out: VectorRecord[] = [];
  for await (const r of src) out.push(r);
  return out;
}

describe('weaviate source against a fake Weaviate (REST + gRPC)', () => {
  it('pages a tenant of a collection by cursor, asking for the named vector and the doc property', async () => {
    searches.length = 0;
    const src = openSource({
      type: 'weaviate',
      url: restUrl,
      grpcUrl,
      collection: 'Bandi',
      tenant: 'roma',
      vectorName: 'body',
      docIdProperty: 'docId',
      pageSize: 5,
    });
    const rows = await collect(src);
    const roma = objects.filter((o) => o.tenant === 'roma');
    expect(rows.map((r) => r.id)).toEqual(roma.map((o) => o.uuid));
    expect(rows[1]).toEqual({ id: roma[1]!.uuid, docId: roma[1]!.docId, vector: Array.from(Float32Array.from(roma[1]!.vectors.body!)) });
    expect(searches.map((s) => [s.collection, s.tenant, s.limit, s.after])).toEqual([
      ['Bandi', 'roma', 5, ''],
      ['Bandi', 'roma', 5, roma[4]!.uuid],
      ['Bandi', 'roma', 5, roma[9]!.uuid],
    ]);
    expect(searches[0]!.metadata).toMatchObject({ uuid: true, vectors: ['body'] });
    expect(searches[0]!.properties?.nonRefProperties).toEqual(['docId']);
    expect(restPaths).toContain('GET /v1/meta');
  });

  it('diagnoses the whole collection through the client', async () => {
    const src = openSource({ type: 'weaviate', url: restUrl, grpcUrl, collection: 'Bandi', vectorName: 'title', pageSize: 10 });
    const report = await diagnose(src, { sampleSize: 100 });
    expect(report.metrics.objects).toBe(25);
    expect(report.metrics.dimension.expected).toBe(4);
    expect(report.metrics.silhouette.documents).toBe(5);
  });
});
