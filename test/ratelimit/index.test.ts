/** The shared rate limiter, against real Redis, seen from a real HTTP server as the target would see it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, type RateLimiter } from '../../shared/ratelimit/index.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { maxInWindow, startCountingServer, type CountingServer } from './counting-server.ts';

const fixture = fileURLToPath(new URL('./fixtures/limited-client.ts', import.meta.url));

let infra: TestInfra;
let server: CountingServer;
let a: Redis;
let b: Redis;
const children: ChildProcess[] = [];

beforeAll(async () => {
  infra = await createTestInfra('ratelimit');
  a = new Redis(infra.redisUrl);
  b = new Redis(infra.redisUrl);
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  a?.disconnect();
  b?.disconnect();
  await infra?.teardown();
});

async function withServer<T>(fn: (s: CountingServer) => Promise<T>): Promise<T> {
  server = await startCountingServer();
  try {
    return await fn(server);
  } finally {
    await server.close();
  }
}

/** `parallel` loops per limiter, `count` requests in all, each acquiring a slot around one request. */
async function load(limiters: RateLimiter[], url: string, count: number, parallel: number) {
  let left = count;
  await Promise.all(
    limiters.flatMap((limiter) =>
      Array.from({ length: parallel }, async () => {
        while (left-- > 0) {
          const release = await limiter.acquire();
          try {
            await (await fetch(url, { headers: { 'x-granted-at': String(Date.now()) } })).text();
          } finally {
            await release();
          }
        }
      }),
    ),
  );
}

function startChild(args: Record<string, unknown>, until: string): { child: ChildProcess; ready: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, JSON.stringify(args)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes(until)) resolve();
    });
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => reject(new Error(`child exited ${code} before "${until}": ${err}`)));
  });
  return { child, ready };
}

describe('createRateLimiter', () => {
  it('never lets more than maxInFlight requests reach the target at once across two Redis clients', async () => {
    const opts = { prefix: infra.prefix, key: 'conc', maxInFlight: 3 };
    const limiters = [createRateLimiter(a, opts), createRateLimiter(b, opts)];
    await withServer(async (s) => {
      await load(limiters, `${s.url}?delay=60`, 36, 5);
      expect(s.arrivals()).toHaveLength(36);
      expect(s.peakInFlight()).toBeLessThanOrEqual(3);
      expect(s.peakInFlight()).toBeGreaterThanOrEqual(2); // the limit is a cap, not a queue of one
    });
    expect(await a.zcard(`${infra.prefix}:rl:conc:inflight`)).toBe(0);
  });

  it('keeps the request rate at the target within ratePerSec across two Redis clients', async () => {
    const opts = { prefix: infra.prefix, key: 'rate', ratePerSec: 15 };
    const limiters = [createRateLimiter(a, opts), createRateLimiter(b, opts)];
    await withServer(async (s) => {
      await load(limiters, `${s.url}?delay=5`, 30, 4);
      expect(s.arrivals()).toHaveLength(30);
      expect(s.granted().every(Number.isFinite)).toBe(true);
      expect(maxInWindow(s.granted())).toBeLessThanOrEqual(15 + 2);
    });
  });

  it('holds both limits across two worker processes', async () => {
    await withServer(async (s) => {
      const args = {
        redisUrl: infra.redisUrl,
        prefix: infra.prefix,
        key: 'procs',
        ratePerSec: 20,
        maxInFlight: 2,
        mode: 'load',
        url: `${s.url}?delay=80`,
        count: 20,
        parallel: 3,
      };
      const runs = [startChild(args, 'done'), startChild(args, 'done')];
      await Promise.all(runs.map((r) => r.ready));
      expect(s.arrivals()).toHaveLength(40);
      expect(s.peakInFlight()).toBeLessThanOrEqual(2);
      expect(s.granted().every(Number.isFinite)).toBe(true);
      expect(maxInWindow(s.granted())).toBeLessThanOrEqual(20 + 2);
    });
  });

  it('keeps a live holder’s slot past leaseMs and frees a dead holder’s slot after leaseMs', async () => {
    // A 3 s lease renewed every second: the holder keeps it unless starved for 2 s, which load does not do.
    const opts = { prefix: infra.prefix, key: 'lease', maxInFlight: 1, leaseMs: 3000 };
    const holder = startChild({ ...opts, redisUrl: infra.redisUrl, mode: 'hold' }, 'held');
    await holder.ready;
    const limiter = createRateLimiter(a, opts);
    // The holder is alive and renewing: waiting well past leaseMs still gets nothing.
    await expect(limiter.acquire(AbortSignal.timeout(7000))).rejects.toMatchObject({ name: 'TimeoutError' });
    holder.child.kill('SIGKILL');
    const release = await limiter.acquire(AbortSignal.timeout(60_000));
    expect(await a.zcard(`${infra.prefix}:rl:lease:inflight`)).toBe(1);
    await release();
    expect(await a.zcard(`${infra.prefix}:rl:lease:inflight`)).toBe(0);
  });

  it('rejects a waiting acquire with the abort reason and takes no slot', async () => {
    const opts = { prefix: infra.prefix, key: 'abort', maxInFlight: 1, ratePerSec: 1000 };
    const limiter = createRateLimiter(a, opts);
    const held = await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    const reason = new Error('case cancelled');
    setTimeout(() => controller.abort(reason), 100);
    await expect(waiting).rejects.toBe(reason);
    await held();
    await held(); // releasing twice is harmless
    expect(await a.zcard(`${infra.prefix}:rl:abort:inflight`)).toBe(0);
    const again = await limiter.acquire(AbortSignal.timeout(5000));
    await again();
  });

  it('rejects at once when the signal is already aborted', async () => {
    const limiter = createRateLimiter(a, { prefix: infra.prefix, key: 'pre', ratePerSec: 1 });
    const reason = new Error('already gone');
    await expect(limiter.acquire(AbortSignal.abort(reason))).rejects.toBe(reason);
  });
});
