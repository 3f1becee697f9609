import type { NextFunction, Request, Response } from 'express';
import { ZodError } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/engine/errors.ts';
import type { Logger } from '../../shared/logger.ts';
import { stackFrames } from '../../shared/log-error.ts';

export function zodProblems(err: ZodError, root = 'body'): string[] {
  return err.issues.map((i) => `${[root, ...i.path].join('.')}: ${i.message}`);
}

export function errorHandler(log: Logger) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof ZodError) return void res.status(400).json({ error: 'invalid request', problems: zodProblems(err) });
    if (err instanceof ValidationError) return void res.status(400).json({ error: 'invalid request', problems: err.problems });
    if (err instanceof NotFoundError) return void res.status(404).json({ error: err.message });
    if (err instanceof ConflictError) return void res.status(409).json({ error: err.message });
    if ((err as { type?: string }).type === 'entity.parse.failed') {
      return void res.status(400).json({ error: 'invalid request', problems: ['body: not valid JSON'] });
    }
    if ((err as { type?: string }).type === 'entity.too.large') {
      return void res.status(413).json({ error: 'request body too large' });
    }
    // Express's own client errors (a path parameter that is not valid percent-encoding: URIError, 400).
    const status = (err as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return void res.status(status).json({ error: status === 400 ? 'invalid request' : 'request refused', problems: [(err as Error).message] });
    }
    // Text Postgres cannot hold (a NUL byte that got past the request checks): the caller's input, not a fault.
    const code = (err as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') {
      return void res.status(400).json({ error: 'invalid request', problems: ['a value contains bytes that cannot be stored (NUL)'] });
    }
    log.error({ err, stack: stackFrames(err) }, 'request failed');
    res.status(500).json({ error: 'internal error' });
  };
}
