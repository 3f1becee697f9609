/**
 * Postgres writes of the evaluation: transcripts, check results, case results. All idempotent upserts. Each write
 * stores its rows through `storable` (shared/db/storable.ts): a NUL the chatbot sent, in an answer, a tool
 * argument, a raw body, or quoted by a check's reason or evidence, is stored as ␀ instead of failing the statement
 * (and with it the cases of the same group commit). The checks have already judged the text as sent.
 */
import { and, eq, sql as frag } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../db/client.ts';
import { caseResults, checkResults, transcripts } from '../db/schema/index.ts';
import type { Outcome, Transcript } from '../transcript.ts';
import type { WeightedResult } from '../checks/index.ts';
import { GroupCommit } from '../db/group-commit.ts';
import { storable } from '../db/storable.ts';

/** The transcript row of a played case (converse and red-team tasks alike). */
export function transcriptRow(
  ids: { runId: string; taskKey: string },
  target: { name?: string; type: string },
  played: { transcript: Transcript; error?: string; latencyMs: number; tokensIn: number; tokensOut: number; costUsd: number },
): Parameters<typeof saveTranscript>[1] {
  // Only the ids: spreading a task context would also copy (and so run) its lazy getters, such as its logger.
  return { runId: ids.runId, taskKey: ids.taskKey, target: target.name ?? target.type, ...played };
}

export async function saveTranscript(
  sql: Sql,
  given: { runId: string; taskKey: string; target: string; transcript: Transcript; error?: string; latencyMs: number; tokensIn: number; tokensOut: number; costUsd: number },
): Promise<void> {
  const a = storable(given);
  const row = {
    runId: a.runId,
    taskKey: a.taskKey,
    target: a.target,
    sessionId: a.transcript.sessionId ?? null,
    turns: a.transcript.turns as unknown[],
    error: a.error ?? null,
    latencyMs: Math.round(a.latencyMs),
    tokensIn: a.tokensIn,
    tokensOut: a.tokensOut,
    costUsd: a.costUsd,
  };
  const { runId: _r, taskKey: _k, ...update } = row;
  await drizzleOf(sql)
    .insert(transcripts)
    .values(row)
    .onConflictDoUpdate({ target: [transcripts.runId, transcripts.taskKey], set: { ...update, createdAt: frag`now()` } });
}

export interface StoredCheck extends WeightedResult {
  source: 'deterministic' | 'llm';
  mandateId?: string;
  mandateVersion?: number;
  model?: string;
  details?: unknown;
}

/** details as stored: the check's own details plus its evidence (read back by shared/report/evidence.ts). */
function detailsOf(r: StoredCheck): unknown {
  if (!r.evidence?.length) return r.details;
  const own = r.details && typeof r.details === 'object' && !Array.isArray(r.details) ? r.details : r.details === undefined ? {} : { value: r.details };
  return { ...own, evidence: r.evidence };
}

/** The value the conflicting insert proposed for a column (`excluded.<column>`): a batch upsert sets each row its own. */
const excluded = (column: { name: string }) => frag.raw(`excluded.${column.name}`);

export async function saveCheckResults(sql: Sql, runId: string, taskKey: string, given: StoredCheck[]): Promise<void> {
  if (!given.length) return;
  const results = storable(given);
  const k = checkResults;
  const rows = results.map((r) => ({
    runId,
    taskKey,
    checkId: r.checkId,
    type: r.type,
    outcome: r.outcome,
    score: r.score ?? null,
    reason: r.reason,
    turn: r.turn ?? null,
    hard: r.hard ?? false,
    weight: r.weight ?? 1,
    source: r.source,
    mandateId: r.mandateId ?? null,
    mandateVersion: r.mandateVersion ?? null,
    model: r.model ?? null,
    details: detailsOf(r) ?? null,
  }));
  await drizzleOf(sql)
    .insert(k)
    .values(rows)
    .onConflictDoUpdate({
      target: [k.runId, k.taskKey, k.checkId],
      set: {
        outcome: excluded(k.outcome),
        score: excluded(k.score),
        reason: excluded(k.reason),
        turn: excluded(k.turn),
        hard: excluded(k.hard),
        weight: excluded(k.weight),
        source: excluded(k.source),
        mandateId: excluded(k.mandateId),
        mandateVersion: excluded(k.mandateVersion),
        model: excluded(k.model),
        details: excluded(k.details),
        createdAt: frag`now()`,
      },
    });
}

