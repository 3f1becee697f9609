/** A private redis-server on its own port, for tests that FLUSHALL or restart Redis (never the shared one). */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface PrivateRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  restartEmpty(): Promise<void>;
}

async function launch(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: 'ignore',
  });
  const r = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  for (let i = 0; i < 100; i++) {
    try {
      await r.connect();
      await r.ping();
      r.disconnect();
      return child;
    } catch {
      await new Promise((res) => setTimeout(res, 50));
    }
  }
  r.disconnect();
  throw new Error(`redis-server did not start on port ${port}`);
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'vaglio-redis-'));
  let child = await launch(port, dir);
  const stopChild = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: stopChild,
    async restartEmpty() {
      await stopChild();
      child = await launch(port, dir);
    },
  };
}
