/** Prometheus exposition: queue depths from BullMQ, task states and durations from Postgres. */
import type { Queue } from 'bullmq';
import { and, count, gt, isNotNull, isNull, sql as frag } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../../shared/db/client.ts';
import { deadLetters, tasks } from '../../shared/db/schema/index.ts';

const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

export async function renderMetrics(sql: Sql, queues: Queue[]): Promise<string> {
  const lines: string[] = [];
  lines.push('# HELP vaglio_queue_jobs Jobs per BullMQ queue and state.', '# TYPE vaglio_queue_jobs gauge');
  for (const q of queues) {
    const counts = await q.getJobCounts('waiting', 'active', 'delayed', 'failed', 'waiting-children', 'prioritized');
    for (const [state, n] of Object.entries(counts)) {
      lines.push(`vaglio_queue_jobs{queue="${esc(q.name)}",state="${esc(state)}"} ${n}`);
    }
  }
  const db = drizzleOf(sql);
  const states = await db.select({ kind: tasks.kind, status: tasks.status, n: count() }).from(tasks).groupBy(tasks.kind, tasks.status);
  lines.push('# HELP vaglio_tasks Tasks per kind and status.', '# TYPE vaglio_tasks gauge');
  for (const s of states) lines.push(`vaglio_tasks{kind="${esc(s.kind)}",status="${esc(s.status)}"} ${s.n}`);
  const dur = await db
    .select({
      kind: tasks.kind,
      p50: frag<number>`percentile_cont(0.5) within group (order by ${tasks.latencyMs})::float / 1000`,
      p95: frag<number>`percentile_cont(0.95) within group (order by ${tasks.latencyMs})::float / 1000`,
      n: count(),
      sum: frag<number>`coalesce(sum(${tasks.latencyMs}), 0)::float / 1000`,
    })
    .from(tasks)
    .where(and(isNotNull(tasks.latencyMs), gt(tasks.finishedAt, frag`now() - interval '1 day'`)))
    .groupBy(tasks.kind);
  lines.push('# HELP vaglio_task_duration_seconds Task handler durations (last 24 h).', '# TYPE vaglio_task_duration_seconds summary');
  for (const d of dur) {
    lines.push(`vaglio_task_duration_seconds{kind="${esc(d.kind)}",quantile="0.5"} ${d.p50}`);
    lines.push(`vaglio_task_duration_seconds{kind="${esc(d.kind)}",quantile="0.95"} ${d.p95}`);
    lines.push(`vaglio_task_duration_seconds_sum{kind="${esc(d.kind)}"} ${d.sum}`);
    lines.push(`vaglio_task_duration_seconds_count{kind="${esc(d.kind)}"} ${d.n}`);
  }
  const dl = await db.select({ queue: deadLetters.queue, n: count() }).from(deadLetters).where(isNull(deadLetters.reprocessedAt)).groupBy(deadLetters.queue);
  lines.push('# HELP vaglio_dead_letters Open dead letters per queue.', '# TYPE vaglio_dead_letters gauge');
  for (const d of dl) lines.push(`vaglio_dead_letters{queue="${esc(d.queue)}"} ${d.n}`);
  return `${lines.join('\n')}\n`;
}
