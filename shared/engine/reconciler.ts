/**
 * Workers heartbeat into Postgres; the reconciler puts tasks left `running` by a dead worker back to
 * `queued` (BullMQ's stall check redelivers their jobs; after a Redis loss, resume picks them up).
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Sql } from '../db/client.ts';

export const HEARTBEAT_MS = 5_000;

export function newWorkerId(service: string): string {
  return `${service}.${hostname().replace(/[^A-Za-z0-9-]/g, '')}.${process.pid}.${randomBytes(2).toString('hex')}`;
}

export async function heartbeat(sql: Sql, workerId: string, service: string): Promise<void> {
  await sql`insert into workers (id, service, hostname, pid) values (${workerId}, ${service}, ${hostname()}, ${process.pid})
    on conflict (id) do update set last_seen = now(), stopped_at = null`;
}

export async function markWorkerStopped(sql: Sql, workerId: string): Promise<void> {
  await sql`update workers set stopped_at = now() where id = ${workerId}`;
}

/** Returns the number of tasks given back to the queue. */
export async function reconcileOrphans(sql: Sql, staleMs = HEARTBEAT_MS * 3): Promise<number> {
  const rows = await sql`
    update tasks t set status = 'queued', error = 'worker lost: ' || t.worker_id, worker_id = null
    where t.run_id in (select id from runs where status in ('queued', 'running'))
      and t.status = 'running' and t.worker_id is not null and not exists (
      select 1 from workers w where w.id = t.worker_id and w.stopped_at is null
        and w.last_seen > now() - make_interval(secs => ${staleMs / 1000}))
    returning 1`;
  return rows.length;
}
