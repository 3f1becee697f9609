/**
 * The human review loop's routes: the review page and the label endpoint. A label is a mutation made from a
 * browser holding the session cookie, so besides the bearer/session auth every route has, it must come from
 * this origin (Origin / Sec-Fetch-Site) as JSON (a cross-site form cannot send application/json without a
 * preflight this api never grants): no other site can make a reviewer's browser label anything.
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Config } from '../../../shared/config.ts';
import type { Db } from '../../../shared/db/client.ts';
import { agreementByMandate, agreementByWeek, type KappaBar } from '../../../shared/review/agreement.ts';
import { labelFacts, sampleForReview, saveLabel } from '../../../shared/review/store.ts';
import { reviewLabelBody } from '../contract/schemas.ts';
import { sendPage } from './layout.ts';
import { reviewPage } from './pages/review.ts';

function sameOriginJson(req: Request, res: Response, next: NextFunction): void {
  const origin = req.get('origin');
  let crossOrigin = false;
  try {
    crossOrigin = origin !== undefined && new URL(origin).host !== req.get('host');
  } catch {
    crossOrigin = true;
  }
  const site = req.get('sec-fetch-site');
  if (crossOrigin || (site !== undefined && site !== 'same-origin' && site !== 'none')) {
    res.status(403).json({ error: 'cross-site request refused' });
    return;
  }
  if (!req.is('application/json')) {
    res.status(415).json({ error: 'send JSON (content-type: application/json)' });
    return;
  }
  next();
}

const pageQuery = z.object({
  n: z.coerce.number().int().min(1).max(200).catch(20),
  runs: z.coerce.number().int().min(1).max(100).catch(5),
});

export function reviewRouter(deps: { db: Db; config: Config }): Router {
  const r = Router();
  const bar = (): KappaBar => ({ kappaMin: deps.config.VAGLIO_REVIEW_KAPPA_MIN, minLabels: deps.config.VAGLIO_REVIEW_MIN_LABELS });

  r.get('/dashboard/review', async (req, res) => {
    const q = pageQuery.parse(req.query);
    const [items, facts] = await Promise.all([sampleForReview(deps.db, q), labelFacts(deps.db)]);
    sendPage(res, 'Review', reviewPage({ items, agreement: agreementByMandate(facts, bar()), weekly: agreementByWeek(facts, bar()), bar: bar(), runs: q.runs }));
  });

  r.post('/dashboard/api/review-labels', sameOriginJson, async (req, res) => {
    const body = reviewLabelBody.parse(req.body);
    const saved = await saveLabel(deps.db, body);
    if (!saved) {
      res.status(404).json({ error: `no judged decision ${body.runId} / ${body.taskKey}${body.checkId ? ` / ${body.checkId}` : ''} to review` });
      return;
    }
    const [agreement] = agreementByMandate(await labelFacts(deps.db, saved.mandate), bar());
    res.json({ agreement: agreement!, kappaMin: bar().kappaMin, minLabels: bar().minLabels });
  });
  return r;
}
