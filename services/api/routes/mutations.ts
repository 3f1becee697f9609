/**
 * Mutation testing over the API: POST /runs/:id/mutations submits a `mutate` run for a finished run (the
 * work happens on the report queue, like any task); GET lists a run's mutation runs; GET /mutations/:id
 * returns one report (the JSON the dashboard page shows).
 */
import { Router } from 'express';
import { ConflictError, NotFoundError } from '../../../shared/engine/errors.ts';
import { getRun } from '../../../shared/engine/runs.ts';
import { submitRun } from '../../../shared/engine/submit.ts';
import { getMutationRun, listMutationRuns } from '../../../shared/mutate/index.ts';
import { mutatePlan, mutatePlanSchema } from '../../../shared/plans/mutate.ts';
import type { ApiDeps } from '../app.ts';
import { mutationBody } from '../contract/schemas.ts';


const FINISHED = new Set(['completed', 'failed', 'canceled']);

export function mutationsRouter(deps: ApiDeps): Router {
  const r = Router();
  r.post('/runs/:id/mutations', async (req, res) => {
    const body = mutationBody.parse(req.body ?? {});
    const source = await getRun(deps.sql, req.params.id);
    if (!FINISHED.has(source.status)) throw new ConflictError(`run ${source.id} is ${source.status}: mutate it once it has finished`);
    const input = mutatePlanSchema.parse({ plan: 'mutate', sourceRun: source.id, ...body });
    const built = await mutatePlan.build(input, { config: deps.config });
    const result = await submitRun(deps, { name: built.name, plan: 'mutate', spec: input, tasks: built.tasks });
    res.status(201).json(await getRun(deps.sql, result.runId));
  });
  r.get('/runs/:id/mutations', async (req, res) => {
    await getRun(deps.sql, req.params.id);
    res.json({ mutations: await listMutationRuns(deps.db, req.params.id) });
  });
  r.get('/mutations/:id', async (req, res) => {
    const row = await getMutationRun(deps.db, req.params.id);
    if (!row) throw new NotFoundError(`mutation run ${req.params.id}`);
    res.json({ id: row.id, sourceRunId: row.sourceRunId, createdAt: row.createdAt, ...(row.summary as object) });
  });
  return r;
}
