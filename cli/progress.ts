/**
 * Waits for a run to finish, drawing a progress bar on a TTY (one line per 10% otherwise). Log lines written
 * meanwhile are printed above the bar, shortened to their level, message and task, never inside it.
 */
import type { Sql } from '../shared/db/client.ts';
import { getRun, type RunDetail } from '../shared/engine/runs.ts';
import { setLogSink } from '../shared/logger.ts';

const TERMINAL = ['completed', 'failed', 'canceled'];
const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** A pino JSON line as a person reads it: `warn  message (service, task)`; a line that is not JSON is kept. */
export function readableLogLine(line: string): string {
  try {
    const o = JSON.parse(line) as Record<string, unknown>;
    const where = [o.service, o.taskKey ?? o.queue].filter((x) => typeof x === 'string').join(', ');
    const err = (o.err as { message?: string } | undefined)?.message;
    return `${(LEVELS[Number(o.level)] ?? 'log').padEnd(5)} ${String(o.msg ?? '')}${err ? `: ${err}` : ''}${where ? ` (${where})` : ''}\n`;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
}

export async function waitWithProgress(sql: Sql, runId: string, out: NodeJS.WriteStream = process.stderr): Promise<RunDetail> {
  let lastDecile = -1;
  let bar = '';
  const previous = setLogSink((line) => {
    if (out.isTTY) out.write(`\r\x1b[2K${readableLogLine(line)}${bar}`);
    else out.write(readableLogLine(line));
  });
  try {
    for (;;) {
      const run = await getRun(sql, runId);
      const c = run.counts;
      const pct = Math.floor(run.progress * 100);
      const width = 30;
      const filled = Math.round(run.progress * width);
      bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(pct).padStart(3)}% ${c.completed + c.failed + c.canceled}/${c.total} tasks (running ${c.running}, failed ${c.failed}, canceled ${c.canceled})`;
      if (out.isTTY) out.write(`\r\x1b[2K${bar}`);
      else if (Math.floor(pct / 10) !== lastDecile) {
        lastDecile = Math.floor(pct / 10);
        out.write(`${bar}\n`);
      }
      if (TERMINAL.includes(run.status)) {
        if (out.isTTY) out.write('\n');
        return run;
      }
      await new Promise((r) => setTimeout(r, 300));
    }
  } finally {
    setLogSink(previous);
  }
}
