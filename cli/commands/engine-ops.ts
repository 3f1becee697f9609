/** migrate, start, resume, cancel, status, prune: operations on the engine with the configured Redis/Postgres. */
import { InvalidArgumentError, Option } from 'commander';
import type { ServiceName } from '../../queues/index.ts';
import type { Sql } from '../../shared/db/client.ts';
import type { Redis } from 'ioredis';
import { parseAge } from '../../shared/engine/prune.ts';
import { defineCommand, parseNumber } from '../command.ts';

// Modules that open connections or load BullMQ are imported when a command runs, so --help stays instant.
async function withEngine<T>(fn: (d: { sql: Sql; redis: Redis; prefix: string }) => Promise<T>): Promise<T> {
  const { config } = await import('../../shared/config.ts');
  const { openDb } = await import('../../shared/db/client.ts');
  const { redisConnection } = await import('../../shared/engine/connections.ts');
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

export const migrateCommand = defineCommand<[], object>({
  name: 'migrate',
  summary: 'create the database if missing and apply migrations (safe to run from many replicas)',
  examples: ['vaglio migrate', 'DATABASE_URL=postgres://vaglio@db/vaglio vaglio migrate'],
  async action() {
    const { config } = await import('../../shared/config.ts');
    const { ensureDatabase } = await import('../../shared/db/client.ts');
    const { migrate } = await import('../../shared/db/migrate.ts');
    const c = config();
    await ensureDatabase(c.DATABASE_URL);
    const applied = await migrate(c.DATABASE_URL);
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
    return 0;
  },
});

export const startCommand = defineCommand<[string[]], object>({
  name: 'start',
  summary: 'start services in this process (all of them by default), until SIGTERM/Ctrl-C',
  args: '[services...]',
  examples: ['vaglio start', 'vaglio start all', 'vaglio start judge reporter'],
  async action([args]) {
    const { SERVICES } = await import('../../queues/index.ts');
    const { startApi } = await import('../../services/api/server.ts');
    const { exitOnSignals, startServices } = await import('../../shared/service/main.ts');
    const names = args.length === 0 || args.includes('all') ? [...SERVICES] : args;
    const bad = names.filter((n) => !(SERVICES as readonly string[]).includes(n));
    if (bad.length) {
      process.stderr.write(`unknown service(s): ${bad.join(', ')}; known: all, ${SERVICES.join(', ')}\n`);
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
});

export const resumeCommand = defineCommand<[string], { errors: boolean }>({
  name: 'resume',
  summary: 'relaunch only the tasks of a run that did not complete (--errors: and the cases stored as errors)',
  args: '<runId>',
  options: [new Option('--errors', 'also play again the completed cases stored with an error outcome, and what depends on them').default(false)],
  examples: ['vaglio resume 0193a6c2-…', 'vaglio resume 0193a6c2-… --errors'],
  async action([runId], { errors }) {
    const { resumeRun } = await import('../../shared/engine/resume.ts');
    const r = await withEngine((d) => resumeRun(d, runId, { errors }));
    process.stdout.write(r.relaunched.length ? `relaunched ${r.relaunched.length} task(s) in epoch ${r.epoch}\n` : 'nothing to resume\n');
    return 0;
  },
});

export const cancelCommand = defineCommand<[string], object>({
  name: 'cancel',
  summary: 'stop the queued tasks of a run and abort its running ones on every worker',
  args: '<runId>',
  examples: ['vaglio cancel 0193a6c2-…'],
  async action([runId]) {
    const { cancelRun } = await import('../../shared/engine/cancel.ts');
    await withEngine((d) => cancelRun(d, runId));
    process.stdout.write(`cancel requested for ${runId}\n`);
    return 0;
  },
});

export const statusCommand = defineCommand<[string], object>({
  name: 'status',
  summary: "a run's state, counts per status and progress, as JSON",
  args: '<runId>',
  examples: ['vaglio status 0193a6c2-…'],
  async action([runId]) {
    const { getRun } = await import('../../shared/engine/runs.ts');
    const run = await withEngine((d) => getRun(d.sql, runId));
    process.stdout.write(`${JSON.stringify(run, null, 2)}\n`);
    return 0;
  },
});

export const pruneCommand = defineCommand<[], { olderThan: number; keepLast: number; dryRun: boolean }>({
  name: 'prune',
  summary: 'delete old finished runs, their results and report folders (keeps each name\'s newest run)',
  options: [
    new Option('--older-than <age>', 'runs that ended more than this long ago, e.g. 90d or 12w')
      .argParser((v: string) => {
        try {
          return parseAge(v);
        } catch (err) {
          throw new InvalidArgumentError(`--older-than: ${(err as Error).message}`);
        }
      })
      .makeOptionMandatory(),
    new Option('--keep-last <n>', 'newest finished runs of each name and plan to keep').argParser(parseNumber('--keep-last', { min: 0, integer: true })).default(1),
    new Option('--dry-run', 'list what would be deleted, delete nothing').default(false),
  ],
  examples: ['vaglio prune --older-than 90d --dry-run', 'vaglio prune --older-than 12w --keep-last 3'],
  async action(_args, { olderThan: olderThanDays, keepLast, dryRun }) {
    const { config } = await import('../../shared/config.ts');
    const { pruneRuns } = await import('../../shared/engine/prune.ts');
    const r = await withEngine((d) => pruneRuns(d.sql, { olderThanDays, keepLast, dryRun, reportDir: config().VAGLIO_REPORT_DIR }));
    const what = `${r.runs.length} run(s) finished more than ${olderThanDays} day(s) ago, keeping the newest ${keepLast} of each name`;
    process.stdout.write(dryRun ? `would delete ${what}${r.runs.length ? `:\n${r.runs.join('\n')}` : ''}\n` : `deleted ${what}; ${r.reportFolders} report folder(s) removed\n`);
    return 0;
  },
});
