/**
 * One vaglio eval run, measured: fresh database, N conversation-runner processes + one reporter (report and
 * control queues), the plan built and submitted from this process, wall time from build to run finished.
 * CPU counts every vaglio process (workers, reporter, this driver) plus all Redis and Postgres processes.
 */
import type { ChildProcess } from 'node:child_process';
import postgres from 'postgres';
import { Redis } from 'ioredis';
import '../../shared/tasks/index.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { evalPlan, evalPlanSchema } from '../../shared/plans/eval.ts';
import type { TestSetInput } from '../../shared/scenarios/schema.ts';
import { loadConfig } from '../../shared/config.ts';
import { BENCH_REDIS, benchRun, cpuMsByName, processCpuMs } from '../lib.ts';
import { cpuOf, peakRssBytes, spawnService, teardownRun, waitRunDone, waitWorkers, type TargetProc } from './procs.ts';

export interface VaglioRunOptions {
  name: string;
  set: TestSetInput;
  targetUrl: string;
  /** The latency target behind targetUrl: reset after the warm-up, read after the run (how busy vaglio kept it). */
  target?: TargetProc;
  runners: number;
  concurrency: number;
  timeoutMs: number;
  /** Extra node arguments for the service processes (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /**
   * A run played first on the same services and database, not measured: the services are long-running,
   * so the measured run meets them warm (compiled code, open connections), as the daily runs do.
   */
  warmupSet?: TestSetInput;
}

export interface VaglioRunResult {
  wallMs: number;
  submitMs: number;
  cpuMs: { workers: number; driver: number; redis: number; postgres: number; total: number };
  peakRssBytes: number;
  /** Cases per second between the 10th and 90th percentile of conversation finishes (no ramp-up or tail). */
  steadyPerSec: number;
  /** Where the wall time went: submit, first conversation start to last finish, then report and finalisation. */
  phasesMs: { submit: number; conversations: number; afterLast: number; toReport: number; report: number; toFinalize: number; finalize: number };
  /** Mean time of one target call as vaglio measured it (request sent to answer read): 50 ms at best. */
  targetCallMs: number;
  /** As the target saw the run: mean requests in flight (vaglio's concurrency is the most) and its mean service time. */
  atTarget?: { meanInFlight: number; meanServiceMs: number };
  passed: number;
  cases: number;
  status: string;
}

/**
 * CPU of the Postgres processes serving this database plus the shared background ones (WAL writer,
 * checkpointer...): other engineers' databases on the same server are left out.
 */
export async function pgCpu(sql: postgres.Sql): Promise<Map<number, number>> {
  const rows = await sql<{ pid: number }[]>`
    select pid from pg_stat_activity where datname = current_database() or datname is null`;
  return new Map(rows.map((r) => [r.pid, processCpuMs(r.pid)]));
}

export function pgCpuSince(now: Map<number, number>, before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of now) total += ms - (before.get(pid) ?? 0);
  return total;
}

