/**
 * Retention: finished runs older than a cutoff go, with everything stored for them (tasks, transcripts,
 * verdicts, LLM call records, metadata checks, ingestion errors) and their report folder. Kept always: runs
 * not finished, and the newest `keepLast` finished runs of each name and plan, the baselines that regressions
 * are counted against. Deleted in batches of whole runs, each batch in one transaction.
 */
import { rm } from 'node:fs/promises';
import { z } from 'zod';
import { and, gt, inArray, lt, sql as frag } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../db/client.ts';
import { ingestionErrors, llmCalls, metadataChecks, runs, type RunStatus } from '../db/schema/index.ts';
import { runReportDir } from '../report/files.ts';

export const pruneOptionsSchema = z.object({
  olderThanDays: z.number().int().min(1),
  keepLast: z.number().int().min(0).default(1),
  dryRun: z.boolean().default(false),
  /** Where the runs' report folders are (VAGLIO_REPORT_DIR); left alone when absent. */
  reportDir: z.string().optional(),
  batch: z.number().int().min(1).default(200),
});
export type PruneOptions = z.input<typeof pruneOptionsSchema>;

export interface PruneResult {
  /** The runs deleted (or, in a dry run, that would be). */
  runs: string[];
  reportFolders: number;
}

/** Parses "30d", "12w" or a bare number of days; throws quoting the value otherwise. */
export function parseAge(v: string): number {
  const m = /^(\d+)\s*([dw]?)$/i.exec(v.trim());
  const n = m ? Number(m[1]) * (m[2]?.toLowerCase() === 'w' ? 7 : 1) : NaN;
  if (!Number.isInteger(n) || n < 1) throw new Error(`"${v}" is not an age like 30d or 12w (at least one day)`);
  return n;
}

const FINISHED: RunStatus[] = ['completed', 'failed', 'canceled'];

export async function pruneRuns(sql: Sql, options: PruneOptions): Promise<PruneResult> {
  const o = pruneOptionsSchema.parse(options);
  const db = drizzleOf(sql);
  const finished = db.$with('finished').as(
    db
      .select({
        id: runs.id,
        ended: frag<Date>`coalesce(${runs.finishedAt}, ${runs.createdAt})`.as('ended'),
        recency: frag<number>`row_number() over (partition by ${runs.name}, ${runs.plan} order by ${runs.createdAt} desc)`.as('recency'),
      })
      .from(runs)
      .where(inArray(runs.status, FINISHED)),
  );
  const ids = (
    await db
      .with(finished)
      .select({ id: finished.id })
      .from(finished)
      .where(and(lt(finished.ended, frag`now() - make_interval(days => ${o.olderThanDays})`), gt(finished.recency, o.keepLast)))
      .orderBy(finished.ended)
  ).map((r) => r.id);
  if (o.dryRun) return { runs: ids, reportFolders: 0 };
  let reportFolders = 0;
  const deleted: string[] = [];
  for (let i = 0; i < ids.length; i += o.batch) {
    const batch = ids.slice(i, i + o.batch);
    const gone = await db.transaction(async (tx) => {
      // A run resumed since it was listed is running again: it stays, and so does what it stored.
      const rows = await tx
        .delete(runs)
        .where(and(inArray(runs.id, batch), inArray(runs.status, FINISHED)))
        .returning({ id: runs.id });
      const runIds = rows.map((r) => r.id);
      if (!runIds.length) return runIds;
      // The tables that name a run without a foreign key to it; the rest went with the run (on delete cascade).
      await tx.delete(llmCalls).where(inArray(llmCalls.runId, runIds));
      await tx.delete(metadataChecks).where(inArray(metadataChecks.runId, runIds));
      await tx.delete(ingestionErrors).where(inArray(ingestionErrors.runId, runIds));
      return runIds;
    });
    deleted.push(...gone);
    if (o.reportDir) {
      for (const id of gone) {
        const existed = await rm(runReportDir(o.reportDir, id), { recursive: true }).then(() => true, () => false);
        if (existed) reportFolders++;
      }
    }
  }
  return { runs: deleted, reportFolders };
}
