/** GET /runs/:id/report.{html,json,csv,xml}: report downloads, rendered on request from Postgres. */
import { Router } from 'express';
import type { Sql } from '../../../shared/db/client.ts';
import { FORMATS, reportFormat, safeFileBase } from '../../../shared/report/formats.ts';
import { buildReport } from '../../../shared/report/load.ts';

export function reportRouter(sql: Sql): Router {
  const r = Router();
  // One segment "report.<ext>" (a :param with a dot is ambiguous in Express 5 paths); other names fall through.
  r.get('/runs/:id/:file', async (req, res, next) => {
    const m = /^report\.([a-z]+)$/.exec(req.params.file);
    const fmt = reportFormat.safeParse(m?.[1]);
    if (!fmt.success) return next();
    const exists = await sql`select 1 from runs where id = ${req.params.id}`;
    if (!exists.length) return void res.status(404).json({ error: `run ${req.params.id} not found` });
    const h = FORMATS[fmt.data];
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
