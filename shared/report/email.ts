/**
 * The run email: subject with name, status and pass rate; text and HTML bodies with the summary, regressions
 * first, then other failures, and a link to the dashboard. The SMTP URL carries a password: it is never logged
 * and scrubbed from any error this module throws.
 */
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Logger } from '../logger.ts';
import { esc, pct } from './escape.ts';
import { CSS } from './style.ts';
import type { CaseDetail, ReportData } from './types.ts';

export const emailConfigSchema = z.object({
  smtpUrl: z.string().min(1),
  from: z.string().min(1),
  to: z.array(z.string().min(3)).min(1),
});
export type EmailConfig = z.infer<typeof emailConfigSchema>;

/** Failed cases listed in the mail; the report and dashboard have the rest. */
const MAX_LISTED = 50;

export function emailSubject(d: ReportData): string {
  return `[vaglio] ${d.run.name}: ${d.run.status}, pass rate ${pct(d.summary.totals.passRate)}${d.summary.regressions ? `, ${d.summary.regressions} regression(s)` : ''}`;
}

const line = (c: CaseDetail) => {
  const checks = c.checks.filter((k) => k.outcome !== 'pass').map((k) => k.checkId);
  return `${c.setId}/${c.caseId}${c.tenderId ? ` (tender ${c.tenderId})` : ''}: ${c.outcome} — ${c.reason}${checks.length ? ` [${checks.join(', ')}]` : ''}`;
};

export function emailBodies(d: ReportData, dashboardUrl: string): { text: string; html: string } {
  const s = d.summary;
  const regressions = d.cases.filter((c) => c.regression);
  const failures = d.cases.filter((c) => !c.regression && c.outcome !== 'pass');
  const more = (n: number) => (n > MAX_LISTED ? [`… and ${n - MAX_LISTED} more`] : []);
  const text = [
    `Run ${d.run.name} (${d.run.id}) is ${d.run.status}.`,
    `Pass rate ${pct(s.totals.passRate)}: ${s.totals.pass} passed, ${s.totals.fail} failed, ${s.totals.error} errors, ${s.totals.invalid} invalid of ${s.totals.total} cases.`,
    d.redteam.total ? `Red team: ${d.redteam.failed} of ${d.redteam.total} attacks succeeded.` : '',
    '',
    `Regressions (${regressions.length}):`,
    ...(regressions.length ? regressions.slice(0, MAX_LISTED).map((c) => `  - ${line(c)}`) : ['  none']),
    ...more(regressions.length),
    '',
    `Other failures (${failures.length}):`,
    ...(failures.length ? failures.slice(0, MAX_LISTED).map((c) => `  - ${line(c)}`) : ['  none']),
    ...more(failures.length),
    '',
    `Dashboard: ${dashboardUrl}`,
  ].join('\n');
  const list = (cs: CaseDetail[]) =>
    cs.length ? `<ul>${cs.slice(0, MAX_LISTED).map((c) => `<li>${esc(line(c))}</li>`).join('')}${cs.length > MAX_LISTED ? `<li>… and ${cs.length - MAX_LISTED} more</li>` : ''}</ul>` : '<p>None.</p>';
  const html = `<!doctype html><html><head><meta charset="utf-8"><style>${CSS}</style></head><body><main>
<h1>${esc(d.run.name)} <span class="badge b-${esc(d.run.status)}">${esc(d.run.status)}</span></h1>
<p>Pass rate <strong>${pct(s.totals.passRate)}</strong>: ${s.totals.pass} passed, ${s.totals.fail} failed, ${s.totals.error} errors, ${s.totals.invalid} invalid of ${s.totals.total} cases.</p>
<h2>Regressions (${regressions.length})</h2>${list(regressions)}
<h2>Other failures (${failures.length})</h2>${list(failures)}
<p><a href="${esc(dashboardUrl)}">Open the run in the dashboard</a></p>
</main></body></html>`;
  return { text, html };
}

/** Every form the password can take in a URL or a server reply. */
function secretsOf(smtpUrl: string): string[] {
  try {
    const u = new URL(smtpUrl);
    return [u.password, decodeURIComponent(u.password), smtpUrl].filter((s) => s.length > 0);
  } catch {
    return [smtpUrl];
  }
}

function scrub(message: string, secrets: string[]): string {
  let out = message;
  for (const s of secrets) out = out.split(s).join('***');
  return out;
}

export async function sendRunEmail(cfg: EmailConfig, data: ReportData, dashboardUrl: string, log?: Logger): Promise<{ messageId: string }> {
  const c = emailConfigSchema.parse(cfg);
  const secrets = secretsOf(c.smtpUrl);
  const subject = emailSubject(data);
  const transport = nodemailer.createTransport(c.smtpUrl);
  try {
    const info = await transport.sendMail({ from: c.from, to: c.to, subject, ...emailBodies(data, dashboardUrl) });
    log?.info({ runId: data.run.id, to: c.to, messageId: info.messageId }, 'run email sent');
    return { messageId: info.messageId };
  } catch (err) {
    // A fresh error without `cause`: nodemailer errors may carry the command, response or URL.
    const message = scrub(err instanceof Error ? err.message : String(err), secrets);
    log?.error({ runId: data.run.id, to: c.to, err: message }, 'run email failed');
    throw new Error(`sending the run email failed: ${message}`);
  } finally {
    transport.close();
  }
}
