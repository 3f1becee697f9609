/**
 * Group commit of task completions: the completions that arrive while one flush is in flight are written
 * together in the next one (one statement, one WAL flush), and each caller waits for its own row to be
 * durable before its job is acknowledged — so nothing changes for correctness, only the cost per task.
 */
import type { Sql } from '../db/client.ts';
import { GroupCommit } from '../db/group-commit.ts';
import { storable } from '../db/storable.ts';

export interface Completion {
  runId: string;
  taskKey: string;
  result: unknown;
  latencyMs: number;
  costUsd: number;
  tokensIn: number;
  tokensOut: number;
}

export class CompletionWriter {
  private readonly group: GroupCommit<Completion, boolean>;

  constructor(sql: Sql) {
    this.group = new GroupCommit(async (batch) => {
      const done = await writeBatch(sql, batch);
      return batch.map((c) => done.has(`${c.runId}\u0000${c.taskKey}`));
    }, { lingerMs: 20 });
  }

  private running = 0;

  /** Counts a task this process is running, until the returned function is called. */
  track(): () => void {
    this.running++;
    let done = false;
    return () => {
      if (!done) this.running--;
      done = true;
    };
  }

  /**
   * Resolves once the completion is durable: true when this call completed the task. The last task running
   * here (a run's report, the last case of a run) does not linger for company that cannot come.
   */
  complete(c: Completion): Promise<boolean> {
    return this.group.push(c, { linger: this.running > 1 });
  }
}

async function writeBatch(sql: Sql, batch: Completion[]): Promise<Set<string>> {
  // One row per task: a duplicate delivery in the same batch keeps the last result.
  const byKey = new Map<string, Completion>();
  // A result is the task's output (a chatbot's or an LLM's text among it): stored through `storable`, as one NUL
  // in it would fail this statement and with it every completion of the batch.
  for (const c of batch) byKey.set(`${c.runId}\u0000${c.taskKey}`, { ...c, result: storable(c.result) });
  const rows = [...byKey.values()];
  // raw SQL: group commit of completions, one unnest statement per batch — measured by npm run bench:engine
  const done = await sql<{ run_id: string; task_key: string }[]>`
    with v as (
      select * from unnest(${rows.map((r) => r.runId)}::text[], ${rows.map((r) => r.taskKey)}::text[],
        ${rows.map((r) => (r.result === undefined ? null : JSON.stringify(r.result))) as string[]}::text[], ${rows.map((r) => Math.round(r.latencyMs))}::int[],
        ${rows.map((r) => r.costUsd)}::float8[], ${rows.map((r) => r.tokensIn)}::int[], ${rows.map((r) => r.tokensOut)}::int[])
        as v(run_id, task_key, result, latency_ms, cost_usd, tokens_in, tokens_out)
    ), ins as (
      insert into task_results (run_id, task_key, result) select run_id, task_key, result::jsonb from v where result is not null
      on conflict (run_id, task_key) do update set result = excluded.result, created_at = now()
    )
    update tasks t set status = 'completed', finished_at = now(), latency_ms = v.latency_ms, cost_usd = t.cost_usd + v.cost_usd,
      tokens_in = t.tokens_in + v.tokens_in, tokens_out = t.tokens_out + v.tokens_out, error = null
    from v where t.run_id = v.run_id and t.task_key = v.task_key and t.status <> 'completed'
    returning t.run_id, t.task_key`;
  return new Set(done.map((d) => `${d.run_id}\u0000${d.task_key}`));
}
