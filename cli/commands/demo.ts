/**
 * `npm run demo`: brings up the infrastructure (local or private), every service in this process, runs
 * the built-in demo suite, shows progress and prints the summary and where to look next.
 */
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { config, loadConfig, childEnvFor } from '../../shared/config.ts';
import { ensureInfra } from '../../shared/bootstrap.ts';
import { SERVICES } from '../../queues/index.ts';
import { startApi } from '../../services/api/server.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { waitWithProgress } from '../progress.ts';
import { setLogLevel } from '../../shared/logger.ts';
import { buildDemo, printDemoSummary } from '../demo/index.ts';
import type { Command } from './types.ts';
import { writeReports } from '../reports.ts';
import { runReportDir } from '../../shared/report/index.ts';

export const demoCommand: Command = {
  summary: 'run the built-in demo end to end (no API key needed); --fault <mode> to break the demo chatbot; --keep to stay up',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        fault: { type: 'string', multiple: true, default: [] },
        keep: { type: 'boolean', default: false },
        redteam: { type: 'string', default: '120' },
        out: { type: 'string' },
      },
    });
    const base = config();
    // Progress and summary are printed; routine info logs would drown them (errors still show).
    if (base.VAGLIO_LOG_LEVEL === 'info') setLogLevel('warn');
    const out = process.stdout;
    out.write('vaglio demo: checking Redis and Postgres...\n');
    const infra = await ensureInfra({
      databaseUrl: base.DATABASE_URL,
      redisUrl: base.VAGLIO_REDIS_URL,
      dataDir: base.VAGLIO_DATA_DIR,
      log: (m) => out.write(`  ${m}\n`),
    });
    const cfg = loadConfig(childEnvFor(base, { DATABASE_URL: infra.databaseUrl, VAGLIO_REDIS_URL: infra.redisUrl }));
    const token = base.VAGLIO_API_TOKEN ?? randomBytes(18).toString('base64url');
    const api = await startApi({ services: [...SERVICES], config: cfg, token, port: cfg.VAGLIO_API_PORT, handleSignals: false }).catch(
      () => startApi({ services: [...SERVICES], config: cfg, token, port: 0, handleSignals: false }),
    );
    const stopAll = async () => {
      await api.stop();
      await infra.stop();
    };
    process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
    try {
      const deps = { sql: api.services.dbh.sql, redis: api.services.redis, prefix: cfg.VAGLIO_PREFIX, config: cfg };
      const demo = await buildDemo(deps, { faults: values.fault ?? [], redteam: Number(values.redteam) }, out);
      const { runId } = await submitRun(deps, { name: demo.name, plan: demo.plan, spec: demo.spec, tasks: demo.tasks });
      out.write(`run ${runId} submitted: ${demo.tasks.length} tasks\n`);
      const run = await waitWithProgress(deps.sql, runId);
      const summary = await printDemoSummary(deps, run, demo, out);
      const files = await writeReports(deps.sql, runId, runReportDir(cfg.VAGLIO_REPORT_DIR, runId), values.out);
      if (files) out.write(`\nreport files: ${Object.values(files).join(', ')}\n`);
      const code = run.status === 'completed' && (demo.faults.length > 0 || summary.totals.fail === 0) ? 0 : 1;
      // A token the demo generated is shown so the links work; a configured VAGLIO_API_TOKEN is a secret and never printed.
      const auth = base.VAGLIO_API_TOKEN ? '' : `?token=${token}`;
      out.write(`\ndashboard:  ${api.url}/dashboard${auth}\n`);
      out.write(`Bull Board: ${api.url}/admin/queues${auth}\n`);
      out.write(`API:        ${api.url}/runs/${runId}  (Authorization: Bearer ${base.VAGLIO_API_TOKEN ? '$VAGLIO_API_TOKEN' : token})\n`);
      if (values.keep) {
        out.write('services keep running (Ctrl-C to stop)\n');
        await new Promise(() => {});
      }
      await demo.cleanup?.();
      return code;
    } finally {
      if (!values.keep) await stopAll();
    }
  },
};
