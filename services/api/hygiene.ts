/**
 * Request hygiene before any route sees a request: what Postgres or the serializers cannot take is a 400
 * naming the place, never a 500 from deep inside.
 * - NUL bytes: Postgres text cannot hold U+0000 ("invalid byte sequence 0x00"), so `%00` in a path or a
 *   query and `\u0000` in a JSON string or key are refused.
 * - Nesting: a body nested deeper than MAX_DEPTH overflows recursive code downstream (zod, JSON.stringify
 *   when stored); no run request comes close.
 */
import type { NextFunction, Request, Response } from 'express';
import { walkJson } from '../../shared/db/storable.ts';
import { formatPath } from '../../shared/scenarios/errors.ts';

/** Deepest JSON nesting a request body may have (a run request with scenarios and checks is under 20). */
export const MAX_BODY_DEPTH = 64;

const bad = (res: Response, problems: string[]) => void res.status(400).json({ error: 'invalid request', problems });

/** The first place in `value` (depth-first, in key order) holding a NUL byte, or nested deeper than maxDepth. */
export function firstProblem(value: unknown, root: string, maxDepth = MAX_BODY_DEPTH): string | undefined {
  let problem: string | undefined;
  walkJson(
    value,
    (place, path, text) => {
      if (place === 'deep') problem = `${formatPath([root, ...path])}: nested deeper than ${maxDepth} levels (the limit for a request body)`;
      else if (!text.includes('\u0000')) return false;
      // A key's path ends with the key; the message names the object holding it.
      else if (place === 'key') problem = `${formatPath([root, ...path.slice(0, -1)])}: a key contains a NUL byte (\\u0000)`;
      else problem = `${formatPath([root, ...path])}: contains a NUL byte (\\u0000), which cannot be stored`;
      return true;
    },
    maxDepth,
  );
  return problem;
}

/** Refuses NUL bytes in the path (raw or %00); runs before auth, so it needs nothing but the URL. */
export function pathHygiene(req: Request, res: Response, next: NextFunction) {
  const path = req.originalUrl.split('?')[0] ?? '';
  if (/%00|\u0000/i.test(path)) return bad(res, ['path: contains a NUL byte (%00)']);
  next();
}

/** Refuses NUL bytes in the query and the parsed body, and bodies nested too deep. After express.json. */
export function bodyHygiene(req: Request, res: Response, next: NextFunction) {
  const problem = firstProblem(req.query, 'query') ?? (req.body === undefined ? undefined : firstProblem(req.body, 'body'));
  if (problem) return bad(res, [problem]);
  next();
}
