/**
 * metadata.verify with an extractor model configured: only the items the rules left ambiguous go to the model
 * (a real OpenAI-compatible test server), its answers are applied within each item's options, and the call is
 * recorded. Without a model the same items stay "needs review".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { startTestWorkers, waitForRunStatus } from '../helpers/engine.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import { meta } from './helpers.ts';
import type { Redis } from 'ioredis';

const TEXT = 'Il corso di formazione tratta anche temi della classe LM-63 e della classe LM-62. Entro il 31 gennaio 2027 va presentata la domanda.';
let infra: TestInfra;
let llm: FakeOpenAI;
let redis: Redis;

beforeAll(async () => {
  infra = await createTestInfra('metadata_llm');
  llm = await startFakeOpenAI();
  redis = redisConnection(infra.redisUrl);
  const m = meta({ requiredDegrees: [] });
  await infra.sql`insert into tenders (id, source, current_version, metadata) values ('T1', 'test', 1, ${infra.sql.json(m)})`;
  await infra.sql`insert into tender_versions (tender_id, version, content_hash, text, metadata) values ('T1', 1, 'h', ${TEXT}, ${infra.sql.json(m)})`;
});
afterAll(async () => {
  redis?.disconnect();
  await llm?.close();
  await infra?.teardown();
});

async function verify(extra: Record<string, string>) {
  const workers = await startTestWorkers(infra, ['metadata', 'control'], extra);
  try {
    const { runId } = await submitRun({ sql: infra.sql, redis, prefix: infra.prefix }, {
      name: 'md',
      plan: 'dag',
      spec: {},
      tasks: [{ key: 'metadata.T1', kind: 'metadata.verify', payload: { tenderId: 'T1' } }],
    });
    expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'])).toBe('completed');
    const row = (await infra.sql<{ verdict: string; discrepancies: { textValue?: string; resolvedBy?: string }[]; ambiguous: { textValue?: string }[] }[]>`
      select verdict, discrepancies, ambiguous from metadata_checks where run_id = ${runId}`)[0]!;
    return { runId, row };
  } finally {
    await workers.stop();
  }
}

describe('ambiguous metadata and the extractor model', () => {
  it('without a model, ambiguous items stay "needs review" and decide nothing', async () => {
    const { row } = await verify({});
    expect(row.ambiguous.map((a) => a.textValue).sort()).toEqual(['LM-62', 'LM-63']);
    expect(row.verdict).toBe('ok');
    expect(llm.chatRequests()).toHaveLength(0);
  });

  it('with a model, only those items are asked, answers outside the options are ignored, the call is recorded', async () => {
    llm.setHandler((req) => {
      const user = String(req.body.messages?.[1]?.content ?? '');
      if (user.startsWith('<<<PASSAGES')) return { content: JSON.stringify({ entities: [] }) }; // the model's own reading: nothing
      const items = JSON.parse(user.slice(user.indexOf('\n') + 1, user.lastIndexOf('\nITEMS>>>'))) as { id: string; textValue: string }[];
      const answers = items.map((i) => ({ id: i.id, decision: i.textValue === 'LM-63' ? 'missing' : 'bogus-option', reason: 'scripted' }));
      return { content: JSON.stringify({ answers }) };
    });
    const { runId, row } = await verify({ VAGLIO_LLM_BASE_URL: llm.baseURL, VAGLIO_LLM_API_KEY: 'sk-test', VAGLIO_EXTRACTOR_MODEL: 'extractor-test' });
    // The invalid answer fails the schema once and the repair gets the same: nothing is applied from it.
    const asked = llm.chatRequests().find((r) => String(r.body.messages?.[1]?.content ?? '').startsWith('<<<ITEMS'));
    const sent = JSON.stringify(asked?.body.messages);
    expect(sent).toContain('LM-63');
    expect(sent).not.toContain('Entro il 31 gennaio 2027'); // only the items and their evidence, not the whole text
    expect(row.ambiguous.map((a) => a.textValue).sort()).toEqual(['LM-62', 'LM-63']);
    const calls = await infra.sql<{ role: string }[]>`select role from llm_calls where run_id = ${runId}`;
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls.every((c) => c.role === 'extractor')).toBe(true);

    llm.setHandler((req) => {
      const user = String(req.body.messages?.[1]?.content ?? '');
      if (user.startsWith('<<<PASSAGES')) return { content: JSON.stringify({ entities: [] }) };
      const items = JSON.parse(user.slice(user.indexOf('\n') + 1, user.lastIndexOf('\nITEMS>>>'))) as { id: string; textValue: string }[];
      const answers = items.map((i) => ({ id: i.id, decision: i.textValue === 'LM-63' ? 'missing' : 'unknown', reason: 'scripted' }));
      return { content: JSON.stringify({ answers }) };
    });
    const second = await verify({ VAGLIO_LLM_BASE_URL: llm.baseURL, VAGLIO_LLM_API_KEY: 'sk-test', VAGLIO_EXTRACTOR_MODEL: 'extractor-test', VAGLIO_LLM_CACHE: 'false' });
    expect(second.row.discrepancies).toMatchObject([{ textValue: 'LM-63', resolvedBy: 'resolver' }]);
    expect(second.row.ambiguous.map((a) => a.textValue)).toEqual(['LM-62']);
    expect(second.row.verdict).toBe('ko');
  });

  it("the model's own reading: kept only with verbatim evidence; a disagreement with the rules goes to review, unresolved", async () => {
    llm.setHandler((req) => {
      const user = String(req.body.messages?.[1]?.content ?? '');
      if (user.startsWith('<<<PASSAGES')) {
        return { content: JSON.stringify({ entities: [
          { field: 'deadline', value: '2027-01-31', evidence: 'Entro il 31 gennaio 2027' },
          { field: 'deadline', value: '2027-02-15', evidence: 'entro il 15 febbraio 2027' }, // not in the text: dropped
          { field: 'requiredDegrees', value: 'LM-63', evidence: 'classe LM-63' },
        ] }) };
      }
      const items = JSON.parse(user.slice(user.indexOf('\n') + 1, user.lastIndexOf('\nITEMS>>>'))) as { id: string }[];
      return { content: JSON.stringify({ answers: items.map((i) => ({ id: i.id, decision: 'unknown', reason: 'scripted' })) }) };
    });
    const { row } = await verify({ VAGLIO_LLM_BASE_URL: llm.baseURL, VAGLIO_LLM_API_KEY: 'sk-test', VAGLIO_EXTRACTOR_MODEL: 'extractor-test', VAGLIO_LLM_CACHE: 'false' });
    const items = row.ambiguous as { id?: string; raisedBy?: string; candidates?: string[] }[];
    // Deadline: the model agrees with the rules once its unquoted date is dropped, so no item for it.
    expect(items.some((a) => a.id === 'model:deadline')).toBe(false);
    // Degrees: the rules see no required degree, the model reads LM-63 as required: a person decides.
    expect(items.find((a) => a.id === 'model:requiredDegrees')).toMatchObject({ raisedBy: 'llm-disagreement', candidates: ['lm-63'] });
    expect(row.verdict).toBe('ok');
  });
});
