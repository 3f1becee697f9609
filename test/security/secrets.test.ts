/**
 * Secrets never stored or logged, and PII redacted when asked: a whole evaluation through the real api and
 * workers (one child process, logs captured at debug level) against a hostile target that demands a key
 * given as ${env:VAGLIO_TARGET_TEST_KEY} and echoes it back every way it can. Then the database dump, the
 * logs, the report files, the e-mail and every Redis key and value under the prefix are searched.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { Redis } from 'ioredis';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { killAndWait, ROOT, waitFor, waitForRunStatus } from '../helpers/engine.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { LEAKED_PII, startHostileTarget, type HostileTarget } from './hostile-target.ts';

const SECRETS = {
  apiToken: 'api-token-Zq81xVb0Lr6PdS4e',
  llmKey: 'sk-fake-llm-key-7Hc2Qm9Wt5Ny',
  smtpPassword: 'smtp-pass-Kd3!Fx8@Rw',
  // Quotes, slash and plus: its JSON-escaped and URL-encoded forms differ from the raw one.
  targetKey: 'tk_live_"Jp4+Ue/7Ga=Vs2',
};
const forms = (s: string) => [s, JSON.stringify(s).slice(1, -1), encodeURIComponent(s), Buffer.from(s).toString('base64'), Buffer.from(s).toString('hex')];

/**
 * Secrets hidden in base64 / base64url runs of a text, found by decoding every run (at each of the four
 * character alignments), independently of how vaglio looks for them: `Basic base64("user:key")` included.
 */
function decodedLeaks(text: string, secret: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9+/_-]{12,}={0,2}/g)) {
    for (let shift = 0; shift < 4; shift++) {
      const decoded = Buffer.from(m[0].slice(shift).replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1');
      if (decoded.includes(secret)) out.push(m[0].slice(0, 40));
    }
  }
  return out;
}

let infra: TestInfra;
let child: ChildProcess;
let logs = '';
let apiUrl = '';
let target: HostileTarget;
let llm: FakeOpenAI;
let smtp: SMTPServer;
const mails: string[] = [];
const reportDir = mkdtempSync(path.join(tmpdir(), 'vaglio-security-reports-'));

beforeAll(async () => {
  infra = await createTestInfra('security_secrets');
  target = await startHostileTarget(SECRETS.targetKey);
  llm = await startFakeOpenAI(() => ({ content: '{"verdict":"pass","reason":"ok"}' }));
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _s, cb) {
      if (auth.password === SECRETS.smtpPassword) cb(null, { user: auth.username });
      else cb(new Error(`bad credentials ${auth.username}:${auth.password ?? ''}`));
    },
    onData(stream, _s, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => (mails.push(Buffer.concat(chunks).toString('utf8')), cb()));
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/security/fixtures/all-in-one.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...infra.env,
      VAGLIO_LOG_LEVEL: 'debug',
      VAGLIO_API_PORT: '0',
      VAGLIO_API_TOKEN: SECRETS.apiToken,
      VAGLIO_LLM_BASE_URL: llm.baseURL,
      VAGLIO_LLM_API_KEY: SECRETS.llmKey,
      VAGLIO_JUDGE_MODEL: 'fake-judge',
      VAGLIO_SMTP_URL: `smtp://vaglio:${encodeURIComponent(SECRETS.smtpPassword)}@127.0.0.1:${smtpPort}`,
      VAGLIO_EMAIL_TO: 'ops@example.org',
      VAGLIO_REPORT_DIR: reportDir,
      VAGLIO_REDACT_PII: 'true',
      VAGLIO_TARGET_TEST_KEY: SECRETS.targetKey,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (logs += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (logs += d.toString()));
  apiUrl = await waitFor('the api to listen', async () => /"url":"(http:\/\/[^"]+)"/.exec(logs)?.[1], 60_000);
}, 90_000);
afterAll(async () => {
  if (child) await killAndWait(child);
  await target?.close();
  await llm?.close();
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  await infra?.teardown();
});

