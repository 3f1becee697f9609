/**
 * vaglio run <files|dir...> --target <target config> [--threshold 0.95] [--repeat N] [--junit out.xml]
 * [--json out.json] [--name NAME] [--redteam N] [--allow-errors] [--no-wait]
 * Loads and validates everything first (a bad file: an error naming file, line and field, nothing enqueued),
 * submits the run, starts local workers when none are running, shows progress, prints failures first, and
 * exits 1 when the gate fails (shared/report/gate.ts: nothing evaluated, an errored case unless --allow-errors,
 * a pass rate below --threshold or a regression) — the CI gate.
 */
import { parseArgs } from 'node:util';
import { writeFile } from 'node:fs/promises';
import { config } from '../../shared/config.ts';
import { openDb } from '../../shared/db/client.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { loadScenarios } from '../../shared/scenarios/index.ts';
import { loadTargetConfig } from '../../shared/targets/index.ts';
import { evalPlan, evalPlanSchema } from '../../shared/plans/eval.ts';
import { computeSummary } from '../../shared/eval/summary.ts';
import { SERVICES } from '../../queues/index.ts';
import { startServices } from '../../shared/service/main.ts';
import { setLogLevel } from '../../shared/logger.ts';
import { waitWithProgress } from '../progress.ts';
import { printSummary } from '../summary.ts';
import { buildReport, gateDecision, renderJunit } from '../../shared/report/index.ts';
import type { Command } from './types.ts';

export const runCommand: Command = {
  summary: 'run <files|dir...> --target <cfg> [--threshold 0.95] [--repeat N] [--junit f] [--json f]: evaluate and gate',
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        target: { type: 'string' },
        threshold: { type: 'string' },
        repeat: { type: 'string', default: '1' },
        junit: { type: 'string' },
        json: { type: 'string' },
        name: { type: 'string' },
        today: { type: 'string' },
        redteam: { type: 'string' },
        'no-wait': { type: 'boolean', default: false },
        'allow-errors': { type: 'boolean', default: false },
        wait: { type: 'boolean', default: true },
      },
    });
    if (!values.target || (positionals.length === 0 && !values.redteam)) {
      process.stderr.write('usage: vaglio run <files|dir...> --target <target.yaml> [--threshold 0.95] [--allow-errors] [--repeat N] [--junit out.xml] [--json out.json]\n');
      return 2;
    }
    // Everything is read and validated before anything is submitted.
    const sets = positionals.length ? await loadScenarios(positionals) : [];
    const target = await loadTargetConfig(values.target);
    const input = evalPlanSchema.parse({
      plan: 'eval',
      name: values.name ?? `cli ${positionals.join(' ')}`.slice(0, 200),
      sets,
      target,
      repeat: Number(values.repeat),
      threshold: values.threshold === undefined ? undefined : Number(values.threshold),
      allowErrors: values['allow-errors'],
      today: values.today,
      redteam: values.redteam ? { limit: Number(values.redteam) } : undefined,
    });
    const built = await evalPlan.build(input, { config: config() });
    const c = config();
    if (c.VAGLIO_LOG_LEVEL === 'info') setLogLevel('warn');
    const dbh = openDb(c.DATABASE_URL, { max: 4 });
    const redis = redisConnection(c.VAGLIO_REDIS_URL);
    let local: Awaited<ReturnType<typeof startServices>> | undefined;
    try {
      const alive = (await dbh.sql<{ n: number }[]>`
        select count(*)::int as n from workers where stopped_at is null and last_seen > now() - interval '20 seconds'`)[0]!.n;
      if (alive === 0 && !values['no-wait']) {
        process.stderr.write('no vaglio workers are running: starting them in this process\n');
        local = await startServices([...SERVICES], c);
      }
      const { runId } = await submitRun({ sql: dbh.sql, redis, prefix: c.VAGLIO_PREFIX }, {
        name: built.name,
        plan: 'eval',
        spec: { name: input.name, sets: sets.map((s) => s.id), target: target.name ?? target.type, repeat: input.repeat, threshold: input.threshold },
        tasks: built.tasks,
      shared: built.shared,
      });
      process.stderr.write(`run ${runId}: ${built.tasks.length} tasks\n`);
      if (values['no-wait']) {
        process.stdout.write(`${runId}\n`);
        return 0;
      }
      await waitWithProgress(dbh.sql, runId);
      const gateOpts = { threshold: input.threshold, allowErrors: input.allowErrors };
      const computed = await computeSummary(dbh.sql, runId);
      // The JSON records the threshold, the gate's decision and why (the exit code below is the same decision).
      const summary = { ...computed, gate: gateDecision(computed, gateOpts) };
      if (values.json) await writeFile(values.json, JSON.stringify(summary, null, 2));
      if (values.junit) await writeFile(values.junit, renderJunit(await buildReport(dbh.sql, runId)));
      return printSummary(summary, gateOpts, process.stdout);
    } finally {
      await local?.stop();
      await dbh.close();
      redis.disconnect();
    }
  },
};
