/** Finished runs with judge verdicts (check_results from the llm) and red-team decisions, for the review loop. */
import type { Sql } from '../../shared/db/client.ts';

export interface Decision {
  key: string;
  outcome: 'pass' | 'fail';
  /** A judge verdict under this mandate; absent: a red-team case of branch `branch`. */
  mandate?: string;
  branch?: string;
  question: string;
  answer: string;
}

export async function seedReviewRun(sql: Sql, runId: string, at: string, decisions: Decision[]): Promise<void> {
  await sql`insert into runs (id, name, plan, status, spec, created_at, finished_at) values (${runId}, 'review', 'eval', 'completed', '{}'::jsonb, ${at}, ${at})`;
  for (const d of decisions) {
    await sql`insert into tasks (run_id, task_key, kind, queue, status) values (${runId}, ${d.key}, 'eval.converse', 'converse', 'completed')`;
    await sql`insert into transcripts (run_id, task_key, target, turns)
      values (${runId}, ${d.key}, 'bot', ${sql.json([{ index: 0, user: d.question, assistant: d.answer, latencyMs: 10, toolCalls: [], raw: { debug: 'RAW' } }])})`;
    const red = d.mandate === undefined;
    await sql`insert into case_results (run_id, task_key, set_id, case_id, family, tags, outcome, reason)
      values (${runId}, ${d.key}, ${red ? `redteam/${d.branch}` : 'qa'}, ${d.key}, ${red ? 'redteam' : null}, ${red ? [d.branch!] : []}, ${d.outcome}, ${`case ${d.outcome}`})`;
    if (!red) {
      await sql`insert into check_results (run_id, task_key, check_id, type, outcome, reason, source, mandate_id, mandate_version, model)
        values (${runId}, ${d.key}, 'quality', 'general-quality', ${d.outcome}, ${`judge says ${d.outcome}`}, 'llm', ${d.mandate ?? null}, 1, 'judge-m')`;
    }
  }
}
