/**
 * `npm run demo`: brings up the infrastructure (local or private), every service in this process, runs
 * the built-in demo suite, shows progress and prints the summary and where to look next.
 */
import { Option } from 'commander';
import { FAULT_MODES } from '../../services/demo-chatbot/faults.ts';
import { FAULTS as REF_FAULTS } from '../../services/ref-chatbot/faults.ts';
import { randomBytes } from 'node:crypto';
import { defineCommand, parseNumber, repeatableChoice } from '../command.ts';
import { redteamCliOptions, type RedteamCliOptions } from '../redteam-options.ts';
import type { RunSummary } from '../../shared/eval/summary.ts';

interface DemoCliOptions extends Omit<RedteamCliOptions, 'redteam'> {
  bot: 'demo' | 'ref';
  fault: string[];
  /** undefined: neither --keep nor --no-keep was given. */
  keep?: boolean;
  redteam: number;
  out?: string;
}

export const demoCommand = defineCommand<[], DemoCliOptions>({
  name: 'demo',
  summary: 'run the built-in demo end to end on the demo chatbot and corpus (no API key needed)',
  options: [
    new Option('--bot <bot>', 'the chatbot: demo (services/demo-chatbot) or ref (services/ref-chatbot, the second reference bot)').choices(['demo', 'ref']).default('demo'),
    repeatableChoice('--fault <mode>', "break the chatbot in this way and show which check catches it and what else newly fails against a clean run of the same suite, run first (each bot has its own faults)", [...new Set([...Object.keys(FAULT_MODES), ...Object.keys(REF_FAULTS)])]),
    new Option('--keep', 'keep the services (dashboard, Bull Board, API) up after the summary, until Ctrl-C (the default in a terminal)'),
    new Option('--no-keep', 'stop the services after the summary (the default when not in a terminal, e.g. CI)'),
    new Option('--redteam <n>', 'red-team scenarios to run, distinct attacks first (0 for none)').argParser(parseNumber('--redteam', { min: 0, integer: true })).default(120),
    ...redteamCliOptions(),
    new Option('--out <dir>', 'write the report files to this folder instead of reports/<run>/'),
  ],
  examples: ['vaglio demo', 'vaglio demo --fault no-tool --fault wrong-deadline', 'vaglio demo --bot ref --redteam 150', 'vaglio demo --bot ref --fault wrong-posts', 'vaglio demo --redteam 0 --keep', 'vaglio demo --redteam 60 --redteam-seed b --redteam-dataset multijail-it:10'],
  async action(_args, values) {
    const { config, loadConfig, childEnvFor } = await import('../../shared/config.ts');
    const { ensureInfra } = await import('../../shared/bootstrap.ts');
    const { SERVICES } = await import('../../queues/index.ts');
    const { startApi } = await import('../../services/api/server.ts');
    const { submitRun } = await import('../../shared/engine/submit.ts');
    const { waitWithProgress } = await import('../progress.ts');
    const { setLogLevel, setLogSink } = await import('../../shared/logger.ts');
    const { readableLogLine } = await import('../progress.ts');
    const { buildDemo, printDemoSummary } = await import('../demo/index.ts');
    const { buildRefDemo } = await import('../demo/ref.ts');
    const { writeReports } = await import('../reports.ts');
    const { computeSummary } = await import('../../shared/eval/summary.ts');
    const { runReportDir } = await import('../../shared/report/index.ts');
    const base = config();
    // Progress and summary are printed; routine info logs would drown them (errors still show).
    if (base.VAGLIO_LOG_LEVEL === 'info') setLogLevel('warn');
    const out = process.stdout;
    // In a terminal the dashboard stays up to be looked at; in CI (no TTY) the demo ends by itself.
    const keep = values.keep ?? (Boolean(process.stdout.isTTY) && Boolean(process.stdin.isTTY));
    setLogSink((line) => out.write(readableLogLine(line)));
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
      const redteamOpts = { redteam: values.redteam, redteamSeed: values.redteamSeed, datasets: values.redteamDataset, datasetsDir: values.redteamData };
      const build = values.bot === 'ref' ? buildRefDemo : buildDemo;
      // With faults, the same suite runs first on the clean chatbot: the table then tells, case by case, what
      // the faults broke beyond what the family meant for each one caught.
      let clean: RunSummary | undefined;
      if (values.fault.length > 0) {
        out.write('clean run first (the baseline the faults are compared with, case by case)\n');
        const base = await build(deps, { ...redteamOpts, faults: [] }, out);
        try {
          const { runId } = await submitRun(deps, { name: base.name, plan: base.plan, spec: base.spec, tasks: base.tasks });
          out.write(`clean run ${runId} submitted: ${base.tasks.length} tasks\n`);
          const run = await waitWithProgress(deps.sql, runId);
          if (run.status === 'completed') clean = await computeSummary(deps.sql, runId);
          out.write(`clean run ${runId}: ${run.status}${clean ? `, ${clean.totals.fail} failing cases` : ''}\n\n`);
        } finally {
          await base.cleanup?.();
        }
      }
      const demo = await build(deps, { ...redteamOpts, faults: values.fault }, out);
      const { runId } = await submitRun(deps, { name: demo.name, plan: demo.plan, spec: demo.spec, tasks: demo.tasks });
      out.write(`run ${runId} submitted: ${demo.tasks.length} tasks\n`);
      const run = await waitWithProgress(deps.sql, runId);
      const summary = await printDemoSummary(deps, run, demo, out, clean);
      const files = await writeReports(deps.sql, runId, runReportDir(cfg.VAGLIO_REPORT_DIR, runId), values.out);
      if (files) out.write(`\nreport files: ${Object.values(files).join(', ')}\n`);
      const code = run.status === 'completed' && (demo.faults.length > 0 || summary.totals.fail === 0) ? 0 : 1;
      if (keep) {
        // A token the demo generated is shown so the links work; a configured VAGLIO_API_TOKEN is a secret and never printed.
        const auth = base.VAGLIO_API_TOKEN ? '' : `?token=${token}`;
        out.write(`\ndashboard:  ${api.url}/dashboard${auth}\n`);
        out.write(`Bull Board: ${api.url}/admin/queues${auth}\n`);
        out.write(`API:        ${api.url}/runs/${runId}  (Authorization: Bearer ${base.VAGLIO_API_TOKEN ? '$VAGLIO_API_TOKEN' : token})\n`);
        out.write('the services stay up to look at the run: press Ctrl-C to stop them\n');
        await new Promise(() => {});
      }
      await demo.cleanup?.();
      // No dashboard links here: they would point at services that are about to stop.
      out.write(`\nservices stopped. To browse this run in the dashboard, run the demo with --keep (npm run demo -- --keep).\n`);
      return code;
    } finally {
      if (!keep) await stopAll();
    }
  },
});
