/** Postgres writes of the evaluation: transcripts, check results, case results. All idempotent upserts. */
import type { Sql } from '../db/client.ts';
import type { Outcome, Transcript } from '../transcript.ts';
import type { WeightedResult } from '../checks/index.ts';

type Json = Parameters<Sql['json']>[0];

/** The transcript row of a played case (converse and red-team tasks alike). */
export function transcriptRow(
  ids: { runId: string; taskKey: string },
  target: { name?: string; type: string },
  played: { transcript: Transcript; error?: string; latencyMs: number; tokensIn: number; tokensOut: number; costUsd: number },
): Parameters<typeof saveTranscript>[1] {
  return { ...ids, target: target.name ?? target.type, ...played };
}

export async function saveTranscript(
  sql: Sql,
  a: { runId: string; taskKey: string; target: string; transcript: Transcript; error?: string; latencyMs: number; tokensIn: number; tokensOut: number; costUsd: number },
): Promise<void> {
  await sql`
    insert into transcripts (run_id, task_key, target, session_id, turns, error, latency_ms, tokens_in, tokens_out, cost_usd)
    values (${a.runId}, ${a.taskKey}, ${a.target}, ${a.transcript.sessionId ?? null}, ${sql.json(a.transcript.turns as unknown as Json)},
            ${a.error ?? null}, ${Math.round(a.latencyMs)}, ${a.tokensIn}, ${a.tokensOut}, ${a.costUsd})
    on conflict (run_id, task_key) do update set target = excluded.target, session_id = excluded.session_id,
      turns = excluded.turns, error = excluded.error, latency_ms = excluded.latency_ms, tokens_in = excluded.tokens_in,
      tokens_out = excluded.tokens_out, cost_usd = excluded.cost_usd, created_at = now()`;
}

export interface StoredCheck extends WeightedResult {
  source: 'deterministic' | 'llm';
  mandateId?: string;
  mandateVersion?: number;
  model?: string;
  details?: unknown;
}

export async function saveCheckResults(sql: Sql, runId: string, taskKey: string, results: StoredCheck[]): Promise<void> {
  if (!results.length) return;
  const rows = results.map((r) => ({
    run_id: runId,
    task_key: taskKey,
    check_id: r.checkId,
    type: r.type,
    outcome: r.outcome,
    score: r.score ?? null,
    reason: r.reason,
    turn: r.turn ?? null,
    hard: r.hard ?? false,
    weight: r.weight ?? 1,
    source: r.source,
    mandate_id: r.mandateId ?? null,
    mandate_version: r.mandateVersion ?? null,
    model: r.model ?? null,
    details: r.details === undefined ? null : sql.json(r.details as Json),
  }));
  await sql`insert into check_results ${sql(rows)}
    on conflict (run_id, task_key, check_id) do update set outcome = excluded.outcome, score = excluded.score,
      reason = excluded.reason, turn = excluded.turn, hard = excluded.hard, weight = excluded.weight, source = excluded.source,
      mandate_id = excluded.mandate_id, mandate_version = excluded.mandate_version, model = excluded.model,
      details = excluded.details, created_at = now()`;
}

export async function loadCheckResults(sql: Sql, runId: string, taskKey: string): Promise<StoredCheck[]> {
  const rows = await sql<
    { check_id: string; type: string; outcome: Outcome; score: number | null; reason: string; turn: number | null; hard: boolean; weight: number; source: 'deterministic' | 'llm' }[]
  >`select check_id, type, outcome, score, reason, turn, hard, weight, source from check_results
    where run_id = ${runId} and task_key = ${taskKey}`;
  return rows.map((r) => ({
    checkId: r.check_id,
    type: r.type as StoredCheck['type'],
    outcome: r.outcome,
    score: r.score ?? undefined,
    reason: r.reason,
    turn: r.turn ?? undefined,
    hard: r.hard,
    weight: r.weight,
    source: r.source,
  }));
}

export async function saveCaseResult(
  sql: Sql,
  a: {
    runId: string;
    taskKey: string;
    setId: string;
    caseId: string;
    tenderId?: string;
    family?: string;
    repeatIndex: number;
    tags: string[];
    outcome: Outcome;
    score: number | null;
    reason: string;
    answerSignature?: string;
    toolSignature?: string;
    pendingLlm: boolean;
    latencyMs?: number;
  },
): Promise<void> {
  await sql`
    insert into case_results (run_id, task_key, set_id, case_id, tender_id, family, repeat_index, tags, outcome, score, reason,
      answer_signature, tool_signature, pending_llm, latency_ms)
    values (${a.runId}, ${a.taskKey}, ${a.setId}, ${a.caseId}, ${a.tenderId ?? null}, ${a.family ?? null}, ${a.repeatIndex},
      ${a.tags}, ${a.outcome}, ${a.score}, ${a.reason}, ${a.answerSignature ?? null}, ${a.toolSignature ?? null}, ${a.pendingLlm},
      ${a.latencyMs === undefined ? null : Math.round(a.latencyMs)})
    on conflict (run_id, task_key) do update set outcome = excluded.outcome, score = excluded.score, reason = excluded.reason,
      answer_signature = excluded.answer_signature, tool_signature = excluded.tool_signature, pending_llm = excluded.pending_llm,
      latency_ms = excluded.latency_ms, updated_at = now()`;
}