export async function vaglioRun(o: VaglioRunOptions): Promise<VaglioRunResult> {
  const db = `vaglio_bench_${o.name}`;
  const { url, prefix, env } = await benchRun(db, `bench-${o.name}`, { VAGLIO_CONCURRENCY_CONVERSE: String(o.concurrency) });
  const procs: ChildProcess[] = [
    ...Array.from({ length: o.runners }, () => spawnService('conversation-runner', env, o.nodeArgs)),
    spawnService('reporter', env, o.nodeArgs),
  ];
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  const redis = new Redis(BENCH_REDIS);
  try {
    await waitWorkers(sql, procs.length);
    const submit = async (name: string, set: TestSetInput) => {
      const input = evalPlanSchema.parse({
        plan: 'eval',
        name,
        sets: [set],
        target: { type: 'http', name: 'bench-target', url: o.targetUrl, body: { message: '{{message}}' }, response: { answer: 'answer' } },
      });
      const plan = await evalPlan.build(input, { config: loadConfig(env) });
      return (await submitRun({ sql, redis, prefix }, { name: plan.name, plan: 'eval', spec: {}, tasks: plan.tasks, shared: plan.shared })).runId;
    };
    if (o.warmupSet) await waitRunDone(sql, await submit(`${o.name}_warmup`, o.warmupSet), o.timeoutMs);
    await o.target?.reset();
    const w0 = cpuOf(procs);
    const me0 = process.cpuUsage();
    const pg0 = await pgCpu(sql);
    const rd0 = cpuMsByName('redis-server');
    const t0 = performance.now();
    const runId = await submit(o.name, o.set);
    const submitMs = performance.now() - t0;
    const status = await waitRunDone(sql, runId, o.timeoutMs, undefined, { redisUrl: BENCH_REDIS, prefix });
    const wallMs = performance.now() - t0;
    const atTarget = o.target ? await o.target.stats() : undefined;
    const me = process.cpuUsage(me0);
    const cpu = {
      workers: cpuOf(procs) - w0,
      driver: (me.user + me.system) / 1000,
      redis: cpuMsByName('redis-server') - rd0,
      postgres: pgCpuSince(await pgCpu(sql), pg0),
      total: 0,
    };
    cpu.total = cpu.workers + cpu.driver + cpu.redis + cpu.postgres;
    const peak = procs.reduce((s, p) => s + peakRssBytes(p.pid!), 0);
    const counts = (await sql<{ passed: number; cases: number }[]>`
      select count(*) filter (where outcome = 'pass')::int as passed, count(*)::int as cases from case_results where run_id = ${runId}`)[0]!;
    const fin = (await sql<{ t: number }[]>`
      select extract(epoch from finished_at)::float8 as t from tasks
      where run_id = ${runId} and kind = 'eval.converse' and finished_at is not null order by finished_at`).map((r) => r.t);
    const targetCallMs = (await sql<{ a: number }[]>`select avg(latency_ms)::float8 as a from transcripts where run_id = ${runId}`)[0]!.a;
    const span = (await sql<{ t0: number; t1: number; end: number }[]>`
      select extract(epoch from min(t.started_at))::float8 * 1000 as t0, extract(epoch from max(t.finished_at))::float8 * 1000 as t1,
        (select extract(epoch from finished_at)::float8 * 1000 from runs where id = ${runId}) as "end"
      from tasks t where t.run_id = ${runId} and t.kind = 'eval.converse'`)[0]!;
    const ms = (t: Date | null) => (t ? t.getTime() : NaN);
    const steps = await sql<{ kind: string; started_at: Date | null; finished_at: Date | null }[]>`
      select kind, started_at, finished_at from tasks where run_id = ${runId} and kind in ('eval.report', 'engine.finalize')`;
    const report = steps.find((s) => s.kind === 'eval.report');
    const finalizeTask = steps.find((s) => s.kind === 'engine.finalize');
    const phasesMs = {
      submit: submitMs,
      conversations: span.t1 - span.t0,
      afterLast: span.end - span.t1,
      // The tail, step by step: last case durable → report task starts → report done → _finalize done (run finished).
      toReport: ms(report?.started_at ?? null) - span.t1,
      report: ms(report?.finished_at ?? null) - ms(report?.started_at ?? null),
      toFinalize: ms(finalizeTask?.started_at ?? null) - ms(report?.finished_at ?? null),
      finalize: span.end - ms(finalizeTask?.started_at ?? null),
    };
    const lo = fin[Math.floor(fin.length * 0.1)] ?? 0;
    const hi = fin[Math.floor(fin.length * 0.9)] ?? 0;
    const steadyPerSec = hi > lo ? (Math.floor(fin.length * 0.9) - Math.floor(fin.length * 0.1)) / (hi - lo) : 0;
    return {
      wallMs, submitMs, cpuMs: cpu, peakRssBytes: peak, steadyPerSec, phasesMs, targetCallMs, ...counts, status,
      atTarget: atTarget && { meanInFlight: atTarget.meanInFlight, meanServiceMs: atTarget.meanServiceMs },
    };
  } finally {
    await teardownRun({ procs, redis, prefix, sql, db });
  }
}
