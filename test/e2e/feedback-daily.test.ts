/**
 * POST /feedback files a case into the stored regression set; the next daily run replays every stored case
 * against the chatbot (through the real api, ingester, conversation-runner and reporter), and GET /regressions
 * shows each case open until its latest result is a pass.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { ROOT, testConfig, waitForRunStatus } from '../helpers/engine.ts';
import { startApi, type ApiHandle } from '../../services/api/server.ts';
import { startDemoChatbot } from '../../services/demo-chatbot/index.ts';
import { demoTarget } from '../../cli/demo/index.ts';

const TENDER = 'demo-001-comune-bergamo-istruttore-amm';
let infra: TestInfra;
let api: ApiHandle;
let bot: { url: string; close(): Promise<void> };
const token = 'feedback-daily-token-0123456789';

beforeAll(async () => {
  infra = await createTestInfra('feedback_daily');
  bot = await startDemoChatbot({ databaseUrl: infra.url, corpusDir: path.join(ROOT, 'examples/corpus'), port: 0 });
  api = await startApi({ services: ['api', 'ingester', 'conversation-runner', 'reporter'], config: testConfig(infra), token, port: 0, handleSignals: false });
});
afterAll(async () => {
  await api?.stop();
  await bot?.close();
  await infra?.teardown();
});

const call = async (p: string, init: RequestInit = {}) => {
  const res = await fetch(`${api.url}${p}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
interface Listed {
  id: string;
  status: string;
  last: { runId: string; outcome: string; reason: string } | null;
}
const regressions = async (q = '') => ((await call(`/regressions${q}`)).body.regressions as Listed[]);

describe('feedback → stored regression set → daily run', () => {
  it('replays every filed case each day and keeps it open until it is green', async () => {
    // A case the demo bot passes (it reads the bando named), and one it cannot (a tool it does not have).
    const green = await call('/feedback', {
      method: 'POST',
      body: JSON.stringify({ turns: [`Quando scade il bando ${TENDER}?`], tenderId: TENDER, requiredRoles: ['tender'], note: 'scadenza' }),
    });
    const red = await call('/feedback', {
      method: 'POST',
      body: JSON.stringify({ turns: ['Posso candidarmi al bando di Bergamo con un diploma?'], requiredTools: ['verifica_requisiti'] }),
    });
    expect([green.status, red.status]).toEqual([201, 201]);
    const greenId = (green.body.regression as { id: string }).id;
    const redId = (red.body.regression as { id: string }).id;
    expect((await regressions('?status=open')).map((r) => r.id).sort()).toEqual([greenId, redId].sort());

    // The day's run: no new bandi (an empty folder), so only the regression set is played.
    const folder = mkdtempSync(path.join(tmpdir(), 'vaglio-feedback-'));
    const run = await call('/runs', {
      method: 'POST',
      headers: { 'idempotency-key': 'daily-2026-12-01' },
      body: JSON.stringify({ plan: 'daily', source: { type: 'folder', path: folder }, target: demoTarget(bot.url), today: '2026-12-01' }),
    });
    expect(run.status).toBe(201);
    const runId = run.body.id as string;
    expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 90_000)).toBe('completed');
    const played = await infra.sql<{ case_id: string; set_id: string; outcome: string }[]>`
      select case_id, set_id, outcome from case_results where run_id = ${runId} order by case_id`;
    expect(played.map((p) => p.case_id).sort()).toEqual([greenId, redId].sort());
    expect(new Set(played.map((p) => p.set_id))).toEqual(new Set(['regressions-single']));

    const after = await regressions();
    const byId = new Map(after.map((r) => [r.id, r]));
    expect(byId.get(greenId)).toMatchObject({ status: 'green', last: { runId, outcome: 'pass' } });
    expect(byId.get(redId)).toMatchObject({ status: 'open', last: { runId, outcome: 'fail' } });
    expect(byId.get(redId)!.last!.reason).toMatch(/verifica_requisiti/);
    expect((await regressions('?status=open')).map((r) => r.id)).toEqual([redId]);

    // The report of the day lists the regression set beside the rest.
    const report = (await infra.sql<{ summary: { sets?: { id: string }[] } }[]>`select summary from reports where run_id = ${runId}`)[0]!.summary;
    expect(JSON.stringify(report)).toContain('regressions-single');
  });
});
