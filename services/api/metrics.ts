/** Prometheus exposition: queue depths from BullMQ, task states and durations from Postgres. */
import type { Queue } from 'bullmq';
import type { Sql } from '../../shared/db/client.ts';

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
  const states = await sql<{ kind: string; status: string; n: number }[]>`
    select kind, status, count(*)::int as n from tasks group by kind, status`;
  lines.push('# HELP vaglio_tasks Tasks per kind and status.', '# TYPE vaglio_tasks gauge');
  for (const s of states) lines.push(`vaglio_tasks{kind="${esc(s.kind)}",status="${esc(s.status)}"} ${s.n}`);
  const dur = await sql<{ kind: string; p50: number; p95: number; n: number; sum: number }[]>`
    select kind, percentile_cont(0.5) within group (order by latency_ms)::float / 1000 as p50,
      percentile_cont(0.95) within group (order by latency_ms)::float / 1000 as p95,
      count(*)::int as n, coalesce(sum(latency_ms), 0)::float / 1000 as sum
    from tasks where latency_ms is not null and finished_at > now() - interval '1 day' group by kind`;
  lines.push('# HELP vaglio_task_duration_seconds Task handler durations (last 24 h).', '# TYPE vaglio_task_duration_seconds summary');
  for (const d of dur) {
    lines.push(`vaglio_task_duration_seconds{kind="${esc(d.kind)}",quantile="0.5"} ${d.p50}`);
    lines.push(`vaglio_task_duration_seconds{kind="${esc(d.kind)}",quantile="0.95"} ${d.p95}`);
    lines.push(`vaglio_task_duration_seconds_sum{kind="${esc(d.kind)}"} ${d.sum}`);
    lines.push(`vaglio_task_duration_seconds_count{kind="${esc(d.kind)}"} ${d.n}`);
  }
  const dl = await sql<{ queue: string; n: number }[]>`
    select queue, count(*)::int as n from dead_letters where reprocessed_at is null group by queue`;
  lines.push('# HELP vaglio_dead_letters Open dead letters per queue.', '# TYPE vaglio_dead_letters gauge');
  for (const d of dl) lines.push(`vaglio_dead_letters{queue="${esc(d.queue)}"} ${d.n}`);
  return `${lines.join('\n')}\n`;
}
