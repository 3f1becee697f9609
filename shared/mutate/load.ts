/**
 * Reads what a mutation run needs from Postgres, once: the run's cases and scenarios (payloads with their
 * shared checks and target resolved), their transcripts and stored outcomes, and the run's tenders.
 * Drizzle is the query layer; the rows are streamed into plain objects, `raw` response bodies left out.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { caseResults, transcripts } from '../db/schema/eval.ts';
import { runs, tasks } from '../db/schema/engine.ts';
import { tenders } from '../db/schema/ingest.ts';
import { isSharedRef } from '../engine/shared-values.ts';
import { NotFoundError } from '../engine/errors.ts';
import { casePayloadSchema, checkListSchema } from '../eval/payloads.ts';
import { redteamPayloadSchema } from '../tasks/redteam.ts';
import { targetConfigSchema, type TargetConfig } from '../targets/index.ts';
import { OUTCOMES, transcriptSchema, type Outcome, type Transcript } from '../transcript.ts';
import { argAt } from './operators/common.ts';
import type { CorpusTender, MutationSubject } from './types.ts';

export interface LoadedRun {
  runId: string;
  name: string;
  subjects: MutationSubject[];
  target?: TargetConfig;
  corpus: CorpusTender[];
  today: string;
}

const isOutcome = (o: string): o is Outcome => (OUTCOMES as readonly string[]).includes(o);

function stripRaw(turns: unknown): Transcript['turns'] {
  return transcriptSchema.shape.turns.parse((turns as Record<string, unknown>[]).map(({ raw: _raw, ...t }) => t));
}

/** Every played case and scenario of a finished run, ready for mutation. */
export async function loadRunForMutation(db: Db, runId: string): Promise<LoadedRun> {
  const run = (await db.select({ id: runs.id, name: runs.name, shared: runs.shared, status: runs.status }).from(runs).where(eq(runs.id, runId)))[0];
  if (!run) throw new NotFoundError(`run ${runId}`);
  const rows = await db
    .select({ taskKey: tasks.taskKey, kind: tasks.kind, payload: tasks.payload, turns: transcripts.turns, sessionId: transcripts.sessionId, outcome: caseResults.outcome })
    .from(tasks)
    .innerJoin(transcripts, and(eq(transcripts.runId, tasks.runId), eq(transcripts.taskKey, tasks.taskKey)))
    .leftJoin(caseResults, and(eq(caseResults.runId, tasks.runId), eq(caseResults.taskKey, tasks.taskKey)))
    .where(and(eq(tasks.runId, runId), inArray(tasks.kind, ['eval.converse', 'eval.redteam'])))
    .orderBy(tasks.taskKey);

  // Shared values (check lists, the target) are parsed once each, not once per case.
  const sharedCache = new Map<string, unknown>();
  const resolve = <T>(value: unknown, parse: (v: unknown) => T): T => {
    if (!isSharedRef(value)) return parse(value);
    if (!sharedCache.has(value.$shared)) {
      if (!(value.$shared in run.shared)) throw new Error(`run ${runId} has no shared value "${value.$shared}"`);
      sharedCache.set(value.$shared, parse(run.shared[value.$shared]));
    }
    return sharedCache.get(value.$shared) as T;
  };
  const parseTarget = (v: unknown) => targetConfigSchema.parse(v);

  let target: TargetConfig | undefined;
  let today: string | undefined;
  const subjects: MutationSubject[] = [];
  for (const r of rows) {
    const transcript: Transcript = { sessionId: r.sessionId ?? undefined, turns: stripRaw(r.turns) };
    const storedOutcome: Outcome = r.outcome && isOutcome(r.outcome) ? r.outcome : 'invalid';
    if (r.kind === 'eval.converse') {
      const p = casePayloadSchema.parse(r.payload);
      target ??= resolve(p.target, parseTarget);
      today ??= p.today;
      subjects.push({
        kind: 'case',
        taskKey: r.taskKey,
        setId: p.setId,
        caseId: p.caseId,
        family: p.family ?? null,
        tenderId: p.tenderId ?? null,
        transcript,
        storedOutcome,
        checks: resolve(p.checks, (v) => checkListSchema.parse(v)),
        expected: p.expected,
        vars: { ...p.vars, ...(p.tenderId ? { tenderId: p.tenderId } : {}) },
        today: p.today,
        threshold: p.threshold,
      });
    } else {
      const p = redteamPayloadSchema.parse(r.payload);
      target ??= resolve(p.target, parseTarget);
      today ??= p.detectorOptions.today;
      subjects.push({
        kind: 'redteam',
        taskKey: r.taskKey,
        setId: 'redteam',
        caseId: p.scenario.id,
        family: p.scenario.branch ?? null,
        tenderId: null,
        transcript,
        storedOutcome,
        scenario: p.scenario,
        detectorOptions: p.detectorOptions,
      });
    }
  }
  const ids = [...new Set(subjects.map((s) => s.tenderId).filter((x): x is string => !!x))];
  const corpus: CorpusTender[] = ids.length
    ? (await db.select({ id: tenders.id, metadata: tenders.metadata }).from(tenders).where(inArray(tenders.id, ids))).map((t) => {
        const m = (t.metadata ?? {}) as { title?: unknown; deadline?: unknown; workLocations?: unknown };
        const regions = Array.isArray(m.workLocations)
          ? [...new Set(m.workLocations.map((l) => (l as { regione?: unknown } | null)?.regione).filter((r): r is string => typeof r === 'string'))]
          : [];
        return {
          id: t.id,
          title: typeof m.title === 'string' ? m.title : t.id,
          deadline: typeof m.deadline === 'string' ? m.deadline : undefined,
          ...(regions.length ? { regions } : {}),
        };
      })
    : [];
  // Suites written by hand have no ingested corpus: the bandi the chatbot looked up (tender role) stand in.
  const role = target?.roles?.tender;
  if (role) {
    const known = new Set(corpus.map((t) => t.id));
    for (const s of subjects) {
      for (const turn of s.transcript.turns) {
        for (const call of turn.toolCalls) {
          if (call.name !== role.tool) continue;
          const id = argAt(call.arguments, role.idArg);
          if (typeof id === 'string' && !known.has(id)) {
            known.add(id);
            corpus.push({ id, title: id });
          }
        }
      }
    }
  }
  corpus.sort((a, b) => a.id.localeCompare(b.id));
  return { runId, name: run.name, subjects, target, corpus, today: today ?? new Date().toISOString().slice(0, 10) };
}
