/**
 * bench:daily — a day's run: T tenders (the demo corpus copied under new ids) ingested from a folder, their
 * generated tests played against the latency target, LLM checks judged by a fake OpenAI-compatible server
 * with a 1.5 s delay, metadata checks and verdicts, then the report; every service as its own process at
 * the given concurrency. Reports wall time and the Redis and Postgres sizes before, right after the run,
 * and once the workers are gone.
 *   npm run bench:daily -- [--tenders 100] [--llm-delay 1500] [--latency 50] [--concurrency 64] [--redteam 0]
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { Redis } from 'ioredis';
import '../shared/tasks/index.ts';
import { submitRun } from '../shared/engine/submit.ts';
import { dailyPlan, dailyPlanSchema } from '../shared/plans/daily.ts';
import { loadConfig } from '../shared/config.ts';
import { BENCH_REDIS, benchRun, redisUsedMemory } from './lib.ts';
import { startFakeLlm } from './support/fake-llm.ts';
import { load1, ROOT, spawnService, startLatencyTarget, stopProcs, teardownRun, waitRunDone, waitWorkers } from './support/procs.ts';

const { values } = parseArgs({
  options: {
    tenders: { type: 'string', default: '100' },
    'llm-delay': { type: 'string', default: '1500' },
    latency: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '64' },
    redteam: { type: 'string', default: '0' },
    timeout: { type: 'string', default: '900' },
  },
});
const T = Number(values.tenders);
const CORPUS = path.join(ROOT, 'examples/corpus');

/** T bandi in a fresh folder: the corpus round-robin, each copy under a new id (file stem = metadata id). */
function synthesiseTenders(dir: string): void {
  const stems = readdirSync(CORPUS)
    .filter((f) => /^demo-\d+.*\.md$/.test(f))
    .map((f) => f.slice(0, -3))
    .sort();
  for (let i = 0; i < T; i++) {
    const stem = stems[i % stems.length]!;
    const id = `bench-${String(i).padStart(3, '0')}-${stem.replace(/^demo-\d+-/, '')}`;
    const meta = JSON.parse(readFileSync(path.join(CORPUS, `${stem}.json`), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(dir, `${id}.json`), JSON.stringify({ ...meta, id }, null, 2));
    writeFileSync(path.join(dir, `${id}.md`), readFileSync(path.join(CORPUS, `${stem}.md`), 'utf8'));
  }
}

const loadStart = load1();
const folder = mkdtempSync(path.join(tmpdir(), 'vaglio-bench-daily-'));
synthesiseTenders(folder);
const target = await startLatencyTarget(Number(values.latency));
const llm = await startFakeLlm(Number(values['llm-delay']));
const db = 'vaglio_bench_daily';
const C = values.concurrency;
const { url, prefix, env } = await benchRun(db, 'bench-daily', {
  VAGLIO_CONCURRENCY_CONVERSE: C,
  VAGLIO_CONCURRENCY_JUDGE: C,
  VAGLIO_LLM_BASE_URL: llm.baseURL,
  VAGLIO_LLM_API_KEY: 'bench',
  VAGLIO_JUDGE_MODEL: 'bench-judge',
  // The copies of one corpus bando would share judge prompts; a real day's bandi do not.
  VAGLIO_LLM_CACHE: 'false',
});
const services = ['ingester', 'conversation-runner', 'judge', 'metadata-extractor', 'reporter'];
let procs: ChildProcess[] = services.map((s) => spawnService(s, env));
const sql = postgres(url, { max: 4, onnotice: () => {} });
const redis = new Redis(BENCH_REDIS);
const dbSize = async () => Number((await sql<{ b: string }[]>`select pg_database_size(current_database())::text as b`)[0]!.b);
/** This run's keys and the bytes they hold (MEMORY USAGE): other users of the same Redis left out. */
async function prefixFootprint(): Promise<{ keys: number; bytes: number; top: string }> {
  const keys = await redis.keys(`${prefix}:*`);
  const sizes: [string, number][] = [];
  for (const k of keys) sizes.push([k.slice(prefix.length + 1), Number((await redis.memory('USAGE', k)) ?? 0)]);
  sizes.sort((a, b) => b[1] - a[1]);
  const top = sizes.slice(0, 4).map(([k, b]) => `${k} ${(b / 1e3).toFixed(0)} kB`).join(', ');
  return { keys: keys.length, bytes: sizes.reduce((s, [, b]) => s + b, 0), top };
}
const mb = (b: number) => (b / 1e6).toFixed(1);
try {
  await waitWorkers(sql, procs.length);
  const redis0 = await redisUsedMemory();
  const own0 = await prefixFootprint();
  const pg0 = await dbSize();
  const t0 = performance.now();
  const plan = await dailyPlan.build(
    dailyPlanSchema.parse({
      plan: 'daily',
      source: { type: 'folder', id: 'bench', path: folder },
      target: { type: 'http', name: 'bench-target', url: target.url, body: { message: '{{message}}' }, response: { answer: 'answer' } },
      today: '2026-12-01',
      ...(Number(values.redteam) > 0 ? { redteam: { limit: Number(values.redteam) } } : {}),
    }),
    { config: loadConfig(env) },
  );
  const { runId } = await submitRun({ sql, redis, prefix }, { name: plan.name, plan: 'daily', spec: {}, tasks: plan.tasks, shared: plan.shared });
  let peakRedis = redis0;
  const sampler = setInterval(() => void redisUsedMemory().then((m) => (peakRedis = Math.max(peakRedis, m))), 1000);
  const status = await waitRunDone(sql, runId, Number(values.timeout) * 1000, 500).finally(() => clearInterval(sampler));
  const wallMs = performance.now() - t0;
  const redis1 = await redisUsedMemory();
  const own1 = await prefixFootprint();
  const pg1 = await dbSize();
  await stopProcs(procs);
  procs = [];
  await new Promise((r) => setTimeout(r, 500));
  const redis2 = await redisUsedMemory();
  const own2 = await prefixFootprint();
  const byKind = await sql<{ kind: string; status: string; n: number }[]>`
    select kind, status, count(*)::int as n from tasks where run_id = ${runId} group by kind, status order by kind, status`;
  const total = byKind.reduce((s, r) => s + r.n, 0);
  const tenders = (await sql<{ n: number }[]>`select count(*)::int as n from tenders`)[0]!.n;
  const llmCalls = [...llm.requested.values()].reduce((a, b) => a + b, 0);

  console.log(
    `${T} tenders (${tenders} ingested) → ${total} tasks (${(total / T).toFixed(1)} per tender); target ${values.latency} ms, judge LLM ${values['llm-delay']} ms, concurrency ${C} per queue, red-team ${values.redteam}; load1 ${loadStart} at start, ${load1()} at end`,
  );
  console.log('');
  console.log('| measure | value |');
  console.log('|---|---|');
  console.log(`| run | ${status} in ${(wallMs / 1000).toFixed(1)} s (${(wallMs / 60_000).toFixed(2)} min) |`);
  console.log(`| tasks by kind | ${byKind.map((r) => `${r.kind} ${r.status} ${r.n}`).join('; ')} |`);
  console.log(`| LLM requests (judge) | ${llmCalls} |`);
  console.log(`| Redis used_memory (whole server, shared) before → peak → after run → workers stopped | ${mb(redis0)} → ${mb(peakRedis)} → ${mb(redis1)} → ${mb(redis2)} MB |`);
  console.log(`| this run's Redis keys before → after run → workers stopped | ${own0.keys} keys ${mb(own0.bytes)} MB → ${own1.keys} keys ${mb(own1.bytes)} MB → ${own2.keys} keys ${mb(own2.bytes)} MB (largest: ${own2.top}) |`);
  console.log(`| Postgres database size before → after | ${mb(pg0)} → ${mb(pg1)} MB |`);
} finally {
  await teardownRun({ procs, redis, prefix, sql, db });
  await target.stop();
  await llm.close();
  rmSync(folder, { recursive: true, force: true });
}
