/**
 * Bearer-token auth for every route but /healthz (container probes). Constant-time comparisons.
 * Browsers opening the dashboard or Bull Board pass the token once as ?token=; they get back a session
 * cookie, never the token itself: `v1.<expiry ms>.<HMAC-SHA256 of it>`, keyed by a key derived from the
 * API token (rotating the token ends every session), HttpOnly, SameSite=Strict, and Secure over https.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export const SESSION_COOKIE = 'vaglio_session';

export interface AuthOptions {
  /** How long a browser session lasts. */
  sessionTtlMs: number;
  /** `auto`: Secure when the request came over https or the public URL is https. */
  secureCookie: 'auto' | 'true' | 'false';
  publicUrl?: string;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

function cookieValue(req: Request, name: string): string | undefined {
  const raw = new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(req.get('cookie') ?? '')?.[1];
  if (raw === undefined) return undefined;
  // Malformed percent-encoding (`%E0%A4%A`) is a wrong credential (401), not a URIError (500).
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

export function sessionSigner(token: string) {
  const key = createHmac('sha256', token).update('vaglio-session-v1').digest();
  const sign = (exp: number) => createHmac('sha256', key).update(`v1.${exp}`).digest('base64url');
  return {
    issue: (ttlMs: number, now = Date.now()): string => {
      const exp = now + ttlMs;
      return `v1.${exp}.${sign(exp)}`;
    },
    valid: (value: string, now = Date.now()): boolean => {
      const m = /^v1\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value);
      if (!m) return false;
      const exp = Number(m[1]);
      const ok = timingSafeEqual(Buffer.from(sign(exp)), Buffer.from(m[2]!));
      return ok && exp > now;
    },
  };
}

export function bearerAuth(token: string, opts: AuthOptions) {
  const expected = digest(token);
  const sessions = sessionSigner(token);
  const httpsPublic = opts.publicUrl?.startsWith('https:') ?? false;
  return (req: Request, res: Response, next: NextFunction) => {
    const m = /^Bearer\s+(.+)$/i.exec(req.get('authorization') ?? '');
    const queryToken = typeof req.query.token === 'string' ? req.query.token : undefined;
    const given = m?.[1] ?? queryToken;
    const ok = given !== undefined ? timingSafeEqual(digest(given), expected) : sessions.valid(cookieValue(req, SESSION_COOKIE) ?? '');
    if (!ok) {
      res.status(401).set('www-authenticate', 'Bearer').json({ error: 'unauthorized' });
      return;
    }
    if (queryToken && req.method === 'GET') {
      const secure = opts.secureCookie === 'true' || (opts.secureCookie === 'auto' && (req.secure || httpsPublic));
      res.cookie(SESSION_COOKIE, sessions.issue(opts.sessionTtlMs), {
        httpOnly: true,
        sameSite: 'strict',
        path: '/',
        secure,
        maxAge: opts.sessionTtlMs,
      });
    }
    next();
  };
}
