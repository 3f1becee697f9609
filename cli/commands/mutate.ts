/**
 * vaglio mutate <runId>: how much would this suite catch? Mutates the run's stored transcripts (no chatbot
 * call), applies the run's own checks and detectors to every mutant, stores and prints the mutation report.
 * Exits 1 below --min-score (a CI gate), 2 on bad input.
 */
import { Option } from 'commander';
import { defineCommand, parseNumber, writeOutput } from '../command.ts';

interface MutateOptions {
  operators?: string;
  operatorsModule?: string;
  minScore?: number;
  json?: string;
  suggest?: string;
}

export const mutateCommand = defineCommand<[string], MutateOptions>({
  name: 'mutate',
  summary: "mutation testing of a run's suite: faults written into its stored transcripts, its own checks applied (no chatbot call)",
  args: '<runId>',
  options: [
    new Option('--operators <ids>', 'comma-separated operator ids (default: all built-in and --operators-module ones)'),
    new Option('--operators-module <file.ts>', 'a module whose default export is an array of your own operators'),
    new Option('--min-score <rate>', 'mutation score (killed over covered mutants), 0..1; below it the command exits 1').argParser(parseNumber('--min-score', { min: 0, max: 1 })),
    new Option('--json <file>', 'write the mutation report as JSON'),
    new Option('--suggest <file.yaml>', 'write the suggested checks (each verified to kill a surviving mutant) as YAML'),
  ],
  examples: ['vaglio mutate run_20261201_ab12cd34 --min-score 0.95', 'vaglio mutate run_20261201_ab12cd34 --operators shift-date-day,drop-tender-call --suggest checks.yaml'],
  async action([runId], values) {
    const { config } = await import('../../shared/config.ts');
    const { openDb } = await import('../../shared/db/client.ts');
    const { redisConnection } = await import('../../shared/engine/connections.ts');
    const { makeLlmJudge } = await import('../../shared/eval/llm-judge.ts');
    const { loadOperatorModule, mutateRun, renderSummaryText, suggestionsYaml } = await import('../../shared/mutate/index.ts');
    const { llmFor } = await import('../../shared/tasks/llm.ts');
    const only = values.operators?.split(',').map((s) => s.trim()).filter(Boolean);
    const c = config();
    const dbh = openDb(c.DATABASE_URL, { max: 2 });
    const redis = redisConnection(c.VAGLIO_REDIS_URL);
    try {
      const extra = values.operatorsModule ? await loadOperatorModule(values.operatorsModule) : [];
      const llm = llmFor({ config: c, db: dbh.db, redis, prefix: c.VAGLIO_PREFIX });
      // LLM checks are applied to mutants only when a judge model is configured; otherwise they are counted as not exercised.
      const llmJudge = llm.forRole('judge') ? makeLlmJudge(c, llm, { runId, taskKey: 'mutate', signal: new AbortController().signal }) : undefined;
      const { id, summary } = await mutateRun(dbh.db, runId, { only, extra, minScore: values.minScore, llmJudge });
      process.stdout.write(renderSummaryText(summary));
      process.stdout.write(`mutation run ${id} stored${c.VAGLIO_PUBLIC_URL ? `: ${c.VAGLIO_PUBLIC_URL}/dashboard/mutations/${id}` : ''}\n`);
      if (values.json) await writeOutput(values.json, JSON.stringify({ id, ...summary }, null, 2));
      if (values.suggest) {
        await writeOutput(values.suggest, suggestionsYaml(summary));
        process.stderr.write(`${summary.suggestions.length} suggested check(s) written to ${values.suggest}\n`);
      }
      return summary.gate && !summary.gate.passed ? 1 : 0;
    } finally {
      await dbh.close();
      redis.disconnect();
    }
  },
});
