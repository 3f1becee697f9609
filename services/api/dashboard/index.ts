/**
 * The web dashboard and report downloads, as one router the api mounts behind its bearer auth.
 * Server-rendered HTML, one small script (assets/app.js) and one stylesheet; strict CSP, no external assets.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Router } from 'express';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from '../../../shared/config.ts';
import type { Db, Sql } from '../../../shared/db/client.ts';
import { getMutationRun, listMutationRuns, type MutationSummary } from '../../../shared/mutate/index.ts';
import { listDeadLetters } from '../../../shared/engine/dead-letters.ts';
import { runExists } from '../../../shared/engine/runs.ts';
import { esc } from '../../../shared/report/escape.ts';
import { buildReport, loadSummary } from '../../../shared/report/load.ts';
import { CSS } from '../../../shared/report/style.ts';
import { caseFilterSchema, listCases } from './cases.ts';
import { runNames, runRow, runRows, trendRows } from './data.ts';
import { sendPage } from './layout.ts';
import { deadLettersPage } from './pages/dead-letters.ts';
import { mutationLinks, mutationPage } from './pages/mutation.ts';
import { casePage, runPage } from './pages/run.ts';
import { runsPage } from './pages/runs.ts';
import { trendsPage } from './pages/trends.ts';
import { reportRouter } from './reports.ts';
import { reviewRouter } from './review.ts';

export interface DashboardDeps {
  sql: Sql;
  db: Db;
  redis: Redis;
  prefix: string;
  config: Config;
}

const APP_JS = readFileSync(path.join(import.meta.dirname, 'assets', 'app.js'), 'utf8');
// uPlot (MIT, a dependency) served from here: the dashboard loads nothing from elsewhere.
const UPLOT_DIST = path.dirname(createRequire(import.meta.url).resolve('uplot/dist/uPlot.iife.min.js'));
const CHART_FILES = {
  'uplot.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(path.join(UPLOT_DIST, 'uPlot.iife.min.js'), 'utf8') },
  'review.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(path.join(import.meta.dirname, 'assets', 'review.js'), 'utf8') },
  'charts.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(path.join(import.meta.dirname, 'assets', 'charts.js'), 'utf8') },
  'charts.css': {
    type: 'text/css; charset=utf-8',
    body: readFileSync(path.join(UPLOT_DIST, 'uPlot.min.css'), 'utf8') + readFileSync(path.join(import.meta.dirname, 'assets', 'charts.css'), 'utf8'),
  },
};
const optString = z.string().min(1).max(500).optional();

export function dashboardRouter(deps: DashboardDeps): Router {
  const { sql } = deps;
  const r = Router();
  r.use(reportRouter(sql));
  r.use(reviewRouter(deps));

  r.get('/dashboard/assets/app.js', (_req, res) => void res.type('text/javascript; charset=utf-8').set('cache-control', 'no-cache').send(APP_JS));
  for (const [file, f] of Object.entries(CHART_FILES)) {
    r.get(`/dashboard/assets/${file}`, (_req, res) => void res.type(f.type).set('cache-control', 'no-cache').send(f.body));
  }
  r.get('/dashboard/assets/app.css', (_req, res) => void res.type('text/css; charset=utf-8').set('cache-control', 'no-cache').send(CSS));

  r.get('/dashboard/api/runs', async (_req, res) => {
    res.set('cache-control', 'no-store').json({ runs: await runRows(sql) });
  });

  r.get('/dashboard', async (_req, res) => sendPage(res, 'Runs', runsPage(await runRows(sql))));

  r.get('/dashboard/trends', async (req, res) => {
    const name = optString.catch(undefined).parse(req.query.name) ?? null;
    sendPage(res, 'Trends', trendsPage(await trendRows(sql, name), await runNames(sql), name));
  });

  r.get('/dashboard/dead-letters', async (_req, res) => {
    sendPage(res, 'Dead letters', deadLettersPage(await listDeadLetters(deps, { limit: 500 })));
  });

  const notFound = (res: Parameters<typeof sendPage>[0], what: string) =>
    sendPage(res, 'Not found', `<h1>Not found</h1><p>${esc(what)} does not exist. <a href="/dashboard">Back to runs</a></p>`, 404);

  r.get('/dashboard/runs/:id', async (req, res) => {
    const id = req.params.id;
    if (!(await runExists(sql, id))) return notFound(res, `Run ${id}`);
    const filter = caseFilterSchema.parse(req.query);
    // The run page lists one page of cases (loaded by listCases): it needs no transcript.
    const summary = loadSummary(sql, id);
    const [data, list, live, mutations] = await Promise.all([
      buildReport(sql, id, summary, { transcripts: 'none', cases: 'redteam' }),
      summary.then((s) => listCases(deps.db, id, filter, s.failures.filter((f) => f.regression).map((f) => f.taskKey))),
      runRow(sql, id),
      listMutationRuns(deps.db, id),
    ]);
    sendPage(res, data.run.name, runPage(data, live, list, filter) + mutationLinks(mutations));
  });

  r.get('/dashboard/runs/:id/cases/:taskKey', async (req, res) => {
    const { id, taskKey } = req.params;
    if (!(await runExists(sql, id))) return notFound(res, `Run ${id}`);
    const data = await buildReport(sql, id, undefined, { transcripts: { taskKey }, cases: { taskKey } });
    const c = data.cases.find((x) => x.taskKey === taskKey);
    if (!c) return notFound(res, `Case ${taskKey}`);
    sendPage(res, `${c.setId}/${c.caseId}`, casePage(data, c));
  });

  r.get('/dashboard/mutations/:id', async (req, res) => {
    const row = await getMutationRun(deps.db, req.params.id);
    if (!row) return notFound(res, `Mutation run ${req.params.id}`);
    sendPage(res, `Mutation testing ${row.id}`, mutationPage(row.id, row.createdAt, row.summary as MutationSummary));
  });

  return r;
}
