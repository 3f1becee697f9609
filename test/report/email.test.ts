/** The run email against a real SMTP server (smtp-server on port 0), parsed back with mailparser. */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { simpleParser, type ParsedMail } from 'mailparser';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { buildReport, sendRunEmail, withPrevious, type ReportData } from '../../shared/report/index.ts';
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
  // The day the old mail said "pass rate 100 %": on top of the seed (T1 ko, T2 not played, diagnostics ko), a bando
  // whose only case could not be judged, one that failed to ingest, and a metadata item awaiting review.
  const sql = infra.sql;
  await sql`insert into tasks (run_id, task_key, kind, queue, status) values (${seeded.runId}, 'c-untested', 'eval.converse', 'converse', 'completed')`;
  await sql`insert into case_results (run_id, task_key, set_id, case_id, tender_id, family, tags, outcome, reason, latency_ms)
    values (${seeded.runId}, 'c-untested', 'tender-qa', 'requirements', 'T3', null, ${['it']}, 'invalid', 'no judge model configured', 300)`;
  await sql`insert into ingestion_errors (source, external_id, reason, run_id) values ('inpa', 'T4', 'text too short (12 characters)', ${seeded.runId})`;
  await sql`update metadata_checks set ambiguous = ${sql.json([{ field: 'deadline', question: 'Which deadline applies?', candidates: ['15/12/2026', '30/11/2026'] }])}, review_items = 1
    where run_id = ${seeded.runId}`;
  data = await withPrevious(sql, await buildReport(sql, seeded.runId));
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
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
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
    // Seed: current run 2 pass / 2 fail (50 %), previous run all pass (100 %).
    expect(got.mail.subject).toBe('vaglio mail: 1 bando ko, 3 not tested, diagnostics ko, 1 ingestion error, 2 regressions, 1/2 attacks succeeded, pass 50.0% (−50.0 pt)');
    const body = got.mail.text ?? '';
    const at = (title: string) => {
      const i = body.indexOf(`\n${title}`);
      expect(i, title).toBeGreaterThan(-1);
      return i;
    };
    const part = (title: string) => body.slice(at(title), body.indexOf('\n\n', at(title) + 1));
    // Regressions first, then the bandi, then the rest.
    const order = ['Regressions (2)', 'Bandi ko (1)', 'Bandi not tested (3)', 'Ingestion errors (1)', 'Diagnostics (ko)', 'Metadata', 'Red team (1 of 2 attacks succeeded)', 'Cost and latency', 'Other failures (1)'];
    expect(order.map(at)).toEqual([...order.map(at)].sort((a, b) => a - b));
    expect(part('Regressions')).toContain('tender-qa/deadline (tender T1): fail — wrong deadline [judge-helpful, says-deadline]');
    expect(part('Bandi ko')).toContain('T1: tender-qa/deadline: fail — wrong deadline; metadata workLocations: work place is Bologna, metadata say Modena');
    expect(part('Bandi not tested')).toContain('T2: 1 case not played: target timed out; tender-qa/location: error — target timed out');
    expect(part('Bandi not tested')).toContain('T3: 1 case not judged: no judge model configured');
    expect(part('Bandi not tested')).toContain('T4: failed to ingest (inpa): text too short (12 characters)');
    expect(part('Ingestion errors')).toContain('inpa/T4: text too short (12 characters)');
    expect(part('Diagnostics')).toContain('Tender: ko — failed silhouette');
    expect(part('Metadata')).toContain('1 of 1 bandi ko, 1 discrepancy, 1 item(s) awaiting review');
    expect(part('Metadata')).toContain('T1 deadline: Which deadline applies?');
    expect(part('Red team')).toContain('prompt-injection: 1 of 1 succeeded');
    expect(part('Red team')).toContain('jailbreak: 0 of 1 succeeded');
    // Seed: transcripts cost $0.004 per case (5 cases) now, $0.002 before; one judge call at $0.01 now.
    const cost = part('Cost and latency');
    expect(cost).toContain('total $0.0300 (was $0.0100, +0.0200)');
    expect(cost).toContain('chatbot $0.0200 (was $0.0100, +0.0100)');
    expect(cost).toContain('judge $0.0100 (was $0.0000, +0.0100); 1 calls');
    // The seed gives both runs the same turn latencies: the deltas are there and zero.
    expect(cost).toMatch(/latency demo: p50 \d+ ms \(±0 ms\), p95 \d+ ms \(±0 ms\)/);
    expect(cost).toContain(`compared with run mail-prev`);
    expect(part('Other failures')).toContain('tender-qa/location');
    const html = String(got.mail.html);
    for (const h of ['Bandi ko (1)', 'Bandi not tested (3)', 'Ingestion errors (1)', 'Diagnostics (ko)', 'Cost and latency']) expect(html).toContain(`<h2>${h}</h2>`);
    expect(html).toContain('text too short (12 characters)');
    expect(body).toContain(link);
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
