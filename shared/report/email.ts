/**
 * The run email: subject and sections from digest.ts (the state of the day, worst first), rendered as text and
 * HTML with a link to the dashboard. The SMTP URL carries a password: it is never logged
 * and scrubbed from any error this module throws.
 */
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Logger } from '../logger.ts';
import { digestSections, digestSubject, type DigestSection } from './digest.ts';
import { esc } from './escape.ts';
import { CSS } from './style.ts';
import type { ReportData } from './types.ts';

export const emailConfigSchema = z.object({
  smtpUrl: z.string().min(1),
  from: z.string().min(1),
  to: z.array(z.string().min(3)).min(1),
});
export type EmailConfig = z.infer<typeof emailConfigSchema>;

export const emailSubject = digestSubject;

export function emailBodies(d: ReportData, dashboardUrl: string): { text: string; html: string } {
  const sections = digestSections(d);
  const more = (n: number) => (n ? [`  … and ${n} more (see the dashboard)`] : []);
  const text = [
    ...sections.flatMap((s) => [`${s.title}:`, ...(s.lines.length ? s.lines.map((l) => `  - ${l}`) : ['  none']), ...more(s.more), '']),
    `Dashboard: ${dashboardUrl}`,
  ].join('\n');
  const list = (s: DigestSection) =>
    s.lines.length ? `<ul>${s.lines.map((l) => `<li>${esc(l)}</li>`).join('')}${s.more ? `<li>… and ${s.more} more</li>` : ''}</ul>` : '<p>None.</p>';
  const html = `<!doctype html><html><head><meta charset="utf-8"><style>${CSS}</style></head><body><main>
<h1>${esc(d.run.name)} <span class="badge b-${esc(d.run.status)}">${esc(d.run.status)}</span></h1>
<p><strong>${esc(digestSubject(d))}</strong></p>
${sections.map((s) => `<h2>${esc(s.title)}</h2>${list(s)}`).join('\n')}
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
