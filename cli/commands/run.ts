/**
 * vaglio run <files|dir...> --target <target config> [--threshold 0.95] [--repeat N] [--junit out.xml]
 * [--json out.json] [--name NAME] [--redteam N] [--redteam-seed S] [--redteam-dataset NAME[:N]] [--allow-errors] [--no-wait]
 * Loads and validates everything first (a bad file: an error naming file, line and field, nothing enqueued),
 * submits the run, starts local workers when none are running, shows progress, prints failures first, and
 * exits 1 when the gate fails (shared/report/gate.ts: nothing evaluated, an errored case unless --allow-errors,
 * a pass rate below --threshold or a regression) — the CI gate.
 */
import { Option } from 'commander';
import { writeFile } from 'node:fs/promises';
import { DATE, defineCommand, parseNumber, parsePattern } from '../command.ts';
import { redteamCliOptions, redteamSelection, type RedteamCliOptions } from '../redteam-options.ts';

interface RunOptions extends RedteamCliOptions {
  target: string;
  threshold?: number;
  mutate?: boolean;
  minMutationScore?: number;
  repeat: number;
  junit?: string;
  json?: string;
  name?: string;
  today?: string;
  allowErrors: boolean;
  wait: boolean;
}

export const runCommand = defineCommand<[string[]], RunOptions>({
  name: 'run',
  summary: 'evaluate scenario files against a target and gate the result (exit 1 when the gate fails)',
  args: '[files...]',
  options: [
    new Option('--target <file>', 'target file: how to call your chatbot (see docs/targets.md)').makeOptionMandatory(),
    new Option('--threshold <rate>', 'minimum pass rate, 0..1; below it the command exits 1').argParser(parseNumber('--threshold', { min: 0, max: 1 })),
    new Option('--repeat <n>', 'run each case n times and report determinism').argParser(parseNumber('--repeat', { min: 1, max: 100, integer: true })).default(1),
    new Option('--junit <file>', 'write a JUnit XML report'),
    new Option('--json <file>', 'write the summary as JSON'),
    new Option('--name <name>', 'run name (regressions are counted against the previous run of the same name)'),
    new Option('--today <YYYY-MM-DD>', 'the date the checks treat as today').argParser(parsePattern('--today', DATE, 'a date like 2026-12-01')),
    new Option('--redteam <n>', 'also run n red-team scenarios (distinct attacks first)').argParser(parseNumber('--redteam', { min: 1, integer: true })),
    ...redteamCliOptions(),
    new Option('--mutate', "after the run, mutation-test its suite on its own transcripts (would it notice the chatbot breaking?)"),
    new Option('--min-mutation-score <rate>', 'with --mutate: minimum mutation score, 0..1; below it the command exits 1 (implies --mutate)').argParser(
      parseNumber('--min-mutation-score', { min: 0, max: 1 }),
    ),
    new Option('--allow-errors', 'do not fail the gate because some cases errored (the target or infrastructure failed)').default(false),
    new Option('--no-wait', 'submit, print the run id and return (needs running workers)'),
  ],
  examples: [
    'vaglio run scenarios/examples --target scenarios/targets/staging.yaml --threshold 0.95',
    'vaglio run tests.csv cases.json --target my-bot.yaml --junit vaglio.xml --json summary.json',
    'vaglio run --target my-bot.yaml --redteam 40',
    'vaglio run --target my-bot.yaml --redteam 120 --redteam-seed 2026-12 --redteam-dataset multijail-it --redteam-dataset itamsj-it:10',
  ],
  async action([files], values) {
    const { config } = await import('../../shared/config.ts');
    const { openDb } = await import('../../shared/db/client.ts');
    const { redisConnection } = await import('../../shared/engine/connections.ts');
    const { submitRun } = await import('../../shared/engine/submit.ts');
    const { liveWorkers } = await import('../../shared/engine/reconciler.ts');
    const { loadScenarios } = await import('../../shared/scenarios/index.ts');
    const { loadTargetConfig } = await import('../../shared/targets/index.ts');
    const { evalPlan, evalPlanSchema } = await import('../../shared/plans/eval.ts');
    const { computeSummary } = await import('../../shared/eval/summary.ts');
    const { SERVICES } = await import('../../queues/index.ts');
    const { startServices } = await import('../../shared/service/main.ts');
    const { setLogLevel } = await import('../../shared/logger.ts');
    const { waitWithProgress } = await import('../progress.ts');
    const { printSummary } = await import('../summary.ts');
    const { buildReport, gateDecision, renderJunit } = await import('../../shared/report/index.ts');
    const positionals = files;
    const redteam = redteamSelection(values);
    if (positionals.length === 0 && !redteam) {
      process.stderr.write('vaglio run: give scenario files or folders, --redteam N or --redteam-dataset NAME (vaglio run --help)\n');
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
      repeat: values.repeat,
      threshold: values.threshold,
      allowErrors: values.allowErrors,
      today: values.today,
      redteam,
      mutate: values.mutate || values.minMutationScore !== undefined ? { minScore: values.minMutationScore } : undefined,
    });
    const built = await evalPlan.build(input, { config: config() });
    const c = config();
    if (c.VAGLIO_LOG_LEVEL === 'info') setLogLevel('warn');
    const dbh = openDb(c.DATABASE_URL, { max: 4 });
    const redis = redisConnection(c.VAGLIO_REDIS_URL);
    let local: Awaited<ReturnType<typeof startServices>> | undefined;
    try {
      const alive = await liveWorkers(dbh.sql);
      if (alive === 0 && !!values.wait) {
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
      if (!values.wait) {
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
      const code = printSummary(summary, gateOpts, process.stdout);
      if (!input.mutate) return code;
      const { mutationGate } = await import('../mutate-summary.ts');
      return Math.max(code, await mutationGate(dbh.db, runId, process.stdout));
    } finally {
      await local?.stop();
      await dbh.close();
      redis.disconnect();
    }
  },
});