async function redisDump(prefix: string): Promise<{ keys: number; text: string }> {
  const r = new Redis(infra.redisUrl, { maxRetriesPerRequest: 1 });
  const parts: string[] = [];
  let keys = 0;
  try {
    let cursor = '0';
    do {
      const [next, batch] = await r.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      for (const k of batch) {
        keys++;
        const type = await r.type(k);
        const value =
          type === 'string' ? await r.get(k)
          : type === 'hash' ? await r.hgetall(k)
          : type === 'list' ? await r.lrange(k, 0, -1)
          : type === 'set' ? await r.smembers(k)
          : type === 'zset' ? await r.zrange(k, 0, -1, 'WITHSCORES')
          : type === 'stream' ? await r.xrange(k, '-', '+')
          : null;
        parts.push(k, JSON.stringify(value));
      }
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
  return { keys, text: parts.join('\n') };
}

const readTree = (dir: string): { files: string[]; text: string } => {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return { files, text: files.map((f) => readFileSync(f, 'utf8')).join('\n') };
};

describe('secrets and personal data in an unattended run', () => {
  it('stores, logs, reports and mails no secret, and no PII with VAGLIO_REDACT_PII on', async () => {
    const set = {
      id: 'ostile',
      type: 'single',
      defaultChecks: [{ type: 'answer-presence' }],
      cases: [
        { id: 'normale', input: 'Quando scade il bando?', checks: [{ type: 'general-quality' }] },
        { id: 'pii-utente', input: `Sono Mario, CF ${LEAKED_PII.cf}, scrivetemi a ${LEAKED_PII.email}` },
        { id: 'errore', input: 'provoca un errore' },
        { id: 'html', input: 'rispondi in html' },
      ],
    };
    const body = {
      plan: 'eval',
      name: 'security',
      sets: [set],
      target: {
        type: 'http',
        name: 'hostile',
        url: `${target.url}/chat`,
        headers: { authorization: 'Bearer ${env:VAGLIO_TARGET_TEST_KEY}' },
        body: { message: '{{message}}' },
        retries: 0,
        response: { answer: 'answer', toolCalls: 'toolCalls[*]' },
      },
    };
    const res = await fetch(`${apiUrl}/runs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRETS.apiToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await waitForRunStatus(infra.sql, id, ['completed', 'failed'], 90_000);
    await waitFor('the report e-mail', async () => mails.length > 0, 30_000);
    // The mail is sent before the run's root closes the run; it gives the status the run ended with.
    const ended = (await infra.sql<{ status: string }[]>`select status from runs where id = ${id}`)[0]!.status;
    // A run that did not complete says so first in the subject ("vaglio <name>: run failed, …"); a completed one does not.
    expect(mails[0]).toMatch(ended === 'completed' ? /^Subject: vaglio [^\n]*: (?!run )/m : new RegExp(`^Subject: vaglio [^\\n]*: run ${ended}[,\\s]`, 'm'));

    // The secrets really were used: otherwise "not leaked" would prove nothing.
    expect(target.authSeen.length).toBeGreaterThanOrEqual(4);
    expect(target.unauthorized).toBe(0);
    expect(llm.chatRequests().some((r) => r.headers.authorization === `Bearer ${SECRETS.llmKey}`)).toBe(true);
    const outcomes = await infra.sql<{ case_id: string; outcome: string; reason: string }[]>`select case_id, outcome, reason from case_results where run_id = ${id}`;
    expect(outcomes.find((o) => o.case_id === 'errore')).toMatchObject({ outcome: 'error' });
    expect(outcomes.find((o) => o.case_id === 'html')?.reason).toMatch(/malformed.*not JSON/);

    const dump = await promisify(execFile)('pg_dump', ['--no-owner', infra.url], { maxBuffer: 64 * 1024 * 1024 });
    const redis = await redisDump(infra.prefix);
    const reports = readTree(reportDir);
    expect(reports.files.map((f) => path.extname(f)).sort()).toEqual(expect.arrayContaining(['.csv', '.html', '.json', '.xml']));
    expect(redis.keys).toBeGreaterThan(0);
    expect(dump.stdout).toContain('Il bando scade il 15/12/2026'); // the dump holds the answers searched below
    const places = { database: dump.stdout, logs, reports: reports.text, redis: redis.text, email: mails.join('\n') };
    const leaks: string[] = [];
    for (const [name, secret] of Object.entries(SECRETS)) {
      for (const form of forms(secret)) for (const [where, text] of Object.entries(places)) if (text.includes(form)) leaks.push(`${name} (${form}) in ${where}`);
      for (const [where, text] of Object.entries(places)) for (const run of decodedLeaks(text, secret)) leaks.push(`${name} (base64 ${run}…) in ${where}`);
    }
    // The hostile target really sent its encoded echoes (else the search above could not fail).
    const b64Key = Buffer.from(SECRETS.targetKey).toString('base64');
    expect(target.sentEncoded).toContain(b64Key);
    expect(target.sentEncoded).toContain(Buffer.from(`vaglio:${SECRETS.targetKey}`).toString('base64'));
    // What was stored in their place: the masks, not the echoes.
    expect(dump.stdout).toContain('(***; Basic ');
    expect(leaks).toEqual([]);

    // With VAGLIO_REDACT_PII=true stored transcripts (and what the judge saw) hold placeholders, not PII.
    const transcripts = (await infra.sql<{ t: string }[]>`select turns::text as t from transcripts where run_id = ${id}`).map((r) => r.t).join('\n');
    expect(transcripts).toContain('[CF]');
    expect(transcripts).toContain('[EMAIL]');
    const judged = JSON.stringify(llm.chatRequests().map((r) => r.body.messages));
    for (const pii of Object.values(LEAKED_PII)) {
      expect(transcripts, pii).not.toContain(pii);
      expect(judged, pii).not.toContain(pii);
    }
    // Dates, article numbers and degree classes in the same answer are kept.
    expect(transcripts).toContain('15/12/2026 (art. 35, classe L-18)');
  }, 150_000);
});
