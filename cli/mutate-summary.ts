/** After a run with `mutate:`, the mutation run it produced: printed, and its gate as an exit code (1 below the bar). */
import type { Db } from '../shared/db/client.ts';
import { getMutationRun, listMutationRuns, renderSummaryText, type MutationSummary } from '../shared/mutate/index.ts';

export async function mutationGate(db: Db, runId: string, out: NodeJS.WritableStream): Promise<number> {
  const [latest] = await listMutationRuns(db, runId);
  const row = latest && (await getMutationRun(db, latest.id));
  if (!row) {
    out.write('\nmutation testing: no mutation run was stored for this run (see the run\'s failed tasks)\n');
    return 1;
  }
  const summary = row.summary as MutationSummary;
  out.write(`\n${renderSummaryText(summary)}mutation run ${row.id}\n`);
  return summary.gate && !summary.gate.passed ? 1 : 0;
}
