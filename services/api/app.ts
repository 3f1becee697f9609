/** The api service's HTTP app: REST trigger, Bull Board at /admin/queues, metrics, OpenAPI. */
import express, { type Express } from 'express';
import { Queue } from 'bullmq';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Redis } from 'ioredis';
import type { Config } from '../../shared/config.ts';
import { pingDb, type Db, type Sql } from '../../shared/db/client.ts';
import type { Logger } from '../../shared/logger.ts';
import { QUEUE_NAMES } from '../../queues/index.ts';
import { bearerAuth } from './auth.ts';
import { errorHandler } from './errors.ts';
import { bodyHygiene, pathHygiene } from './hygiene.ts';
import { runsRouter } from './routes/runs.ts';
import { deadLettersRouter } from './routes/dead-letters.ts';
import { regressionsRouter } from './routes/regressions.ts';
import { mutationsRouter } from './routes/mutations.ts';
import { renderMetrics } from './metrics.ts';
import { openApiDocument } from './openapi.ts';

export interface ApiDeps {
  sql: Sql;
  /** Drizzle, the query layer for reads and CRUD (its own client: see shared/db/client.ts). */
  db: Db;
  redis: Redis;
  prefix: string;
  config: Config;
  log: Logger;
  token: string;
  /** Extra routers mounted behind auth (dashboard, reports), added by later modules. */
  extraRouters?: express.Router[];
}

/**
 * Bull Board's page loads its own scripts and styles from /admin/queues/static (React sets inline styles,
 * hence 'unsafe-inline' for styles only); nothing else may load or run, and no other site may frame it.
 * Its Google Fonts link is left blocked: a self-hosted tool does not call out (the page falls back to local fonts).
 */
export const BOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function boardCsp(_req: express.Request, res: express.Response, next: express.NextFunction) {
  res.set('content-security-policy', BOARD_CSP);
  next();
}

/** A sub-app mounted under a path (Express hides it behind a wrapper, so the app says where it put it). */
export interface MountedApp {
  path: string;
  app: Express;
}

export function createApp(deps: ApiDeps): { app: Express; mounted: MountedApp[]; close(): Promise<void> } {
  const app = express();
  app.disable('x-powered-by');
  app.use((_req, res, next) => {
    res.set({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    next();
  });
  app.use(pathHygiene);
  const queues = QUEUE_NAMES.map((q) => new Queue(q, { connection: deps.redis, prefix: deps.prefix }));

  app.get('/healthz', async (_req, res) => {
    const checks = {
      redis: await deps.redis.ping().then(() => true, () => false),
      postgres: await pingDb(deps.sql),
    };
    const ok = checks.redis && checks.postgres;
    res.status(ok ? 200 : 503).json({ ok, checks });
  });

  // The API's description is public, like /healthz: it holds no data and a client needs it before it has a token.
  app.get('/openapi.json', (_req, res) => void res.json(openApiDocument()));

  app.use(
    bearerAuth(deps.token, {
      sessionTtlMs: deps.config.VAGLIO_SESSION_TTL_HOURS * 3_600_000,
      secureCookie: deps.config.VAGLIO_COOKIE_SECURE,
      publicUrl: deps.config.VAGLIO_PUBLIC_URL,
    }),
  );
  app.use(express.json({ limit: '20mb' }));
  app.use(bodyHygiene);

  const board = new ExpressAdapter();
  board.setBasePath('/admin/queues');
  createBullBoard({
    queues: queues.map((q) => new BullMQAdapter(q)),
    serverAdapter: board,
    options: {
      uiConfig: { boardTitle: 'vaglio queues' },
    },
  });
  const boardApp = board.getRouter() as Express;
  // Bull Board mounts its own express app, which would otherwise announce "X-Powered-By: Express".
  if (typeof (boardApp as Partial<Express>).disable === 'function') boardApp.disable('x-powered-by');
  app.use('/admin/queues', boardCsp, boardApp);

  app.use(runsRouter(deps));
  app.use(deadLettersRouter(deps));
  app.use(regressionsRouter(deps));
  app.use(mutationsRouter(deps));
  for (const r of deps.extraRouters ?? []) app.use(r);
  app.get('/metrics', async (_req, res) => {
    res.type('text/plain; version=0.0.4').send(await renderMetrics(deps.sql, queues));
  });
  app.use((_req, res) => void res.status(404).json({ error: 'not found' }));
  app.use(errorHandler(deps.log));

  return {
    app,
    mounted: [{ path: '/admin/queues', app: boardApp }],
    async close() {
      // A Queue checks the Redis version when it is built; closing the shared connection before that check is
      // answered rejected it unhandled ("Connection is closed"), so wait for it first.
      await Promise.all(queues.map((q) => q.waitUntilReady().catch(() => {})));
      await Promise.all(queues.map((q) => q.close()));
    },
  };
}
