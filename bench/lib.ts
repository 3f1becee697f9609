/** Shared benchmark helpers: a fresh database, process CPU from /proc, machine CPU, Redis memory. */
import { readdirSync, readFileSync } from 'node:fs';
import postgres from 'postgres';
import { Redis } from 'ioredis';
import { migrate } from '../shared/db/migrate.ts';

const TICK_MS = 10; // USER_HZ = 100 on Linux

export const ADMIN_PG = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function freshDatabase(name: string): Promise<string> {
  const admin = postgres(ADMIN_PG, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const u = new URL(ADMIN_PG);
  u.pathname = `/${name}`;
  await migrate(u.toString());
  return u.toString();
}

/** A measured run's own fresh database and BullMQ prefix, and the environment its services start with. */
export async function benchRun(db: string, prefixBase: string, extra: Record<string, string> = {}) {
  const url = await freshDatabase(db);
  const prefix = `${prefixBase}-${Date.now()}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: url,
    VAGLIO_REDIS_URL: BENCH_REDIS,
    VAGLIO_PREFIX: prefix,
    VAGLIO_LOG_LEVEL: 'warn',
    ...extra,
  };
  return { url, prefix, env };
}

export async function dropDatabase(name: string): Promise<void> {
  const admin = postgres(ADMIN_PG, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

/** CPU milliseconds (user + system) consumed so far by a process. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Busy CPU milliseconds of the whole machine so far (all cores, everything: Redis and Postgres included). */
export function machineBusyMs(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line;
  return (user + nice + system + irq + softirq + steal) * TICK_MS;
}

export async function redisUsedMemory(url = BENCH_REDIS): Promise<number> {
  const r = new Redis(url);
  try {
    const info = await r.info('memory');
    return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? 0);
  } finally {
    r.disconnect();
  }
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return percentile(s, 50);
}

/** CPU milliseconds of every process whose command name matches (e.g. all Postgres backends). */
export function cpuMsByName(name: string): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name) total += processCpuMs(Number(pid));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}
