/**
 * The daily run: ingest a folder of bandi, expand the run with each new tender's tests, verdicts and
 * metadata checks, test them against the demo chatbot, report; the same day again is the same run, and the
 * next day tests only what changed.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { ROOT, testConfig, waitFor, waitForRunStatus } from '../helpers/engine.ts';
import { SCHEDULER_ID, removeDailySchedule, romeDate, upsertDailySchedule } from '../../shared/engine/schedule.ts';
import { startApi, type ApiHandle } from '../../services/api/server.ts';
import { startDemoChatbot } from '../../services/demo-chatbot/index.ts';
import { demoTarget } from '../../cli/demo/index.ts';

const IDS = ['demo-001-comune-bergamo-istruttore-amm', 'demo-007-inps-funzionario-informatico', 'demo-021-comune-campobasso-istruttore-informatico'];
let infra: TestInfra;
let api: ApiHandle;
let bot: { url: string; close(): Promise<void> };
let folder: string;
const token = 'daily-test-token-0123456789';

beforeAll(async () => {
  infra = await createTestInfra('daily');
  folder = mkdtempSync(path.join(tmpdir(), 'vaglio-daily-'));
  for (const id of IDS) for (const ext of ['md', 'json']) cpSync(path.join(ROOT, 'examples/corpus', `${id}.${ext}`), path.join(folder, `${id}.${ext}`));
  bot = await startDemoChatbot({ databaseUrl: infra.url, corpusDir: path.join(ROOT, 'examples/corpus'), port: 0 });
  api = await startApi({ services: ['api', 'ingester', 'conversation-runner', 'judge', 'metadata-extractor', 'reporter'], config: testConfig(infra, { VAGLIO_RETENTION_DAYS: '30' }), token, port: 0, handleSignals: false });
});
afterAll(async () => {
  await api?.stop();
  await bot?.close();
  await infra?.teardown();
});

const post = async (body: unknown, key: string) => {
  const res = await fetch(`${api.url}/runs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, run: (await res.json()) as { id: string } };
};

describe('daily run', () => {
  it('tests each new bando the day it arrives, once', { timeout: 300_000 }, async () => {
    const body = { plan: 'daily', source: { type: 'folder', path: folder }, target: demoTarget(bot.url), today: '2026-12-01' };
    const first = await post(body, 'daily-2026-12-01');
    expect(first.status).toBe(201);
    expect(await waitForRunStatus(infra.sql, first.run.id, ['completed', 'failed'], 90_000)).toBe('completed');
    const verdicts = await infra.sql<{ task_key: string; result: { verdict: string; tenderId: string } }[]>`
      select r.task_key, r.result from task_results r where r.run_id = ${first.run.id} and r.task_key like 'tender.%'`;
    expect(verdicts.map((v) => v.result.tenderId).sort()).toEqual([...IDS].sort());
    const cases = await infra.sql<{ tender_id: string; n: number }[]>`
      select tender_id, count(*)::int as n from case_results where run_id = ${first.run.id} group by 1`;
    expect(cases.length).toBe(3);
    for (const c of cases) expect(c.n).toBeGreaterThanOrEqual(8);
    const md = await infra.sql`select tender_id from metadata_checks where run_id = ${first.run.id}`;
    expect(md.length).toBe(3);
    // The demo bot answers each question from the bando's text: answer-presence decides every reply by itself (an
    // undecided one is `invalid` without a judge model, as in a newcomer's demo, which would show it).
    const notPassed = await infra.sql<{ task_key: string; reason: string }[]>`
      select task_key, reason from check_results where run_id = ${first.run.id} and type = 'answer-presence' and outcome <> 'pass'`;
    expect(notPassed).toEqual([]);
    const summary = (await infra.sql<{ summary: { tenders: unknown[] } }[]>`select summary from reports where run_id = ${first.run.id}`)[0]!.summary;
    expect(summary.tenders.length).toBe(3);

    // The same day again: the same run, nothing new enqueued.
    const again = await post(body, 'daily-2026-12-01');
    expect(again.status).toBe(200);
    expect(again.run.id).toBe(first.run.id);

    // The next day one bando changed: only it is ingested as a new version and tested.
    const changed = path.join(folder, `${IDS[1]}.md`);
    writeFileSync(changed, `${readFileSync(changed, 'utf8')}\n\nAvviso di rettifica: orari dello sportello aggiornati.\n`);
    const next = await post({ ...body, today: '2026-12-02' }, 'daily-2026-12-02');
    expect(next.status).toBe(201);
    expect(await waitForRunStatus(infra.sql, next.run.id, ['completed', 'failed'], 90_000)).toBe('completed');
    const tested = await infra.sql<{ tender_id: string }[]>`select distinct tender_id from case_results where run_id = ${next.run.id}`;
    expect(tested.map((t) => t.tender_id)).toEqual([IDS[1]]);
    const versions = await infra.sql<{ id: string; current_version: number }[]>`select id, current_version from tenders order by id`;
    expect(versions.find((v) => v.id === IDS[1])?.current_version).toBe(2);
    expect(versions.filter((v) => v.current_version === 1).length).toBe(2);
    const gen = await infra.sql<{ n: number }[]>`select count(*)::int as n from generated_tests where tender_id = ${IDS[0]!}`;
    const genFirst = (await infra.sql<{ n: number }[]>`select count(*)::int as n from case_results where run_id = ${first.run.id} and tender_id = ${IDS[0]!}`)[0]!.n;
    expect(gen[0]!.n).toBe(genFirst); // no duplicated tests for the unchanged tender
  });

  it('the daily scheduler submits one run a day however often it fires, and applies the retention', { timeout: 300_000 }, async () => {
    const { redis } = api.services;
    // Two runs of one name finished 40 and 39 days ago: with 30 days' retention the older goes, the newer is the baseline.
    for (const [id, age] of [['old-1', 40], ['old-2', 39]] as const) {
      await infra.sql`insert into runs (id, name, plan, status, spec, created_at, finished_at)
        values (${id}, 'ancient', 'eval', 'completed', '{}'::jsonb, now() - make_interval(days => ${age}), now() - make_interval(days => ${age}))`;
      mkdirSync(path.join(infra.env.VAGLIO_REPORT_DIR!, id), { recursive: true });
    }
    const request = { plan: 'daily' as const, source: { type: 'folder' as const, path: folder }, target: demoTarget(bot.url) };
    await upsertDailySchedule(redis, infra.prefix, '* * * * * *', request); // every second, to see it fire here
    try {
      const key = `daily-${romeDate()}`;
      // Firings the control queue has finished, read from its BullMQ event stream (their jobs are removed on completion).
      const firings = async () =>
        (await redis.xrange(`${infra.prefix}:control:events`, '-', '+')).filter(([, f]) => {
          const field = (name: string) => f[f.indexOf(name) + 1];
          return f.includes('event') && field('event') === 'completed' && String(field('jobId')).startsWith(`repeat:${SCHEDULER_ID}:`);
        }).length;
      await waitFor('the scheduled run', async () => (await infra.sql`select id from runs where idempotency_key = ${key}`).length === 1, 60_000);
      // It keeps firing (counted, not timed: two more firings however slow the machine is)...
      const fired = await firings();
      await waitFor('two more firings', async () => (await firings()) >= fired + 2, 60_000);
      const runs = await infra.sql<{ id: string }[]>`select id from runs where idempotency_key = ${key}`;
      expect(runs.length).toBe(1); // ...but the day has one run
      const reportFolder = path.join(infra.env.VAGLIO_REPORT_DIR!, 'old-1');
      await waitFor('the retention', async () => (await infra.sql`select id from runs where id = 'old-1'`).length === 0 && !existsSync(reportFolder), 60_000);
      expect((await infra.sql`select id from runs where id = 'old-2'`).length).toBe(1);
      expect(existsSync(path.join(infra.env.VAGLIO_REPORT_DIR!, 'old-2'))).toBe(true);
      expect(await waitForRunStatus(infra.sql, runs[0]!.id, ['completed', 'failed'], 60_000)).toBe('completed');
    } finally {
      await removeDailySchedule(redis, infra.prefix);
    }
  });
});
