/** Bearer-token auth for every route but /healthz (container probes). Constant-time comparison. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** A cookie value as sent; malformed percent-encoding (`%E0%A4%A`) is a wrong token (401), not a URIError (500). */
function decodeCookie(v: string): string | undefined {
  try {
    return decodeURIComponent(v);
  } catch {
    return undefined;
  }
}

export function bearerAuth(token: string) {
  const expected = digest(token);
  return (req: Request, res: Response, next: NextFunction) => {
    const header = req.get('authorization') ?? '';
    const m = /^Bearer\s+(.+)$/i.exec(header);
    // Browsers opening the dashboard or Bull Board can pass the token once as ?token=, kept in a cookie.
    const cookie = /(?:^|;\s*)vaglio_token=([^;]+)/.exec(req.get('cookie') ?? '')?.[1];
    const queryToken = typeof req.query.token === 'string' ? req.query.token : undefined;
    const given = m?.[1] ?? queryToken ?? (cookie ? decodeCookie(cookie) : undefined);
    if (!given || !timingSafeEqual(digest(given), expected)) {
      res.status(401).set('www-authenticate', 'Bearer').json({ error: 'unauthorized' });
      return;
    }
    if (queryToken && req.method === 'GET') {
      res.cookie('vaglio_token', queryToken, { httpOnly: true, sameSite: 'strict', path: '/' });
    }
    next();
  };
}
