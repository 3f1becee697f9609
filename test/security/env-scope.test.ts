/**
 * `${env:NAME}` in a target config reads only what the operator allows (VAGLIO_TARGET_ENV_ALLOW, default
 * VAGLIO_TARGET_*). vaglio's own settings never leave the process, even when listed: before this, a header
 * `Bearer ${env:VAGLIO_LLM_API_KEY}|${env:DATABASE_URL}` and a URL of the caller's choice delivered them.
 * Checked where a user meets it: POST /runs (400 naming the name), the CLI's target file (file and line),
 * and at send time (a task payload carrying a target nobody checked sends nothing).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { testConfig } from '../helpers/engine.ts';
import { startApi, type ApiHandle } from '../../services/api/server.ts';
import { loadConfig, targetEnvRefusal } from '../../shared/config.ts';
import { createTarget, loadTargetConfig } from '../../shared/targets/index.ts';
import { startTargetServer, type TargetServer } from '../targets/target-server.ts';

const ALLOWED = 'allowed-target-secret-0123';
process.env.VAGLIO_TARGET_SCOPE_KEY = ALLOWED;
process.env.VAGLIO_LLM_API_KEY ??= 'llm-key-never-sent-0123';
process.env.VAGLIO_API_TOKEN ??= 'api-token-never-sent-0123';
process.env.SCOPE_UNLISTED = 'unlisted-value-0123';

let infra: TestInfra;
let api: ApiHandle;
let server: TargetServer;
const token = 'env-scope-token-0123456789';

beforeAll(async () => {
  infra = await createTestInfra('security_env_scope');
  server = await startTargetServer();
  api = await startApi({ services: ['api'], config: testConfig(infra), token, port: 0, handleSignals: false });
});
afterAll(async () => {
  await api?.stop();
  await server?.close();
  await infra?.teardown();
});

const target = (authorization: string) => ({
  type: 'http',
  url: `${server.url}/chat`,
  headers: { authorization },
  body: { message: '{{message}}' },
  response: { answer: 'answer' },
});
const post = (body: unknown) =>
  fetch(`${api.url}/runs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const evalRun = (authorization: string) => ({
  plan: 'eval',
  sets: [{ id: 's', type: 'single', cases: [{ id: 'c1', input: 'ciao' }] }],
  target: target(authorization),
});
const runCount = async () => (await infra.sql<{ n: number }[]>`select count(*)::int as n from runs`)[0]!.n;

describe('${env:} scope', () => {
  it('refuses vaglio internals even when the operator lists them, and names outside the list', () => {
    const everything = ['*'];
    for (const name of ['DATABASE_URL', 'VAGLIO_API_TOKEN', 'VAGLIO_LLM_API_KEY', 'VAGLIO_JUDGE_API_KEY', 'VAGLIO_SMTP_URL', 'VAGLIO_SOMETHING_NEW']) {
      expect(targetEnvRefusal(name, everything), name).toMatch(/never readable/);
      expect(targetEnvRefusal(name, [name]), name).toMatch(/never readable/);
    }
    expect(targetEnvRefusal('HOME', ['VAGLIO_TARGET_*'])).toMatch(/not in VAGLIO_TARGET_ENV_ALLOW/);
    expect(targetEnvRefusal('VAGLIO_TARGET_BOT', ['VAGLIO_TARGET_*'])).toBeUndefined();
    expect(targetEnvRefusal('BOT_KEY', ['VAGLIO_TARGET_*', 'BOT_KEY'])).toBeUndefined();
    expect(targetEnvRefusal('BOT_KEY_2', ['BOT_KEY'])).toMatch(/not in/);
    expect(loadConfig({}).VAGLIO_TARGET_ENV_ALLOW).toEqual(['VAGLIO_TARGET_*']);
    expect(loadConfig({ VAGLIO_TARGET_ENV_ALLOW: 'A_*, B' }).VAGLIO_TARGET_ENV_ALLOW).toEqual(['A_*', 'B']);
    expect(() => loadConfig({ VAGLIO_TARGET_ENV_ALLOW: 'A-B' })).toThrow(/VAGLIO_TARGET_ENV_ALLOW/);
  });

  it('POST /runs answers 400 naming each refused name, and stores nothing', async () => {
    const before = await runCount();
    const attack = 'Bearer ${env:VAGLIO_LLM_API_KEY}|${env:VAGLIO_API_TOKEN}|${env:DATABASE_URL}|${env:SCOPE_UNLISTED}';
    const res = await post(evalRun(attack));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { problems: string[] };
    const text = body.problems.join('\n');
    for (const name of ['VAGLIO_LLM_API_KEY', 'VAGLIO_API_TOKEN', 'DATABASE_URL', 'SCOPE_UNLISTED']) expect(text).toContain(`\${env:${name}}`);
    expect(text).toContain('body.target');
    // The same target hidden in a dag task's payload.
    const dag = { plan: 'dag', tasks: [{ key: 'c', kind: 'eval.converse', payload: { target: target('${env:DATABASE_URL}') } }] };
    const res2 = await post(dag);
    expect(res2.status).toBe(400);
    expect(JSON.stringify(await res2.json())).toContain('body.tasks[0].payload.target: ${env:DATABASE_URL} is not allowed');
    expect(await runCount()).toBe(before);
    expect(server.received).toHaveLength(0);
  });

  it('POST /runs accepts an allowed name', async () => {
    const res = await post(evalRun('Bearer ${env:VAGLIO_TARGET_SCOPE_KEY}'));
    expect(res.status).toBe(201);
  });

  it('a target nobody checked sends nothing at send time', async () => {
    const t = createTarget(target('Bearer ${env:DATABASE_URL}') as Parameters<typeof createTarget>[0], { prefix: 'unused' });
    await expect(t.send({ message: 'x', history: [], vars: {} }, AbortSignal.timeout(5000))).rejects.toThrow(/DATABASE_URL\} is not allowed/);
    const before = server.received.length;
    const ok = createTarget(target('Bearer ${env:VAGLIO_TARGET_SCOPE_KEY}') as Parameters<typeof createTarget>[0], { prefix: 'unused' });
    await ok.send({ message: 'x', history: [], vars: {} }, AbortSignal.timeout(5000)).catch(() => undefined);
    expect(server.received.length).toBe(before + 1);
    expect(server.received.at(-1)?.headers.authorization).toBe(`Bearer ${ALLOWED}`);
  });

  it('the CLI refuses the target file, naming the file and the line', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'env-scope-'));
    const file = path.join(dir, 'bot.yaml');
    writeFileSync(file, `type: http\nurl: ${server.url}/chat\nheaders:\n  x-key: "\${env:VAGLIO_API_TOKEN}"\nresponse: { answer: answer }\n`);
    await expect(loadTargetConfig(file)).rejects.toThrow(`${file}:4: \${env:VAGLIO_API_TOKEN} is not allowed`);
  });
});
