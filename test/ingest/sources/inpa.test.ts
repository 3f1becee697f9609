/** The inPA source against a real HTTP server shaped like the portal: paged list, details, a failing page. */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createSource, normalizeDocument, isSourceError, type RawDocument, type SourceItem } from '../../../shared/ingest/index.ts';
import { json, serve } from '../http-server.ts';
import { hasSharedData, NEEDS_SHARED_DATA, sharedData } from '../../helpers/shared-data.ts';

// The real record where the public data is at hand; else a stand-in with an id, which is all paging needs.
const realRecord = (
  hasSharedData ? JSON.parse(readFileSync(sharedData('bandi/inpa_api_record_example.json'), 'utf8')) : { id: 'rec0', titolo: 'Concorso pubblico per 1 posto' }
) as Record<string, unknown>;

/** Five records: the real one and four variations of it (ids, titles, posts). */
const records = Array.from({ length: 5 }, (_, i) =>
  i === 0 ? realRecord : { ...realRecord, id: `rec${i}`, titolo: `Concorso pubblico per ${i + 1} posti di istruttore n. ${i}`, numPosti: i + 1 },
);

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function collect(iter: AsyncIterable<SourceItem>): Promise<SourceItem[]> {
  const out: SourceItem[] = [];
  for await (const item of iter) out.push(item);
  return out;
}

function portal(opts: { failPageOnce?: number; missingDetail?: string } = {}) {
  const hits = { list: [] as number[], failed: 0 };
  return {
    hits,
    start: () =>
      serve((req, res, url) => {
        if (url.pathname === '/concorsi-smart/api/concorso-public-area/search-better' && req.method === 'POST') {
          const page = Number(url.searchParams.get('page'));
          const size = Number(url.searchParams.get('size'));
          hits.list.push(page);
          if (page === opts.failPageOnce && hits.failed === 0) {
            hits.failed++;
            return json(res, 503, { error: 'busy' });
          }
          const content = records.slice(page * size, page * size + size);
          return json(res, 200, { content, totalPages: Math.ceil(records.length / size), last: (page + 1) * size >= records.length });
        }
        const m = /^\/concorsi-smart\/api\/concorso-public-area\/(\w+)$/.exec(url.pathname);
        const rec = m ? records.find((r) => r.id === m[1]) : undefined;
        if (!rec || m?.[1] === opts.missingDetail) return json(res, 404, { error: 'not found' });
        // The detail adds the administration and sedi as objects.
        return json(res, 200, {
          ...rec,
          company: { name: 'Comune di Grottaminarda' },
          sedi: [{ regioneDenominazione: 'Campania', provinciaDenominazione: 'Avellino' }],
          requisitiSpecifici: '<p>Essere iscritti negli elenchi del personale in disponibilit&agrave;.</p>',
        });
      }),
  };
}

describe('inpa source', () => {
  it('pages through the list, retries a page that fails once, and reads every detail', async () => {
    const p = portal({ failPageOnce: 1 });
    const server = await p.start();
    close = server.close;
    const source = createSource({ type: 'inpa', baseUrl: server.url, pageSize: 2, backoffMs: 1 });
    const items = await collect(source.documents());
    expect(items.filter(isSourceError)).toEqual([]);
    expect(items.map((i) => i.externalId)).toEqual(records.map((r) => r.id));
    expect(p.hits.failed).toBe(1);
    expect(p.hits.list).toEqual([0, 1, 1, 2]);
  });

  it.skipIf(!hasSharedData)(`maps the real inPA record to valid tender metadata (Rome deadline, administration, region)${NEEDS_SHARED_DATA}`, async () => {
    const server = await portal().start();
    close = server.close;
    const [first] = await collect(createSource({ type: 'inpa', baseUrl: server.url, pageSize: 10 }).documents());
    const n = await normalizeDocument(first as RawDocument);
    if (!n.ok) throw new Error(n.reason);
    expect(n.tender.metadata).toMatchObject({
      id: `inpa-${realRecord.id as string}`,
      administration: 'Comune di Grottaminarda',
      profile: 'Operatore Esperto',
      // 22:59 UTC on 28 March 2026 is 23:59 in Rome (CET: summer time starts that night).
      deadline: '2026-03-28',
      deadlineTime: '23:59',
      publicationDate: '2026-03-13',
      posts: 2,
      procedure: 'mobilita',
      workLocations: [{ regione: 'Campania', provincia: 'Avellino' }],
    });
    expect(n.tender.text).toContain('MOBILITÀ OBBLIGATORIA');
    expect(n.tender.text).toContain('disponibilità');
    expect(n.tender.text).not.toContain('<span');
  });

  it('turns a record whose detail is missing into an error item and goes on', async () => {
    const server = await portal({ missingDetail: 'rec2' }).start();
    close = server.close;
    const items = await collect(createSource({ type: 'inpa', baseUrl: server.url, pageSize: 3, retries: 0 }).documents());
    expect(items.filter(isSourceError)).toEqual([expect.objectContaining({ externalId: 'rec2', error: expect.stringContaining('404') })]);
    expect(items).toHaveLength(records.length);
  });

  it('reads a record with only some fields (no ente), and says what is wrong with a bad one', async () => {
    const server = await serve((req, res, url) => {
      if (req.method === 'POST') return json(res, 200, { content: [{ id: 'x1' }, { id: { nested: true }, titolo: 'senza id' }], last: true });
      return url.pathname.endsWith('/x1') ? json(res, 200, { id: 'x1', titolo: 'Concorso pubblico per 1 posto' }) : json(res, 404, {});
    });
    close = server.close;
    const items = await collect(createSource({ type: 'inpa', baseUrl: server.url, retries: 0 }).documents());
    expect(items[0]).toMatchObject({ externalId: 'x1', text: expect.stringContaining('Concorso pubblico per 1 posto') });
    expect(items[1]).toMatchObject({ externalId: 'page 0 #1', error: expect.stringMatching(/^bad list record: .*id/s) });
  });

  it('gives up on a page after the bounded retries', async () => {
    let calls = 0;
    const server = await serve((_req, res) => {
      calls++;
      json(res, 500, {});
    });
    close = server.close;
    const source = createSource({ type: 'inpa', baseUrl: server.url, retries: 2, backoffMs: 1 });
    await expect(collect(source.documents())).rejects.toThrow(/HTTP 500/);
    expect(calls).toBe(3);
  });

  it('stops when the signal is aborted', async () => {
    const server = await portal().start();
    close = server.close;
    const ac = new AbortController();
    const seen: string[] = [];
    const run = async () => {
      for await (const item of createSource({ type: 'inpa', baseUrl: server.url, pageSize: 1 }).documents(ac.signal)) {
        seen.push(item.externalId);
        ac.abort();
      }
    };
    await expect(run()).rejects.toThrow();
    expect(seen).toHaveLength(1);
  });
});
