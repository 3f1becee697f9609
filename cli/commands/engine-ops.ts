/** migrate, start, resume, cancel, status, prune: operations on the engine with the configured Redis/Postgres. */
import { parseArgs } from 'node:util';
import { config } from '../../shared/config.ts';
import { ensureDatabase, openDb } from '../../shared/db/client.ts';
import { migrate } from '../../shared/db/migrate.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import { resumeRun } from '../../shared/engine/resume.ts';
import { cancelRun } from '../../shared/engine/cancel.ts';
import { getRun } from '../../shared/engine/runs.ts';
import { parseAge, pruneRuns } from '../../shared/engine/prune.ts';
import { SERVICES, type ServiceName } from '../../queues/index.ts';
import { startApi } from '../../services/api/server.ts';
import { exitOnSignals, startServices } from '../../shared/service/main.ts';
import type { Command } from './types.ts';

async function withEngine<T>(fn: (d: { sql: ReturnType<typeof openDb>['sql']; redis: ReturnType<typeof redisConnection>; prefix: string }) => Promise<T>): Promise<T> {
  const c = config();
  const dbh = openDb(c.DATABASE_URL, { max: 2 });
  const redis = redisConnection(c.VAGLIO_REDIS_URL);
  try {
    return await fn({ sql: dbh.sql, redis, prefix: c.VAGLIO_PREFIX });
  } finally {
    await dbh.close();
    redis.disconnect();
  }
}

export const migrateCommand: Command = {
  summary: 'create the database if missing and apply migrations (safe to run from many replicas)',
  async run() {
    const c = config();
    await ensureDatabase(c.DATABASE_URL);
    const applied = await migrate(c.DATABASE_URL);
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
    return 0;
  },
};

export const startCommand: Command = {
  summary: 'start services in this process: `start all` (default) or `start judge reporter ...`',
  async run(args) {
    const names = args.length === 0 || args.includes('all') ? [...SERVICES] : args;
    const bad = names.filter((n) => !(SERVICES as readonly string[]).includes(n));
    if (bad.length) {
      process.stderr.write(`unknown service(s): ${bad.join(', ')}; known: ${SERVICES.join(', ')}\n`);
      return 2;
    }
    const services = names as ServiceName[];
    if (services.includes('api')) {
      const api = await startApi({ services });
      process.stdout.write(`vaglio api at ${api.url} (Bull Board: ${api.url}/admin/queues)\n`);
    } else {
      const h = await startServices(services);
      exitOnSignals(() => h.stop());
    }
    await new Promise(() => {});
    return 0;
  },
};

export const resumeCommand: Command = {
  summary: 'resume <runId>: relaunch only the tasks that did not complete',
  async run(args) {
    const { positionals } = parseArgs({ args, allowPositionals: true });
    const runId = positionals[0];
    if (!runId) return usageError('resume <runId>');
    const r = await withEngine((d) => resumeRun(d, runId));
    process.stdout.write(r.relaunched.length ? `relaunched ${r.relaunched.length} task(s) in epoch ${r.epoch}\n` : 'nothing to resume\n');
    return 0;
  },
};

export const cancelCommand: Command = {
  summary: 'cancel <runId>: stop queued tasks and abort running ones on every worker',
  async run(args) {
    const runId = args[0];
    if (!runId) return usageError('cancel <runId>');
    await withEngine((d) => cancelRun(d, runId));
    process.stdout.write(`cancel requested for ${runId}\n`);
    return 0;
  },
};

export const statusCommand: Command = {
  summary: 'status <runId>: state, counts per status, progress',
  async run(args) {
    const runId = args[0];
    if (!runId) return usageError('status <runId>');
    const run = await withEngine((d) => getRun(d.sql, runId));
    process.stdout.write(`${JSON.stringify(run, null, 2)}\n`);
    return 0;
  },
};

export const pruneCommand: Command = {
  summary: 'prune --older-than 90d [--keep-last 1] [--dry-run]: delete old finished runs, their results and report folders',
  async run(args) {
    const usage = 'prune --older-than <age, e.g. 90d or 12w> [--keep-last N] [--dry-run]';
    let values;
    try {
      ({ values } = parseArgs({ args, options: { 'older-than': { type: 'string' }, 'keep-last': { type: 'string', default: '1' }, 'dry-run': { type: 'boolean', default: false } } }));
    } catch (err) {
      process.stderr.write(`${(err as Error).message}\n`);
      return usageError(usage);
    }
    if (!values['older-than']) return usageError(usage);
    let olderThanDays: number;
    try {
      olderThanDays = parseAge(values['older-than']);
    } catch (err) {
      process.stderr.write(`--older-than: ${(err as Error).message}\n`);
      return 2;
    }
    const keepLast = Number(values['keep-last']);
    if (!Number.isInteger(keepLast) || keepLast < 0) {
      process.stderr.write(`--keep-last: "${values['keep-last']}" is not a whole number of runs\n`);
      return 2;
    }
    const dryRun = values['dry-run'];
    const r = await withEngine((d) => pruneRuns(d.sql, { olderThanDays, keepLast, dryRun, reportDir: config().VAGLIO_REPORT_DIR }));
    const what = `${r.runs.length} run(s) finished more than ${olderThanDays} day(s) ago, keeping the newest ${keepLast} of each name`;
    process.stdout.write(dryRun ? `would delete ${what}${r.runs.length ? `:\n${r.runs.join('\n')}` : ''}\n` : `deleted ${what}; ${r.reportFolders} report folder(s) removed\n`);
    return 0;
  },
};

function usageError(u: string): number {
  process.stderr.write(`usage: vaglio ${u}\n`);
  return 2;
}
