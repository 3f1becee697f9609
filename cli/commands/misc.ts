/** import (Copilot Studio CSV/TXT → scenario YAML), judge calibrate, daily (manual trigger). */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { config } from '../../shared/config.ts';
import { importCopilotStudio, exportScenarioYaml } from '../../shared/scenarios/index.ts';
import { calibrate, loadCalibrationSet } from '../../shared/judge/index.ts';
import { loadTargetConfig } from '../../shared/targets/index.ts';
import { dailyPlan, dailyPlanSchema } from '../../shared/plans/daily.ts';
import { romeDate } from '../../shared/engine/schedule.ts';
import { openDb } from '../../shared/db/client.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { parse } from 'yaml';
import type { Command } from './types.ts';

export const importCommand: Command = {
  summary: 'import <file.csv|txt> [-o out.yaml] [--id SET_ID]: a Copilot Studio test file → a vaglio scenario file',
  async run(args) {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { out: { type: 'string', short: 'o' }, id: { type: 'string' } } });
    const file = positionals[0];
    if (!file) {
      process.stderr.write('usage: vaglio import <file.csv|txt> [-o out.yaml] [--id SET_ID]\n');
      return 2;
    }
    const set = importCopilotStudio(await readFile(file), { fileName: file, setId: values.id ?? path.basename(file).replace(/\.[^.]+$/, '').replace(/[^A-Za-z0-9_.-]+/g, '-') });
    const yaml = exportScenarioYaml(set);
    if (values.out) await writeFile(values.out, yaml);
    else process.stdout.write(yaml);
    process.stderr.write(`${set.cases.length} cases imported\n`);
    return 0;
  },
};

export const judgeCommand: Command = {
  summary: 'judge calibrate [mandate...]: accuracy and Cohen\'s kappa of the configured judge on the human-labelled sets',
  async run(args) {
    const [sub, ...rest] = args;
    if (sub !== 'calibrate') {
      process.stderr.write('usage: vaglio judge calibrate [general-quality compare-meaning ...]\n');
      return 2;
    }
    const ids = rest.length ? rest : ['general-quality', 'compare-meaning', 'pseudo-ground-truth', 'boilerplate', 'attack'];
    let worst = 0;
    for (const id of ids) {
      const report = await calibrate(config(), id, loadCalibrationSet(id));
      process.stdout.write(`${id.padEnd(22)} model ${report.model ?? '-'}  accuracy ${report.accuracy.toFixed(2)}  kappa ${report.kappa.toFixed(2)}  decided ${report.decided}/${report.cases}\n`);
      if (report.decided === 0) worst = 1;
    }
    if (worst) process.stderr.write('some sets were not judged at all: is a judge model configured (VAGLIO_JUDGE_MODEL, VAGLIO_LLM_BASE_URL)?\n');
    return worst;
  },
};

export const dailyCommand: Command = {
  summary: 'daily --source <source.yaml> --target <target.yaml> [--today YYYY-MM-DD]: trigger the day\'s run now (idempotent per day)',
  async run(args) {
    const { values } = parseArgs({ args, options: { source: { type: 'string' }, target: { type: 'string' }, today: { type: 'string' } } });
    if (!values.source || !values.target) {
      process.stderr.write('usage: vaglio daily --source <source.yaml> --target <target.yaml> [--today YYYY-MM-DD]\n');
      return 2;
    }
    const source: unknown = parse(await readFile(values.source, 'utf8'));
    const input = dailyPlanSchema.parse({ plan: 'daily', source, target: await loadTargetConfig(values.target), today: values.today ?? romeDate() });
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
};
