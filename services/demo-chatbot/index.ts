/**
 * The demo tender assistant: the chatbot vaglio evaluates out of the box, no API key needed.
 * In-process: `startDemoChatbot(opts)` → { url, close() }. As a program:
 *   tsx services/demo-chatbot/index.ts [--port 8090] [--host 127.0.0.1] [--today 2026-12-01]
 *     [--corpus examples/corpus] [--faults no-tool,wrong-deadline] [--llm-model M [--llm-base-url U]]
 * The database is DATABASE_URL; in LLM mode the key is VAGLIO_LLM_API_KEY (both via shared/config.ts).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { config } from '../../shared/config.ts';
import { ensureDatabase, openDb } from '../../shared/db/client.ts';
import { childLogger } from '../../shared/logger.ts';
import { createLlmClient } from './llm-agent.ts';
import { demoChatbotOptionsSchema, type DemoChatbotOptions } from './options.ts';
import { createChatServer } from './server.ts';
import { ensureDemoSchema, loadCorpus } from './store.ts';
import { errorMessage } from '../../shared/log-error.ts';

export { DEMO_CANARY, ASK_WHICH_TENDER, SYSTEM_PROMPT } from './prompt.ts';
export { FAULT_MODES, faultModeSchema, parseFaults, type FaultMode } from './faults.ts';
export { DEMO_TODAY, type DemoChatbotOptions } from './options.ts';
export { loadCorpus, ensureDemoSchema } from './store.ts';
export { EMBEDDING_DIMS, hashedEmbedding } from './embedding.ts';

export interface DemoChatbot {
  url: string;
  close(): Promise<void>;
}

export async function startDemoChatbot(input: DemoChatbotOptions): Promise<DemoChatbot> {
  const opts = demoChatbotOptionsSchema.parse(input);
  const log = childLogger({ service: 'demo-chatbot' });
  const faults = new Set(opts.faults);
  const db = openDb(opts.databaseUrl, { max: 5 });
  try {
    await ensureDemoSchema(db.sql);
    if (opts.corpusDir) {
      const loaded = await loadCorpus(db.sql, opts.corpusDir, { faults });
      log.info({ ...loaded, corpusDir: opts.corpusDir }, 'corpus loaded');
    }
  } catch (err) {
    await db.close();
    throw err;
  }
  const server = createChatServer({
    ctx: { sql: db.sql, today: opts.today, faults },
    ...(opts.llm ? { llm: { client: createLlmClient(opts.llm), model: opts.llm.model } } : {}),
    log,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  log.info({ port, mode: opts.llm ? 'llm' : 'deterministic', faults: opts.faults, today: opts.today }, 'demo chatbot listening');
  return {
    url: `http://${host}:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8090' },
      host: { type: 'string', default: '127.0.0.1' },
      today: { type: 'string' },
      corpus: { type: 'string' },
      faults: { type: 'string', default: '' },
      'llm-model': { type: 'string' },
      'llm-base-url': { type: 'string' },
    },
  });
  const cfg = config();
  await ensureDatabase(cfg.DATABASE_URL);
  const baseUrl = values['llm-base-url'] ?? cfg.VAGLIO_LLM_BASE_URL;
  const model = values['llm-model'];
  const bot = await startDemoChatbot({
    databaseUrl: cfg.DATABASE_URL,
    port: Number(values.port),
    host: values.host,
    ...(values.today ? { today: values.today } : {}),
    ...(values.corpus ? { corpusDir: path.resolve(values.corpus) } : {}),
    faults: (values.faults ?? '').split(',').map((s) => s.trim()).filter(Boolean) as DemoChatbotOptions['faults'],
    ...(model && baseUrl ? { llm: { baseUrl, model, ...(cfg.VAGLIO_LLM_API_KEY ? { apiKey: cfg.VAGLIO_LLM_API_KEY } : {}) } } : {}),
  });
  const stop = () => void bot.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(errorMessage(err));
    process.exit(1);
  });
}
