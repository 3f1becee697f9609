/** Waits for a run to finish, drawing a progress bar on a TTY (one line per 10% otherwise). */
import type { Sql } from '../shared/db/client.ts';
import { getRun, type RunDetail } from '../shared/engine/runs.ts';

const TERMINAL = ['completed', 'failed', 'canceled'];

export async function waitWithProgress(sql: Sql, runId: string, out: NodeJS.WriteStream = process.stderr): Promise<RunDetail> {
  let lastDecile = -1;
  for (;;) {
    const run = await getRun(sql, runId);
    const c = run.counts;
    const pct = Math.floor(run.progress * 100);
    const width = 30;
    const filled = Math.round(run.progress * width);
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(pct).padStart(3)}% ${c.completed + c.failed + c.canceled}/${c.total} tasks (running ${c.running}, failed ${c.failed}, canceled ${c.canceled})`;
    if (out.isTTY) out.write(`\r${line}`);
    else if (Math.floor(pct / 10) !== lastDecile) {
      lastDecile = Math.floor(pct / 10);
      out.write(`${line}\n`);
    }
    if (TERMINAL.includes(run.status)) {
      if (out.isTTY) out.write('\n');
      return run;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}