export async function updateCaseOutcome(
  sql: Sql,
  a: { runId: string; taskKey: string; outcome: Outcome; score: number | null; reason: string },
): Promise<void> {
  await sql`update case_results set outcome = ${a.outcome}, score = ${a.score}, reason = ${a.reason}, pending_llm = false,
    updated_at = now() where run_id = ${a.runId} and task_key = ${a.taskKey}`;
}

/**
 * A played case in one statement (one round trip, one commit): its transcript, its check results and its case
 * result. The conversation runner's hot path; the three separate writes above stay for the other callers.
 */
export async function saveCaseOutcome(
  sql: Sql,
  t: Parameters<typeof saveTranscript>[1],
  checks: StoredCheck[],
  c: Parameters<typeof saveCaseResult>[1],
): Promise<void> {
  const col = <K extends keyof StoredCheck>(k: K) => checks.map((r) => r[k] ?? null);
  // Arrays go over as text and are cast in SQL: postgres.js does not infer boolean or nullable number arrays.
  const num = (xs: unknown[]) => xs.map((x) => (x === null || x === undefined ? null : String(x))) as string[];
  await sql`
    with tr as (
      insert into transcripts (run_id, task_key, target, session_id, turns, error, latency_ms, tokens_in, tokens_out, cost_usd)
      values (${t.runId}, ${t.taskKey}, ${t.target}, ${t.transcript.sessionId ?? null}, ${sql.json(t.transcript.turns as unknown as Json)},
              ${t.error ?? null}, ${Math.round(t.latencyMs)}, ${t.tokensIn}, ${t.tokensOut}, ${t.costUsd})
      on conflict (run_id, task_key) do update set target = excluded.target, session_id = excluded.session_id,
        turns = excluded.turns, error = excluded.error, latency_ms = excluded.latency_ms, tokens_in = excluded.tokens_in,
        tokens_out = excluded.tokens_out, cost_usd = excluded.cost_usd, created_at = now()
      returning 1
    ), ch as (
      insert into check_results (run_id, task_key, check_id, type, outcome, score, reason, turn, hard, weight, source, details)
      select ${t.runId}, ${t.taskKey}, v.check_id, v.type, v.outcome, v.score, v.reason, v.turn, v.hard, v.weight, v.source, v.details::jsonb
      from unnest(${col('checkId') as string[]}::text[], ${col('type') as string[]}::text[], ${col('outcome') as string[]}::text[],
                  ${num(col('score'))}::text[]::float8[], ${col('reason') as string[]}::text[], ${num(col('turn'))}::text[]::int[],
                  ${checks.map((r) => String(r.hard ?? false))}::text[]::bool[], ${checks.map((r) => String(r.weight ?? 1))}::text[]::float8[],
                  ${col('source') as string[]}::text[], ${checks.map((r) => (r.details === undefined ? null : JSON.stringify(r.details))) as string[]}::text[])
        as v(check_id, type, outcome, score, reason, turn, hard, weight, source, details)
      on conflict (run_id, task_key, check_id) do update set outcome = excluded.outcome, score = excluded.score,
        reason = excluded.reason, turn = excluded.turn, hard = excluded.hard, weight = excluded.weight, source = excluded.source,
        details = excluded.details, created_at = now()
      returning 1
    )
    insert into case_results (run_id, task_key, set_id, case_id, tender_id, family, repeat_index, tags, outcome, score, reason,
      answer_signature, tool_signature, pending_llm, latency_ms)
    values (${c.runId}, ${c.taskKey}, ${c.setId}, ${c.caseId}, ${c.tenderId ?? null}, ${c.family ?? null}, ${c.repeatIndex},
      ${c.tags}, ${c.outcome}, ${c.score}, ${c.reason}, ${c.answerSignature ?? null}, ${c.toolSignature ?? null}, ${c.pendingLlm},
      ${c.latencyMs === undefined ? null : Math.round(c.latencyMs)})
    on conflict (run_id, task_key) do update set outcome = excluded.outcome, score = excluded.score, reason = excluded.reason,
      answer_signature = excluded.answer_signature, tool_signature = excluded.tool_signature, pending_llm = excluded.pending_llm,
      latency_ms = excluded.latency_ms, updated_at = now()`;
}
