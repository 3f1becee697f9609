/** vaglio capture <runId> <taskKey> [-o scenarios/regressions.yaml]: a failing conversation → a regression case. */
import { Option } from 'commander';
import { defineCommand } from '../command.ts';

export const captureCommand = defineCommand<[string, string], { out?: string }>({
  name: 'capture',
  summary: "turn a run's failing conversation into a regression case (appended to the file, or printed)",
  args: '<runId> <taskKey>',
  options: [new Option('-o, --out <file.yaml>', 'scenario file to append the case to (created if missing); without it the case is printed')],
  examples: ['vaglio capture 0193a6c2-… converse.bandi.scadenza -o scenarios/regressions.yaml'],
  async action([runId, taskKey], values) {
    const { config } = await import('../../shared/config.ts');
    const { openDb } = await import('../../shared/db/client.ts');
    const { regressionFromRun, writeRegression } = await import('../../shared/eval/capture.ts');
    const dbh = openDb(config().DATABASE_URL, { max: 1 });
    try {
      const c = await regressionFromRun(dbh.sql, runId, taskKey);
      const yaml = await writeRegression(c, values.out);
      if (values.out) process.stderr.write(`case ${c.case.id} added to ${values.out}\n`);
      else process.stdout.write(yaml);
      return 0;
    } finally {
      await dbh.close();
    }
  },
});
