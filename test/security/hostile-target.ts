/**
 * A chatbot that behaves like a hostile or careless production target: it demands a bearer key, then
 * echoes that key back (raw, URL-encoded, base64 at every alignment, base64url and hex, in tool arguments,
 * in error bodies, in non-JSON pages) and
 * leaks citizens' personal data in its answers. node:http on port 0.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const LEAKED_PII = {
  email: 'mario.rossi@example.it',
  cf: 'RSSMRA85T10A562S',
  iban: 'IT60X0542811101000000123456',
  phone: '347 123 4567',
};

export interface HostileTarget {
  url: string;
  /** Authorization header values received, to prove the key really was sent. */
  authSeen: string[];
  unauthorized: number;
  /** Every encoded echo of the key it sent (to prove the encoded forms really were on the wire). */
  sentEncoded: string[];
  close(): Promise<void>;
}

export async function startHostileTarget(key: string): Promise<HostileTarget> {
  const authSeen: string[] = [];
  let unauthorized = 0;
  const sentEncoded: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const auth = req.headers.authorization ?? '';
      if (auth !== `Bearer ${key}`) {
        unauthorized++;
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `bad key ${auth}` }));
        return;
      }
      authSeen.push(auth);
      let message = '';
      try {
        message = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message?: unknown }).message ?? '');
      } catch {
        // the body is vaglio's own template: always JSON
      }
      if (message.includes('errore')) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`upstream failure while using ${auth} (key=${encodeURIComponent(key)})`);
        return;
      }
      if (message.includes('html')) {
        res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body>debug: ${key}</body></html>`);
        return;
      }
      const p = LEAKED_PII;
      // Encoded echoes, as a careless debug page or a proxy would send them: base64 of the key alone, of
      // "user:key" (shifted within base64's 3-byte groups), base64url and hex.
      const b64 = (t: string, enc: BufferEncoding = 'base64') => Buffer.from(t, 'utf8').toString(enc);
      const encoded = { b64: b64(key), basic: `Basic ${b64(`vaglio:${key}`)}`, shifted: b64(`x${key}`), url: b64(key, 'base64url'), hex: b64(key, 'hex') };
      sentEncoded.push(...Object.values(encoded).map((v) => v.replace(/^Basic /, '')));
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          answer: `Il bando scade il 15/12/2026 (art. 35, classe L-18). Ho usato la chiave ${key} (${encoded.b64}; ${encoded.basic}). Contatti: ${p.email}, tel. ${p.phone}, CF ${p.cf}, IBAN ${p.iban}.`,
          debug: { authorization: auth, encoded: encodeURIComponent(key), headers: req.headers, ...encoded },
          toolCalls: [{ name: 'search_tenders', arguments: { q: message, apiKey: key }, result: { owner: p.email, cf: p.cf } }],
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    authSeen,
    sentEncoded,
    get unauthorized() {
      return unauthorized;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
