/** Child processes for the benches: the latency target, vaglio services, and their CPU / memory from /proc. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Sql } from '../../shared/db/client.ts';
import { Redis as IORedis, type Redis } from 'ioredis';
import { eventsChannel } from '../../shared/engine/cancel-bus.ts';
import { dropDatabase, processCpuMs } from '../lib.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface TargetProc {
  url: string;
  proc: ChildProcess;
  stats(): Promise<{ requests: number; replies: number; distinct: number; requestedTwice: number; repliedTwice: number; peakInFlight: number; meanInFlight: number; meanServiceMs: number }>;
  /** Messages requested since the last reset. */
  requested(): Promise<string[]>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

export async function startLatencyTarget(latencyMs: number): Promise<TargetProc> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/support/latency-target.ts'), String(latencyMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const rl = createInterface({ input: proc.stdout! });
    rl.once('line', (l) => resolve(Number(l.split(' ')[1])));
    proc.once('exit', (c) => reject(new Error(`latency target exited ${c}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}/chat`,
    proc,
    stats: async () => (await (await fetch(`${base}/stats`)).json()) as Awaited<ReturnType<TargetProc['stats']>>,
    requested: async () => (await (await fetch(`${base}/requested`)).json()) as string[],
    reset: async () => void (await fetch(`${base}/reset`, { method: 'POST' })),
    stop: () => stopProcs([proc]),
  };
}

/** A vaglio service (`services/<name>/index.ts`) as its own process. */
export function spawnService(service: string, env: Record<string, string | undefined>, nodeArgs: string[] = []): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, `services/${service}/index.ts`)], { env, stdio: 'inherit' });
}

export async function stopProcs(procs: ChildProcess[], signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  await Promise.all(
    procs.map((p) =>
      p.exitCode !== null || p.signalCode !== null ? undefined : new Promise((r) => (p.once('exit', r), p.kill(signal))),
    ),
  );
}

/** Peak resident memory (VmHWM) of a live process, bytes. */
export function peakRssBytes(pid: number): number {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

export const cpuOf = (procs: ChildProcess[]) => procs.reduce((s, p) => s + processCpuMs(p.pid!), 0);

export async function waitWorkers(sql: Sql, n: number): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const live = (await sql<{ n: number }[]>`select count(*)::int as n from workers where stopped_at is null`)[0]!.n;
    if (live >= n) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`only some of ${n} workers registered`);
}

/**
 * Wait for a run to finish. With `events`, listen for the engine's run.finished event (what a client of
 * vaglio would do) and look at Postgres only every 500 ms as a fallback; else poll every `pollMs`.
 */
export async function waitRunDone(
  sql: Sql,
  runId: string,
  timeoutMs: number,
  pollMs = 25,
  events?: { redisUrl: string; prefix: string },
): Promise<string> {
  const end = Date.now() + timeoutMs;
  let sub: Redis | undefined;
  let wake: (() => void) | undefined;
  if (events) {
    sub = new IORedis(events.redisUrl);
    sub.on('message', (_ch: string, msg: string) => {
      if ((JSON.parse(msg) as { type?: string; runId?: string }).runId === runId) wake?.();
    });
    await sub.subscribe(eventsChannel(events.prefix));
  }
  try {
    for (;;) {
      const r = (await sql<{ status: string }[]>`select status from runs where id = ${runId}`)[0]!;
      if (r.status !== 'running' && r.status !== 'queued') return r.status;
      if (Date.now() > end) throw new Error(`run ${runId} still ${r.status} after ${timeoutMs} ms`);
      await new Promise<void>((res) => {
        const t = setTimeout(res, events ? 500 : pollMs);
        wake = () => {
          clearTimeout(t);
          res();
        };
      });
    }
  } finally {
    sub?.disconnect();
  }
}

export const load1 = () => loadavg()[0]!.toFixed(2);

/** After a measured run: stop its services, delete its Redis keys, close connections, drop its database. */
export async function teardownRun(r: { procs: ChildProcess[]; redis: Redis; prefix: string; sql: { end(): Promise<void> }; db: string }): Promise<void> {
  await stopProcs(r.procs);
  const keys = await r.redis.keys(`${r.prefix}:*`);
  for (let i = 0; i < keys.length; i += 1000) await r.redis.del(...keys.slice(i, i + 1000));
  r.redis.disconnect();
  await r.sql.end();
  await dropDatabase(r.db);
}

export interface BareLoopResult {
  wallMs: number;
  cpuMs: number;
  peakRssBytes: number;
  passed: number;
  atTarget: { meanInFlight: number; meanServiceMs: number };
}

/** bench/support/bare-loop.ts against the target: the floor any Node tool starts from. */
export async function bareLoopRun(target: TargetProc, cases: number, concurrency: number): Promise<BareLoopResult> {
  await target.reset();
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/support/bare-loop.ts'), target.url, String(cases), String(concurrency)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  const code = await new Promise<number | null>((r) => proc.once('exit', r));
  if (code !== 0) throw new Error(`bare loop exited ${code}`);
  const { meanInFlight, meanServiceMs } = await target.stats();
  return { ...(JSON.parse(out.trim()) as Omit<BareLoopResult, 'atTarget'>), atTarget: { meanInFlight, meanServiceMs } };
}
