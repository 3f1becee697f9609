import { Router } from 'express';
import { PLANS, runRequestSchema } from '../../../shared/plans/index.ts';
import { submitRun } from '../../../shared/engine/submit.ts';
import { resumeRun } from '../../../shared/engine/resume.ts';
import { cancelRun } from '../../../shared/engine/cancel.ts';
import { getRun, listRuns, listTasks } from '../../../shared/engine/runs.ts';
import { requestEnvProblems } from '../../../shared/targets/template.ts';
import { ValidationError } from '../../../shared/engine/errors.ts';
import type { ApiDeps } from '../app.ts';
import { idempotencyKey, resumeBody, runListQuery } from '../contract/schemas.ts';

export function runsRouter(deps: ApiDeps): Router {
  const r = Router();
  r.post('/runs', async (req, res) => {
    const key = idempotencyKey.parse(req.get('idempotency-key') ?? undefined);
    const input = runRequestSchema.parse(req.body);
    const envProblems = requestEnvProblems(input, 'body', deps.config.VAGLIO_TARGET_ENV_ALLOW);
    if (envProblems.length) throw new ValidationError(envProblems);
    const plan = PLANS[input.plan];
    const built = await plan.build(input, { config: deps.config });
    const result = await submitRun(deps, {
      name: built.name,
      plan: input.plan,
      spec: req.body as Record<string, unknown>,
      tasks: built.tasks,
      shared: built.shared,
      idempotencyKey: key,
    });
    const run = await getRun(deps.sql, result.runId);
    res.status(result.created ? 201 : 200).json(run);
  });
  r.get('/runs', async (req, res) => {
    const q = runListQuery.parse(req.query);
    res.json({ runs: await listRuns(deps.sql, q.limit) });
  });
  r.get('/runs/:id', async (req, res) => {
    res.json(await getRun(deps.sql, req.params.id));
  });
  r.post('/runs/:id/resume', async (req, res) => {
    const body = resumeBody.parse(req.body ?? {});
    const result = await resumeRun(deps, req.params.id, body);
    res.json({ ...result, run: await getRun(deps.sql, req.params.id) });
  });
  r.post('/runs/:id/cancel', async (req, res) => {
    await cancelRun(deps, req.params.id);
    res.json(await getRun(deps.sql, req.params.id));
  });
  r.get('/runs/:id/tasks', async (req, res) => {
    res.json({ tasks: await listTasks(deps.sql, req.params.id) });
  });
  return r;
}
