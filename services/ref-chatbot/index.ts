// Entry point: `npx tsx services/ref-chatbot/index.ts --port 0 --fault wrong-deadline --today 2026-12-01`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { loadCorpus, CORPUS_DIR } from './corpus.ts';
import { checkToday } from './dates.ts';
import { parseFaults, FAULTS } from './faults.ts';
import { createRefServer } from './server.ts';

export { FAULTS, FAULT_NAMES, type Fault } from './faults.ts';
export const DEFAULT_TODAY = '2026-12-01';
export const SYSTEM_PROMPT_FILE = join(CORPUS_DIR, '..', 'system-prompt.txt');
export const CANARY = 'ORSA-7F3A-CANARY-2291';

export interface RefChatbotOptions {
  port?: number;
  host?: string;
  faults?: Iterable<string>;
  /** The bot's clock, YYYY-MM-DD; a bando is expired when its deadline day is before it. */
  today?: string;
}

export interface RefChatbot {
  url: string;
  close(): Promise<void>;
}

export async function startRefChatbot(opts: RefChatbotOptions = {}): Promise<RefChatbot> {
  const systemPrompt = readFileSync(SYSTEM_PROMPT_FILE, 'utf8');
  if (!systemPrompt.includes(CANARY)) throw new Error(`${SYSTEM_PROMPT_FILE}: the canary ${CANARY} is missing`);
  const server = createRefServer({
    corpus: loadCorpus(),
    today: checkToday(opts.today ?? DEFAULT_TODAY),
    faults: parseFaults(opts.faults ?? []),
    systemPrompt,
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((err) => (err ? reject(err) : resolve()));
    }),
  };
}

const USAGE = `usage: index.ts [--port N] [--host H] [--today YYYY-MM-DD] [--fault NAME]... (faults: ${Object.keys(FAULTS).join(', ')})`;

function parseArgs(argv: string[]): RefChatbotOptions {
  const opts: RefChatbotOptions = {};
  const faults: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === '--help') throw new Error(USAGE);
    if (value === undefined || value.startsWith('--')) throw new Error(`${flag}: missing value\n${USAGE}`);
    if (flag === '--port') {
      if (!/^\d+$/.test(value) || Number(value) > 65535) throw new Error(`--port: expected 0-65535, got "${value}"`);
      opts.port = Number(value);
    } else if (flag === '--host') opts.host = value;
    else if (flag === '--today') opts.today = value;
    else if (flag === '--fault') faults.push(value);
    else throw new Error(`unknown flag "${flag}"\n${USAGE}`);
    i += 1;
  }
  // REF_BOT_FAULTS=a,b adds faults too; this standalone vendor bot has no config module of its own to read it.
  // eslint-disable-next-line no-restricted-properties
  const fromEnv = process.env.REF_BOT_FAULTS;
  if (fromEnv) faults.push(fromEnv);
  opts.faults = faults;
  return opts;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const opts = parseArgs(process.argv.slice(2));
    const bot = await startRefChatbot(opts);
    console.log(bot.url);
    const stop = (): void => void bot.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(2);
  }
}
