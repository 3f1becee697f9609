/** GET /runs/:id/report.{html,json,csv,xml}: report downloads, rendered on request from Postgres. */
import { Router } from 'express';
import type { Sql } from '../../../shared/db/client.ts';
import { FORMATS, reportFormat, safeFileBase } from '../../../shared/report/formats.ts';
import { runExists } from '../../../shared/engine/runs.ts';
import { buildReport } from '../../../shared/report/load.ts';

export function reportRouter(sql: Sql): Router {
  const r = Router();
  // One route per format, so the router lists each download (and the OpenAPI test can compare them).
  for (const fmt of reportFormat.options) r.get(`/runs/:id/report.${fmt}`, async (req, res) => {
    if (!(await runExists(sql, req.params.id))) return void res.status(404).json({ error: `run ${req.params.id} not found` });
    const h = FORMATS[fmt];
    const body = h.render(await buildReport(sql, req.params.id));
    res
      .status(200)
      .set({
        'content-type': h.contentType,
        'content-disposition': `attachment; filename="vaglio-${safeFileBase(req.params.id)}${h.suffix}"`,
        // The HTML report has no scripts; it must not get any even if opened inline.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'cache-control': 'no-store',
      })
      .send(body);
  });
  return r;
}
