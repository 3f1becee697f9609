import { Router } from 'express';
import {
  listDeadLetters,
  reprocessDeadLetter,
  reprocessDeadLetters,
} from '../../../shared/engine/dead-letters.ts';
import { ValidationError } from '../../../shared/engine/errors.ts';
import type { ApiDeps } from '../app.ts';
import { deadLetterId, deadLetterQuery, reprocessBody } from '../contract/schemas.ts';


export function deadLettersRouter(deps: ApiDeps): Router {
  const r = Router();
  r.get('/dead-letters', async (req, res) => {
    const q = deadLetterQuery.parse(req.query);
    res.json({ deadLetters: await listDeadLetters(deps, { ...q, includeReprocessed: q.all === 'true' }) });
  });
  r.post('/dead-letters/:id/reprocess', async (req, res) => {
    const id = deadLetterId.parse(req.params.id);
    res.json(await reprocessDeadLetter(deps, id));
  });
  r.post('/dead-letters/reprocess', async (req, res) => {
    const body = reprocessBody.parse(req.body ?? {});
    if (!body.runId && !body.queue) throw new ValidationError(['body: give runId or queue']);
    res.json({ resumed: await reprocessDeadLetters(deps, body) });
  });
  return r;
}
