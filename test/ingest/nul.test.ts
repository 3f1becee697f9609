/**
 * A bando whose text and metadata hold a NUL character (U+0000, which Postgres text and jsonb cannot hold), as a
 * broken PDF text layer or feed can give: it is stored with ␀ in its place, the documents after it are ingested
 * too, and a re-run finds it unchanged. The bad document's reason quoting a NUL is recorded the same way.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest, loadCurrentTenders } from '../../shared/ingest/index.ts';
import { loadDemoCorpus } from '../../examples/corpus/corpus.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';

let infra: TestInfra;
let dir: string;
const [first, second] = loadDemoCorpus();

beforeAll(async () => {
  infra = await createTestInfra('ingest nul');
  dir = mkdtempSync(join(tmpdir(), 'vaglio-ingest-nul-'));
  // Files are read in name order: the bando with the NUL comes first, the plain one after it.
  writeFileSync(join(dir, 'a-nul.md'), first!.text.replace(/\n/, '\u0000\n'));
  writeFileSync(join(dir, 'a-nul.json'), JSON.stringify({ ...first!.metadata, id: 'a-nul', title: `${first!.metadata.title}\u0000` }));
  writeFileSync(join(dir, 'b-plain.md'), second!.text);
  writeFileSync(join(dir, 'b-plain.json'), JSON.stringify({ ...second!.metadata, id: 'b-plain' }));
  writeFileSync(join(dir, 'c-bad.md'), second!.text);
  writeFileSync(join(dir, 'c-bad.json'), JSON.stringify({ ...second!.metadata, id: 'c-bad', deadline: 'entro il\u0000 31' }));
});
afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  await infra?.teardown();
});

const folder = () => ({ type: 'folder' as const, id: 'nul-folder', path: dir });

describe('a bando holding a NUL', () => {
  it('is stored with ␀ in its place, and the documents after it are ingested too', async () => {
    const r = await ingest(infra.sql, folder(), { runId: 'run-nul' });
    expect(r.added.sort()).toEqual(['a-nul', 'b-plain']);
    expect(r.errors.map((e) => e.externalId)).toEqual(['c-bad.md']);
    const [nul, plain] = await loadCurrentTenders(infra, ['a-nul', 'b-plain']);
    expect(nul?.text).toContain('\u2400\n');
    expect(nul?.text).not.toContain('\u0000');
    expect(nul?.metadata.title).toBe(`${first!.metadata.title}\u2400`);
    expect(plain?.text).toBe(second!.text.trim());
    const [bad] = await infra.sql<{ reason: string }[]>`select reason from ingestion_errors where external_id = 'c-bad.md'`;
    expect(bad?.reason).toMatch(/^invalid metadata: .*deadline/);
  });

  it('is unchanged on a re-run', async () => {
    const again = await ingest(infra.sql, folder());
    expect(again).toMatchObject({ added: [], changed: [] });
    expect(again.unchanged.sort()).toEqual(['a-nul', 'b-plain']);
  });
});
