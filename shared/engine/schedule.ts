/**
 * The daily schedule: a BullMQ job scheduler (cron, Europe/Rome) on the control queue whose jobs submit the
 * day's run with Idempotency-Key `daily-<date>`, so a missed or repeated trigger never makes two runs a day.
 */
import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { z } from 'zod';
import { dailyPlan, dailyPlanSchema } from '../plans/daily.ts';
import { submitRun } from './submit.ts';
import { pruneRuns } from './prune.ts';
import { requestEnvProblems } from '../targets/template.ts';
import { logger as log } from '../logger.ts';
import type { EngineDeps } from './processor.ts';

export const SCHEDULE_JOB = 'schedule.daily';
export const SCHEDULER_ID = 'vaglio-daily';
const TZ = 'Europe/Rome';

const scheduledDataSchema = z.object({ request: dailyPlanSchema });

/** Today's date where the bandi are published. */
export function romeDate(d = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** Read and validate the daily run request file (YAML or JSON) — fails at start-up, naming the field. */
export async function loadDailyRequest(file: string): Promise<z.output<typeof dailyPlanSchema>> {
  const raw: unknown = parse(await readFile(file, 'utf8'));
  const r = dailyPlanSchema.safeParse({ plan: 'daily', ...(raw as object) });
  if (!r.success) throw new Error(`${file}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const refused = requestEnvProblems(r.data, file);
  if (refused.length) throw new Error(refused.join('; '));
  return r.data;
}

export async function upsertDailySchedule(redis: Redis, prefix: string, pattern: string, request: z.input<typeof dailyPlanSchema>): Promise<void> {
  const q = new Queue('control', { connection: redis, prefix });
  try {
    await q.upsertJobScheduler(SCHEDULER_ID, { pattern, tz: TZ }, { name: SCHEDULE_JOB, data: { request }, opts: { removeOnComplete: true, removeOnFail: 100 } });
  } finally {
    await q.close();
  }
}

export async function removeDailySchedule(redis: Redis, prefix: string): Promise<void> {
  const q = new Queue('control', { connection: redis, prefix });
  try {
    await q.removeJobScheduler(SCHEDULER_ID);
  } finally {
    await q.close();
  }
}

/** Handles a scheduler job: submits (or finds) today's daily run. */
export async function runScheduledJob(deps: Pick<EngineDeps, 'sql' | 'redis' | 'prefix' | 'config'>, job: Job): Promise<{ runId: string; created: boolean }> {
  const { request } = scheduledDataSchema.parse(job.data);
  const today = romeDate();
  const input = { ...request, today: request.today ?? today };
  const built = await dailyPlan.build(input, { config: deps.config });
  const submitted = await submitRun(deps, {
    name: built.name,
    plan: 'daily',
    spec: input as unknown as Record<string, unknown>,
    tasks: built.tasks,
    idempotencyKey: `daily-${input.today}`,
  });
  const days = deps.config.VAGLIO_RETENTION_DAYS;
  if (days !== undefined) {
    // Once a day with the daily run; a failure here never costs the day's run (the next day tries again).
    const pruned = await pruneRuns(deps.sql, { olderThanDays: days, reportDir: deps.config.VAGLIO_REPORT_DIR }).catch((err: unknown) => {
      log().warn({ err }, 'retention: could not delete old runs');
      return undefined;
    });
    if (pruned?.runs.length) log().info({ runs: pruned.runs.length, reportFolders: pruned.reportFolders, days }, 'retention: deleted old runs');
  }
  return submitted;
}
