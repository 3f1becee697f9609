/** The shipped demo corpus (examples/corpus), when present: it loads and its deadlines are answered right. */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoChatbot, type DemoChatbot } from '../../services/demo-chatbot/index.ts';
import { formatDateIt } from '../../services/demo-chatbot/text.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { chat } from './fixture.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../examples/corpus');

describe.skipIf(!existsSync(CORPUS))('examples/corpus', () => {
  let infra: TestInfra;
  let bot: DemoChatbot;
  beforeAll(async () => {
    infra = await createTestInfra('demo chatbot real corpus');
    bot = await startDemoChatbot({ databaseUrl: infra.url, corpusDir: CORPUS });
  });
  afterAll(async () => {
    await bot?.close();
    await infra?.teardown();
  });

  it('answers each bando deadline from its text, agreeing with its metadata', async () => {
    const ids = (await readdir(CORPUS)).filter((f) => f.endsWith('.json') && f !== 'faq.json').map((f) => f.slice(0, -5));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids.slice(0, 8)) {
      const [row] = await infra.sql<{ deadline: string }[]>`select metadata->>'deadline' as deadline from demo.tenders where id = ${id}`;
      const r = await chat(bot.url, `Qual è la scadenza del bando ${id}?`);
      expect(r.toolCalls.map((c) => c.name), id).toEqual(['get_tender_text']);
      expect(r.answer, id).toContain(formatDateIt(row!.deadline));
    }
  });
});
