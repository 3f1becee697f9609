/** judge calibrate, daily (manual trigger). */
import { readFile } from 'node:fs/promises';
import { Option } from 'commander';
import { DATE, defineCommand, parseNumber, parsePattern } from '../command.ts';
import { redteamCliOptions, redteamSelection, type RedteamCliOptions } from '../redteam-options.ts';

const MANDATES = ['general-quality', 'compare-meaning', 'pseudo-ground-truth', 'boilerplate', 'attack'];

const calibrateCommand = defineCommand<[string[]], object>({
  name: 'calibrate',
  summary: "accuracy and Cohen's kappa of the configured judge on the human-labelled sets",
  args: '[mandates...]',
  examples: ['vaglio judge calibrate', 'vaglio judge calibrate general-quality compare-meaning'],
  async action([mandates]) {
    const { config } = await import('../../shared/config.ts');
    const { calibrate, loadCalibrationSet } = await import('../../shared/judge/index.ts');
    const bad = mandates.filter((m) => !MANDATES.includes(m));
    if (bad.length) {
      process.stderr.write(`unknown mandate(s): ${bad.join(', ')}; known: ${MANDATES.join(', ')}\n`);
      return 2;
    }
    const ids = mandates.length ? mandates : MANDATES;
    const { openDb } = await import('../../shared/db/client.ts');
    const { withReviewedCases } = await import('../../shared/review/store.ts');
    // The labels reviewers gave on the dashboard (/dashboard/review) are calibration items too.
    const dbh = openDb(config().DATABASE_URL, { max: 1 });
    let worst = 0;
    try {
      for (const id of ids) {
        const { set, reviewed } = await withReviewedCases(dbh.db, loadCalibrationSet(id));
        const report = await calibrate(config(), id, set);
        process.stdout.write(`${id.padEnd(22)} model ${report.model ?? '-'}  accuracy ${report.accuracy.toFixed(2)}  kappa ${report.kappa.toFixed(2)}  decided ${report.decided}/${report.cases} (${reviewed} from review)\n`);
        if (report.decided === 0) worst = 1;
      }
    } finally {
      await dbh.close();
    }
    if (worst) process.stderr.write('some sets were not judged at all: is a judge model configured (VAGLIO_JUDGE_MODEL, VAGLIO_LLM_BASE_URL)?\n');
    return worst;
  },
});

export const judgeCommand = defineCommand<[], object>({
  name: 'judge',
  summary: 'judge tools: `judge calibrate` measures the configured judge against human labels',
  examples: ['vaglio judge calibrate'],
  subcommands: [calibrateCommand],
});

export const dailyCommand = defineCommand<[], { source: string; target: string; today?: string } & RedteamCliOptions>({
  name: 'daily',
  summary: "trigger the day's run now (idempotent per day: a second call returns the same run)",
  options: [
    new Option('--source <source.yaml>', 'where the bandi come from: folder, JSON feed or paged API').makeOptionMandatory(),
    new Option('--target <target.yaml>', 'the chatbot to test (see docs/targets.md)').makeOptionMandatory(),
    new Option('--today <YYYY-MM-DD>', 'the day to run (default: today in Europe/Rome)').argParser(parsePattern('--today', DATE, 'a date like 2026-12-01')),
    new Option('--redteam <n>', "also run n red-team scenarios, distinct attacks first (the seed defaults to the day's date)").argParser(parseNumber('--redteam', { min: 1, integer: true })),
    ...redteamCliOptions(),
  ],
  examples: [
    'vaglio daily --source source.yaml --target scenarios/targets/staging.yaml',
    'vaglio daily --source source.yaml --target bot.yaml --today 2026-12-01',
    'vaglio daily --source source.yaml --target bot.yaml --redteam 60 --redteam-dataset multijail-it:10',
  ],
  async action(_args, values) {
    const { config } = await import('../../shared/config.ts');
    const { loadTargetConfig } = await import('../../shared/targets/index.ts');
    const { dailyPlan, dailyPlanSchema } = await import('../../shared/plans/daily.ts');
    const { romeDate } = await import('../../shared/engine/schedule.ts');
    const { openDb } = await import('../../shared/db/client.ts');
    const { redisConnection } = await import('../../shared/engine/connections.ts');
    const { submitRun } = await import('../../shared/engine/submit.ts');
    const { parse } = await import('yaml');
    const source: unknown = parse(await readFile(values.source, 'utf8'));
    const input = dailyPlanSchema.parse({ plan: 'daily', source, target: await loadTargetConfig(values.target), today: values.today ?? romeDate(), redteam: redteamSelection(values) });
    const built = await dailyPlan.build(input, { config: config() });
    const c = config();
    const dbh = openDb(c.DATABASE_URL, { max: 2 });
    const redis = redisConnection(c.VAGLIO_REDIS_URL);
    try {
      const r = await submitRun({ sql: dbh.sql, redis, prefix: c.VAGLIO_PREFIX }, {
        name: built.name,
        plan: 'daily',
        spec: input as unknown as Record<string, unknown>,
        tasks: built.tasks,
        shared: built.shared,
        idempotencyKey: `daily-${input.today}`,
      });
      process.stdout.write(`${r.created ? 'submitted' : 'already submitted today'}: ${r.runId}\n`);
      return 0;
    } finally {
      await dbh.close();
      redis.disconnect();
    }
  },
});