export async function loadCheckResults(sql: Sql, runId: string, taskKey: string): Promise<StoredCheck[]> {
  const k = checkResults;
  const rows = await drizzleOf(sql)
    .select({ checkId: k.checkId, type: k.type, outcome: k.outcome, score: k.score, reason: k.reason, turn: k.turn, hard: k.hard, weight: k.weight, source: k.source })
    .from(k)
    .where(and(eq(k.runId, runId), eq(k.taskKey, taskKey)));
  return rows.map((r) => ({
    checkId: r.checkId,
    type: r.type as StoredCheck['type'],
    outcome: r.outcome as Outcome,
    score: r.score ?? undefined,
    reason: r.reason,
    turn: r.turn ?? undefined,
    hard: r.hard,
    weight: r.weight,
    source: r.source as StoredCheck['source'],
  }));
}

export async function saveCaseResult(
  sql: Sql,
  given: {
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
  const a = storable(given);
  const key = { runId: a.runId, taskKey: a.taskKey, setId: a.setId, caseId: a.caseId, tenderId: a.tenderId ?? null, family: a.family ?? null };
  // What a replay of the case changes (its identity, repeat and tags stay as first stored).
  const update = {
    outcome: a.outcome,
    score: a.score,
    reason: a.reason,
    answerSignature: a.answerSignature ?? null,
    toolSignature: a.toolSignature ?? null,
    pendingLlm: a.pendingLlm,
    latencyMs: a.latencyMs === undefined ? null : Math.round(a.latencyMs),
  };
  await drizzleOf(sql)
    .insert(caseResults)
    .values({ ...key, repeatIndex: a.repeatIndex, tags: a.tags, ...update })
    .onConflictDoUpdate({ target: [caseResults.runId, caseResults.taskKey], set: { ...update, updatedAt: frag`now()` } });
}

export async function updateCaseOutcome(
  sql: Sql,
  given: { runId: string; taskKey: string; outcome: Outcome; score: number | null; reason: string },
): Promise<void> {
  const a = storable(given);
  await drizzleOf(sql)
    .update(caseResults)
    .set({ outcome: a.outcome, score: a.score, reason: a.reason, pendingLlm: false, updatedAt: frag`now()` })
    .where(and(eq(caseResults.runId, a.runId), eq(caseResults.taskKey, a.taskKey)));
}

/** A played case: its transcript, its check results and its case result. */
export interface CaseOutcome {
  transcript: Parameters<typeof saveTranscript>[1];
  checks: StoredCheck[];
  result: Parameters<typeof saveCaseResult>[1];
}

/**
 * Played cases in one statement (one round trip, one commit): their transcripts, check results and case
 * results. The conversation runner's hot path; the separate writes above stay for the other callers.
 * A case given twice keeps its last outcome.
 */
export async function saveCaseOutcomes(sql: Sql, outcomes: CaseOutcome[]): Promise<void> {
  const byKey = new Map<string, CaseOutcome>();
  for (const o of storable(outcomes)) byKey.set(`${o.result.runId}\u0000${o.result.taskKey}`, o);
  const os = [...byKey.values()];
  if (!os.length) return;
  const ts = os.map((o) => o.transcript);
  const cs = os.map((o) => o.result);
  const checks = os.flatMap((o) => o.checks.map((c) => ({ ...c, runId: o.result.runId, taskKey: o.result.taskKey })));
  // Arrays go over as text and are cast in SQL: postgres.js does not infer boolean or nullable number arrays.
  const txt = (xs: unknown[]) => xs.map((x) => (x === null || x === undefined ? null : String(x))) as string[];
  // raw SQL: the conversation runner's hot path, a batch of played cases in one statement (unnest) — measured by npm run bench:scale
  await sql`
    with tr as (
      insert into transcripts (run_id, task_key, target, session_id, turns, error, latency_ms, tokens_in, tokens_out, cost_usd)
      select v.run_id, v.task_key, v.target, v.session_id, v.turns::jsonb, v.error, v.latency_ms, v.tokens_in, v.tokens_out, v.cost_usd
      from unnest(${ts.map((t) => t.runId)}::text[], ${ts.map((t) => t.taskKey)}::text[], ${ts.map((t) => t.target)}::text[],
                  ${txt(ts.map((t) => t.transcript.sessionId))}::text[], ${ts.map((t) => JSON.stringify(t.transcript.turns))}::text[],
                  ${txt(ts.map((t) => t.error))}::text[], ${ts.map((t) => Math.round(t.latencyMs))}::int[], ${ts.map((t) => t.tokensIn)}::int[],
                  ${ts.map((t) => t.tokensOut)}::int[], ${ts.map((t) => t.costUsd)}::float8[])
        as v(run_id, task_key, target, session_id, turns, error, latency_ms, tokens_in, tokens_out, cost_usd)
      on conflict (run_id, task_key) do update set target = excluded.target, session_id = excluded.session_id,
        turns = excluded.turns, error = excluded.error, latency_ms = excluded.latency_ms, tokens_in = excluded.tokens_in,
        tokens_out = excluded.tokens_out, cost_usd = excluded.cost_usd, created_at = now()
      returning 1
    ), ch as (
      insert into check_results (run_id, task_key, check_id, type, outcome, score, reason, turn, hard, weight, source, details)
      select v.run_id, v.task_key, v.check_id, v.type, v.outcome, v.score, v.reason, v.turn, v.hard, v.weight, v.source, v.details::jsonb
      from unnest(${checks.map((c) => c.runId)}::text[], ${checks.map((c) => c.taskKey)}::text[], ${checks.map((c) => c.checkId)}::text[],
                  ${checks.map((c) => c.type)}::text[], ${checks.map((c) => c.outcome)}::text[], ${txt(checks.map((c) => c.score))}::text[]::float8[],
                  ${checks.map((c) => c.reason)}::text[], ${txt(checks.map((c) => c.turn))}::text[]::int[],
                  ${checks.map((c) => String(c.hard ?? false))}::text[]::bool[], ${checks.map((c) => String(c.weight ?? 1))}::text[]::float8[],
                  ${checks.map((c) => c.source)}::text[], ${txt(checks.map((c) => (detailsOf(c) === undefined ? null : JSON.stringify(detailsOf(c)))))}::text[])
        as v(run_id, task_key, check_id, type, outcome, score, reason, turn, hard, weight, source, details)
      on conflict (run_id, task_key, check_id) do update set outcome = excluded.outcome, score = excluded.score,
        reason = excluded.reason, turn = excluded.turn, hard = excluded.hard, weight = excluded.weight, source = excluded.source,
        details = excluded.details, created_at = now()
      returning 1
    )
    insert into case_results (run_id, task_key, set_id, case_id, tender_id, family, repeat_index, tags, outcome, score, reason,
      answer_signature, tool_signature, pending_llm, latency_ms)
    select v.run_id, v.task_key, v.set_id, v.case_id, v.tender_id, v.family, v.repeat_index,
      array(select jsonb_array_elements_text(v.tags::jsonb)), v.outcome, v.score, v.reason, v.answer_signature, v.tool_signature,
      v.pending_llm, v.latency_ms
    from unnest(${cs.map((c) => c.runId)}::text[], ${cs.map((c) => c.taskKey)}::text[], ${cs.map((c) => c.setId)}::text[],
                ${cs.map((c) => c.caseId)}::text[], ${txt(cs.map((c) => c.tenderId))}::text[], ${txt(cs.map((c) => c.family))}::text[],
                ${cs.map((c) => c.repeatIndex)}::int[], ${cs.map((c) => JSON.stringify(c.tags))}::text[], ${cs.map((c) => c.outcome)}::text[],
                ${txt(cs.map((c) => c.score))}::text[]::float8[], ${cs.map((c) => c.reason)}::text[], ${txt(cs.map((c) => c.answerSignature))}::text[],
                ${txt(cs.map((c) => c.toolSignature))}::text[], ${cs.map((c) => String(c.pendingLlm))}::text[]::bool[],
                ${txt(cs.map((c) => (c.latencyMs === undefined ? null : Math.round(c.latencyMs))))}::text[]::int[])
      as v(run_id, task_key, set_id, case_id, tender_id, family, repeat_index, tags, outcome, score, reason, answer_signature,
           tool_signature, pending_llm, latency_ms)
    on conflict (run_id, task_key) do update set outcome = excluded.outcome, score = excluded.score, reason = excluded.reason,
      answer_signature = excluded.answer_signature, tool_signature = excluded.tool_signature, pending_llm = excluded.pending_llm,
      latency_ms = excluded.latency_ms, updated_at = now()`;
}

/** How long a finished case waits for others to share its write (the conversations of a batch end together). */
const LINGER_MS = 20;
const writers = new WeakMap<Sql, GroupCommit<CaseOutcome, void>>();

/** Stores a played case together with the others finishing at the same time (group commit); resolves once durable. */
export function saveCaseOutcome(sql: Sql, outcome: CaseOutcome): Promise<void> {
  let w = writers.get(sql);
  if (!w) {
    w = new GroupCommit<CaseOutcome, void>(async (items) => {
      await saveCaseOutcomes(sql, items);
      return items.map(() => undefined);
    }, { maxBatch: 200, lingerMs: LINGER_MS });
    writers.set(sql, w);
  }
  return w.push(outcome);
}
