/** The run email against a real SMTP server (smtp-server on port 0), parsed back with mailparser. */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { simpleParser, type ParsedMail } from 'mailparser';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { buildReport, sendRunEmail, type ReportData } from '../../shared/report/index.ts';
import { seedRuns } from './seed.ts';

const PASSWORD = 'pa$$-W0rd/with:chars';
let infra: TestInfra;
let data: ReportData;
let server: SMTPServer;
let port: number;
const received: { mail: ParsedMail; rcpt: string[] }[] = [];

beforeAll(async () => {
  infra = await createTestInfra('report email');
  const seeded = await seedRuns(infra.sql, 'mail');
  data = await buildReport(infra.sql, seeded.runId);
  server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, cb) {
      // A careless server echoing the credentials back: the client must not pass them on.
      if (auth.username === 'vaglio' && auth.password === PASSWORD) cb(null, { user: 'vaglio' });
      else cb(new Error(`bad credentials ${auth.username}:${auth.password ?? ''}`));
    },
    onData(stream, session, cb) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ mail, rcpt: session.envelope.rcptTo.map((r) => r.address) });
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await infra?.teardown();
});

function memoryLogger() {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk: Buffer, _enc, cb) { lines.push(chunk.toString()); cb(); } });
  return { log: pino({ level: 'trace' }, stream), text: () => lines.join('') };
}

const url = (pw: string) => `smtp://vaglio:${encodeURIComponent(pw)}@127.0.0.1:${port}`;

describe('run email', () => {
  it('delivers subject, recipients, regressions before failures and the dashboard link', async () => {
    const { log, text } = memoryLogger();
    const link = `https://vaglio.example/dashboard/runs/${data.run.id}`;
    await sendRunEmail({ smtpUrl: url(PASSWORD), from: 'vaglio@example.org', to: ['qa@example.org', 'ops@example.org'] }, data, link, log);
    const got = received.at(-1)!;
    expect(got.rcpt).toEqual(['qa@example.org', 'ops@example.org']);
    expect(got.mail.subject).toBe('[vaglio] mail: completed, pass rate 50.0%, 2 regression(s)');
    const body = got.mail.text ?? '';
    expect(body.indexOf('Regressions (2)')).toBeLessThan(body.indexOf('Other failures (1)'));
    const regressions = body.slice(body.indexOf('Regressions'), body.indexOf('Other failures'));
    expect(regressions).toContain('tender-qa/deadline (tender T1): fail — wrong deadline [judge-helpful, says-deadline]');
    expect(body.slice(body.indexOf('Other failures'))).toContain('tender-qa/location');
    expect(body).toContain(link);
    const html = String(got.mail.html);
    expect(html).toContain(`href="${link}"`);
    expect(html).not.toContain('<script>alert');
    expect(text()).toContain('run email sent');
    expect(text()).not.toContain(PASSWORD);
    expect(text()).not.toContain(encodeURIComponent(PASSWORD));
  });

  it('keeps the SMTP password out of errors and logs when the server rejects it', async () => {
    const { log, text } = memoryLogger();
    const wrong = `${PASSWORD}-old`;
    const before = received.length;
    const err = await sendRunEmail({ smtpUrl: url(wrong), from: 'vaglio@example.org', to: ['qa@example.org'] }, data, 'http://x/', log).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err).toBeInstanceOf(Error);
    expect(err!.message).toMatch(/sending the run email failed/);
    expect(err!.message).toContain('bad credentials vaglio:***');
    for (const secret of [wrong, encodeURIComponent(wrong)]) {
      expect(err!.message).not.toContain(secret);
      expect(JSON.stringify(err, Object.getOwnPropertyNames(err))).not.toContain(secret);
      expect(text()).not.toContain(secret);
    }
    expect(received.length).toBe(before);
  });
});
