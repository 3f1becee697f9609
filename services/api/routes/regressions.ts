/**
 * One button / one call: a failing conversation → a regression case (scenario YAML); a user's feedback → a case
 * filed in the stored regression set, replayed by every daily run and listed as open until it is green.
 */
import { Router } from 'express';
import { randomBytes } from 'node:crypto';
import { feedbackSchema, regressionFromFeedback, regressionFromRun, writeRegression } from '../../../shared/eval/capture.ts';
import { fileRegression, listRegressions } from '../../../shared/eval/regressions.ts';
import type { ApiDeps } from '../app.ts';
import { regressionListQuery } from '../contract/schemas.ts';

export function regressionsRouter(deps: ApiDeps): Router {
  const r = Router();
  r.get('/runs/:id/cases/:taskKey/regression.yaml', async (req, res) => {
    const c = await regressionFromRun(deps.sql, req.params.id, req.params.taskKey);
    res
      .type('application/yaml')
      .attachment(`${c.case.id}.yaml`)
      .send(await writeRegression(c));
  });
  r.post('/feedback', async (req, res) => {
    const f = feedbackSchema.parse(req.body);
    const c = regressionFromFeedback(f, `feedback-${new Date().toISOString().slice(0, 10)}-${randomBytes(3).toString('hex')}`);
    const filed = await fileRegression(deps.db, c);
    res.status(201).json({ regression: filed, yaml: await writeRegression(c) });
  });
  r.get('/regressions', async (req, res) => {
    const q = regressionListQuery.parse(req.query);
    res.json({ regressions: await listRegressions(deps.db, q) });
  });
  return r;
}
