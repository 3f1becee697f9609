/** One button / one call: a failing conversation or a user's feedback → a regression case (scenario YAML). */
import { Router } from 'express';
import { randomBytes } from 'node:crypto';
import { feedbackSchema, regressionFromFeedback, regressionFromRun, writeRegression } from '../../../shared/eval/capture.ts';
import type { ApiDeps } from '../app.ts';

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
    res.status(201).type('application/yaml').send(await writeRegression(c));
  });
  return r;
}
