/**
 * bench:engine — N no-op tasks in a fan-out / fan-in DAG through the whole path (submit, Redis, worker
 * processes, Postgres writes), with 1 and 2 worker processes. Reports tasks/s, queue-to-start p50/p95,
 * CPU ms per task (workers, and the whole machine incl. Redis and Postgres), Redis memory before/after.
 *   npm run bench:engine -- [--tasks 10000] [--runs 3] [--concurrency 64]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { Redis } from 'ioredis';
import '../shared/tasks/index.ts';
import { submitRun } from '../shared/engine/submit.ts';
import { benchRun, cpuMsByName, dropDatabase, machineBusyMs, median, percentile, processCpuMs, redisUsedMemory, BENCH_REDIS } from './lib.ts';

const { values } = parseArgs({
  options: {
    tasks: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '64' },
    processes: { type: 'string', default: '1,2' },
  },
});
const N = Number(values.tasks);
const RUNS = Number(values.runs);
const ROOT = path.resolve(import.meta.dirname, '..');

async function once(procs: number, trial: number) {
  const name = `vaglio_bench_engine_${procs}_${trial}`;
  const { url, prefix, env } = await benchRun(name, `bench-engine-${procs}-${trial}`, { VAGLIO_CONCURRENCY_CONVERSE: values.concurrency });
  const children: ChildProcess[] = Array.from({ length: procs }, () =>
    spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services/conversation-runner/index.ts')], { env, stdio: 'inherit' }),
  );
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  const redis = new Redis(BENCH_REDIS);
  // Wait until every worker has registered.
  for (let i = 0; i < 200; i++) {
    const n = (await sql<{ n: number }[]>`select count(*)::int as n from workers where stopped_at is null`)[0]!.n;
    if (n >= procs) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const memBefore = await redisUsedMemory();
  const cpu0 = children.map((c) => processCpuMs(c.pid!));
  const pg0 = cpuMsByName('postgres');
  const rd0 = cpuMsByName('redis-server');
  const busy0 = machineBusyMs();
  const t0 = performance.now();
  const tasks = [
    { key: 'start', kind: 'test.noop' },
    ...Array.from({ length: N }, (_, i) => ({ key: `n${i}`, kind: 'test.noop', dependsOn: ['start'] })),
    { key: 'end', kind: 'test.noop', dependsOn: Array.from({ length: N }, (_, i) => `n${i}`) },
  ];
  const { runId } = await submitRun({ sql, redis, prefix }, { name: 'bench', plan: 'dag', spec: {}, tasks });
  const submitMs = performance.now() - t0;
  for (;;) {
    const r = (await sql<{ status: string }[]>`select status from runs where id = ${runId}`)[0]!;
    if (r.status !== 'running' && r.status !== 'queued') break;
    await new Promise((res) => setTimeout(res, 50));
  }
  const wallMs = performance.now() - t0;
  const workerCpu = children.reduce((s, c, i) => s + processCpuMs(c.pid!) - cpu0[i]!, 0);
  const busy = machineBusyMs() - busy0;
  const pgCpu = cpuMsByName('postgres') - pg0;
  const redisCpu = cpuMsByName('redis-server') - rd0;
  const lat = (await sql<{ ms: number }[]>`
    select extract(epoch from (started_at - queued_at)) * 1000 as ms from tasks
    where run_id = ${runId} and task_key like 'n%'`).map((r) => Number(r.ms)).sort((a, b) => a - b);
  const status = (await sql<{ n: number }[]>`select count(*)::int as n from tasks where run_id = ${runId} and status = 'completed'`)[0]!.n;
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((r) => c.once('exit', r))));
  await new Promise((r) => setTimeout(r, 200));
  const memAfter = await redisUsedMemory();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await sql.end();
  redis.disconnect();
  await dropDatabase(name);
  const total = N + 3;
  return {
    procs,
    completed: status,
    total,
    wallMs,
    submitMs,
    tasksPerSec: total / (wallMs / 1000),
    p50: percentile(lat, 50),
    p95: percentile(lat, 95),
    workerCpuMsPerTask: workerCpu / total,
    machineCpuMsPerTask: busy / total,
    postgresCpuMsPerTask: pgCpu / total,
    redisCpuMsPerTask: redisCpu / total,
    redisBefore: memBefore,
    redisAfter: memAfter,
    leftoverKeys: keys.length,
  };
}

const rows: string[] = [];
for (const procs of values.processes.split(',').map(Number)) {
  const results: Awaited<ReturnType<typeof once>>[] = [];
  for (let t = 0; t < RUNS; t++) {
    const r = await once(procs, t);
    console.error(JSON.stringify(r));
    results.push(r);
  }
  const m = (f: (r: (typeof results)[number]) => number) => median(results.map(f));
  rows.push(
    `| ${procs} | ${N + 3} | ${m((r) => r.wallMs / 1000).toFixed(2)} | ${m((r) => r.tasksPerSec).toFixed(0)} | ${m((r) => r.p50).toFixed(0)} / ${m((r) => r.p95).toFixed(0)} | ${m((r) => r.workerCpuMsPerTask).toFixed(2)} | ${m((r) => r.redisCpuMsPerTask).toFixed(2)} | ${m((r) => r.postgresCpuMsPerTask).toFixed(2)} | ${m((r) => r.machineCpuMsPerTask).toFixed(2)} | ${(m((r) => r.redisBefore) / 1e6).toFixed(2)} → ${(m((r) => r.redisAfter) / 1e6).toFixed(2)} |`,
  );
}
console.log('| worker processes | tasks | wall s | tasks/s | queue→start p50 / p95 ms | worker CPU ms/task | Redis CPU ms/task | Postgres CPU ms/task | machine CPU ms/task | Redis MB before → after |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
