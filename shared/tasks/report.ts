/** eval.report — the final node of every evaluation run (partial runs too): the run summary, stored. */
import { z } from 'zod';
import { defineKind } from '../engine/kinds.ts';
import { computeSummary, saveSummary } from '../eval/summary.ts';
import { decideRunStatus } from '../engine/finalize.ts';
import { buildReport, gateDecision, withPrevious, runReportDir, saveReportFiles, sendRunEmail } from '../report/index.ts';

export const reportKind = defineKind({
  kind: 'eval.report',
  queue: 'report',
  payload: z.object({ threshold: z.number().min(0).max(1).optional(), allowErrors: z.boolean().default(false) }).default({ allowErrors: false }),
  timeoutMs: 5 * 60_000,
  attempts: 3,
  backoffMs: 2_000,
  alwaysRun: true,
  handler: async (p, ctx) => {
    // The run is still open while its report is made (its root task closes it just after): the summary, the
    // files and the e-mail give the status it ends with, not "running".
    const ending = decideRunStatus(ctx.sql, ctx.runId, [ctx.taskKey]);
    const computing = Promise.all([computeSummary(ctx.sql, ctx.runId), ending]).then(([s, e]) => {
      const ended = { ...s, status: e.status };
      return { ...ended, gate: gateDecision(ended, { threshold: p.threshold, allowErrors: p.allowErrors }) };
    });
    // The report's rows load while the summary is computed; the summary is stored as soon as it is known.
    const [summary, built, { status }] = await Promise.all([
      computing.then(async (s) => (await saveSummary(ctx.sql, s), s)),
      buildReport(ctx.sql, ctx.runId, computing),
      ending,
    ]);
    // Likewise its end: the moment of the report (the root task stamps the run a few milliseconds later).
    const data = { ...built, run: { ...built.run, status, finishedAt: built.run.finishedAt ?? new Date().toISOString() } };
    const c = ctx.config;
    const files = await saveReportFiles(data, runReportDir(c.VAGLIO_REPORT_DIR, ctx.runId));
    if (c.VAGLIO_SMTP_URL && c.VAGLIO_EMAIL_TO) {
      const to = c.VAGLIO_EMAIL_TO.split(',').map((x) => x.trim()).filter(Boolean);
      const dashboard = `${c.VAGLIO_PUBLIC_URL ?? `http://${c.VAGLIO_API_HOST}:${c.VAGLIO_API_PORT}`}/dashboard/runs/${ctx.runId}`;
      await sendRunEmail({ smtpUrl: c.VAGLIO_SMTP_URL, from: c.VAGLIO_EMAIL_FROM, to }, await withPrevious(ctx.sql, data), dashboard, ctx.log);
    }
    return { totals: summary.totals, regressions: summary.regressions, files, gate: summary.gate };
  },
});
