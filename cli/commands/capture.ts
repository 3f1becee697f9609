/** vaglio capture <runId> <taskKey> [-o scenarios/regressions.yaml]: a failing conversation → a regression case. */
import { parseArgs } from 'node:util';
import { config } from '../../shared/config.ts';
import { openDb } from '../../shared/db/client.ts';
import { regressionFromRun, writeRegression } from '../../shared/eval/capture.ts';
import type { Command } from './types.ts';

export const captureCommand: Command = {
  summary: 'capture <runId> <taskKey> [-o file.yaml]: turn a run\'s failing conversation into a regression case (appended)',
  async run(args) {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { out: { type: 'string', short: 'o' } } });
    const [runId, taskKey] = positionals;
    if (!runId || !taskKey) {
      process.stderr.write('usage: vaglio capture <runId> <taskKey> [-o scenarios/regressions.yaml]\n');
      return 2;
    }
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
};
