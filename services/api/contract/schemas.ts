/**
 * The API's wire shapes, as zod: request schemas the routes parse with, response schemas the OpenAPI document
 * is generated from (and test/api/openapi.test.ts validates real responses against). Dates travel as ISO strings.
 */
import { z } from 'zod';
import { runRequestSchema } from '../../../shared/plans/index.ts';
import { feedbackSchema } from '../../../shared/eval/capture.ts';
import { labelInputSchema } from '../../../shared/review/store.ts';

const when = z.iso.datetime({ offset: true });

// ---- requests
export const idempotencyKey = z.string().min(1).max(200).optional();
export const runListQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });
export const resumeBody = z
  .object({
    onlyTasks: z.array(z.string()).min(1).optional().describe('relaunch only these task keys'),
    errors: z.boolean().optional().describe('also replay completed cases stored with an error outcome'),
  })
  .default({});
export const deadLetterQuery = z.object({
  runId: z.string().optional(),
  queue: z.string().optional(),
  all: z.enum(['true', 'false']).optional().describe('include reprocessed dead letters'),
});
export const deadLetterId = z.coerce.number().int().positive();
export const reprocessBody = z.object({ runId: z.string().optional(), queue: z.string().optional() });
export const regressionListQuery = z.object({ status: z.enum(['open', 'green']).optional() });
export const mutationBody = z
  .object({
    operators: z.array(z.string().min(1)).min(1).optional(),
    minScore: z.number().min(0).max(1).optional(),
  })
  .strict()
  .default({});

// ---- responses
export const errorBody = z.object({ error: z.string(), problems: z.array(z.string()).optional() });

export const runSummary = z.object({
  id: z.string(),
  name: z.string(),
  plan: z.string(),
  status: z.enum(['queued', 'running', 'completed', 'failed', 'canceled']),
  epoch: z.number().int(),
  error: z.string().nullable(),
  createdAt: when,
  startedAt: when.nullable(),
  finishedAt: when.nullable(),
});
export const runCounts = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  running: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  canceled: z.number().int(),
});
export const runDetail = runSummary.extend({
  counts: runCounts,
  progress: z.number().min(0).max(1).describe('share of tasks in a terminal state'),
  costUsd: z.number(),
  tokensIn: z.number().int(),
  tokensOut: z.number().int(),
});
export const runList = z.object({ runs: z.array(runSummary) });
export const taskList = z.object({
  tasks: z.array(
    z.object({
      key: z.string(),
      kind: z.string(),
      queue: z.string(),
      status: z.string(),
      attempts: z.number().int(),
      executions: z.number().int(),
      error: z.string().nullable(),
      cancelReason: z.string().nullable(),
      latencyMs: z.number().nullable(),
      costUsd: z.number().nullable(),
      startedAt: when.nullable(),
      finishedAt: when.nullable(),
    }),
  ),
});
export const resumeResult = z.object({ runId: z.string(), epoch: z.number().int(), relaunched: z.array(z.string()) });
export const resumeResponse = resumeResult.extend({ run: runDetail });
export const deadLetterList = z.object({
  deadLetters: z.array(
    z.object({
      id: z.number().int(),
      runId: z.string(),
      taskKey: z.string(),
      queue: z.string(),
      jobId: z.string().nullable(),
      payload: z.unknown(),
      error: z.string(),
      stack: z.string().nullable(),
      attempts: z.number().int(),
      createdAt: when,
      reprocessedAt: when.nullable(),
    }),
  ),
});
export const reprocessResult = z.object({ resumed: z.array(resumeResult) });
export const mutationList = z.object({
  mutations: z.array(
    z.object({
      id: z.string(),
      createdAt: when,
      score: z.number().nullable(),
      mutants: z.number().int(),
      killed: z.number().int(),
      survived: z.number().int(),
    }),
  ),
});
export const mutationReport = z
  .object({ id: z.string(), sourceRunId: z.string(), createdAt: when })
  .loose()
  .describe('the mutation summary: score, per-operator and per-check figures, surviving mutants');
export const regression = z.object({
  id: z.string(),
  setType: z.enum(['single', 'conversation']),
  source: z.enum(['feedback', 'capture']),
  note: z.string().nullable(),
  createdAt: when,
  status: z.enum(['open', 'green']).describe('open until its latest judged result in a run is a pass'),
  last: z.object({ runId: z.string(), outcome: z.enum(['pass', 'fail', 'invalid', 'error']), reason: z.string(), at: when }).nullable(),
  case: z.record(z.string(), z.unknown()).describe('the case as written in a scenario file'),
});
export const regressionList = z.object({ regressions: z.array(regression) });
export const filedRegression = z.object({ regression, yaml: z.string().describe('the case as a one-case scenario file') });
export const health = z.object({ ok: z.boolean(), checks: z.object({ redis: z.boolean(), postgres: z.boolean() }) });
export const dashboardRuns = z.object({
  runs: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      plan: z.string(),
      status: z.string(),
      createdAt: when,
      finishedAt: when.nullable(),
      tasks: z.number().int(),
      done: z.number().int(),
      failedTasks: z.number().int(),
      progress: z.number(),
      cases: z.number().int(),
      passRate: z.number().nullable(),
    }),
  ),
});

/** POST /dashboard/api/review-labels: a reviewer's verdict on one machine decision. */
export const reviewLabelBody = labelInputSchema;
const agreementRow = z.object({
  mandate: z.string(),
  labels: z.number().int(),
  agreed: z.number().int(),
  agreement: z.number(),
  kappa: z.number().nullable(),
  warn: z.boolean(),
});
export const reviewLabelResult = z.object({ agreement: agreementRow, kappaMin: z.number(), minLabels: z.number().int() });

/** Named schemas: each becomes `#/components/schemas/<name>`. Requests are described as sent (defaults optional). */
export const API_SCHEMAS = {
  RunRequest: { schema: runRequestSchema, io: 'input' },
  Feedback: { schema: feedbackSchema, io: 'input' },
  ResumeRequest: { schema: resumeBody, io: 'input' },
  ReprocessRequest: { schema: reprocessBody, io: 'input' },
  MutationRequest: { schema: mutationBody, io: 'input' },
  Error: { schema: errorBody, io: 'output' },
  Run: { schema: runDetail, io: 'output' },
  RunList: { schema: runList, io: 'output' },
  TaskList: { schema: taskList, io: 'output' },
  ResumeResult: { schema: resumeResponse, io: 'output' },
  DeadLetterList: { schema: deadLetterList, io: 'output' },
  ReprocessResult: { schema: reprocessResult, io: 'output' },
  DeadLetterReprocessResult: { schema: resumeResult, io: 'output' },
  MutationList: { schema: mutationList, io: 'output' },
  MutationReport: { schema: mutationReport, io: 'output' },
  Health: { schema: health, io: 'output' },
  RegressionList: { schema: regressionList, io: 'output' },
  FiledRegression: { schema: filedRegression, io: 'output' },
  DashboardRuns: { schema: dashboardRuns, io: 'output' },
  ReviewLabelRequest: { schema: reviewLabelBody, io: 'input' },
  ReviewLabelResult: { schema: reviewLabelResult, io: 'output' },
} as const satisfies Record<string, { schema: z.ZodType; io: 'input' | 'output' }>;
export type SchemaName = keyof typeof API_SCHEMAS;
