/**
 * Regression capture: every production bug becomes a case, and the bug is not closed until the case is green.
 * A failing conversation from a run — or one reported by a user through the API — becomes a scenario case
 * that replays its user turns with the checks it must pass.
 */
import { z } from 'zod';
import { existsSync } from 'node:fs';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../db/client.ts';
import { caseResults, checkResults, tasks } from '../db/schema/index.ts';
import { casePayloadSchema, checkListSchema } from './payloads.ts';
import { SharedValues } from '../engine/shared-values.ts';
import { exportScenarioYaml, loadScenarioFile, testSetSchema, type TestSet } from '../scenarios/index.ts';
import { NotFoundError } from '../engine/errors.ts';
import type { CheckSpecInput } from '../checks/index.ts';
import { TOOL_ROLES } from '../targets/roles.ts';

type CaseInput = TestSet['cases'][number];

const slug = (s: string) => s.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'case';

/** A case replaying a run's conversation with the checks it was given (the failing ones first). */
export async function regressionFromRun(sql: Sql, runId: string, taskKey: string): Promise<{ setType: 'single' | 'conversation'; case: CaseInput }> {
  const db = drizzleOf(sql);
  const row = (
    await db
      .select({ payload: tasks.payload, reason: caseResults.reason })
      .from(tasks)
      .leftJoin(caseResults, and(eq(caseResults.runId, tasks.runId), eq(caseResults.taskKey, tasks.taskKey)))
      .where(and(eq(tasks.runId, runId), eq(tasks.taskKey, taskKey), eq(tasks.kind, 'eval.converse')))
  )[0];
  if (!row) throw new NotFoundError(`conversation ${taskKey} in run ${runId}`);
  const p = casePayloadSchema.parse(row.payload);
  const k = checkResults;
  const failed = new Set(
    (await db.select({ checkId: k.checkId }).from(k).where(and(eq(k.runId, runId), eq(k.taskKey, taskKey), inArray(k.outcome, ['fail', 'error'])))).map((r) => r.checkId),
  );
  const input = p.setType === 'single' ? p.turns[0]! : { turns: p.turns.map((user) => ({ user })) };
  const checks = (await new SharedValues(sql).resolve(runId, p.checks, checkListSchema)).map((c) => {
    const { turn, ...rest } = c as CheckSpecInput & { turn?: unknown };
    return (p.setType === 'conversation' ? { ...rest, turn } : rest) as CheckSpecInput;
  });
  return {
    setType: p.setType,
    case: {
      id: `reg-${slug(p.caseId)}-${runId.slice(-8)}`,
      tags: ['regression', ...(p.tenderId ? [p.tenderId] : [])],
      notes: `captured from run ${runId} (${taskKey}); failed: ${[...failed].join(', ') || 'none'}; reason: ${row.reason ?? ''}`,
      input,
      expected: p.expected,
      vars: p.vars,
      checks,
    } as unknown as CaseInput,
  };
}

export const feedbackSchema = z.object({
  /** The user's turns, in order. */
  turns: z.array(z.string().min(1)).min(1).max(50),
  /** What the assistant should have answered (optional). */
  expected: z.string().min(1).optional(),
  note: z.string().max(4000).optional(),
  tenderId: z.string().regex(/^[A-Za-z0-9_.-]+$/).optional(),
  /** Tools the answer must use, by name. */
  requiredTools: z.array(z.string().min(1)).default([]),
  /**
   * Tools the answer must use, by the role they play for the target (roles.ts): resolved against the roles of
   * the target the case is replayed on. The tender role, with `tenderId`, must read that bando.
   */
  requiredRoles: z.array(z.enum(TOOL_ROLES)).default([]),
});

/** A case from user feedback posted to the API. */
export function regressionFromFeedback(f: z.output<typeof feedbackSchema>, id: string): { setType: 'single' | 'conversation'; case: CaseInput } {
  const checks: CheckSpecInput[] = [{ type: 'answer-presence' }];
  if (f.requiredTools.length || f.requiredRoles.length) {
    const roles = f.requiredRoles.map((role) => (role === 'tender' && f.tenderId ? { role, args: { id: { equals: '{{tenderId}}' } } } : { role }));
    checks.push({ type: 'tool-use', hard: true, tools: [...f.requiredTools, ...roles] });
  }
  if (f.expected) checks.push({ type: 'compare-meaning' } as CheckSpecInput);
  const conv = f.turns.length > 1;
  return {
    setType: conv ? 'conversation' : 'single',
    case: {
      id,
      tags: ['regression', 'feedback'],
      notes: f.note ?? 'reported by a user',
      input: conv ? { turns: f.turns.map((user) => ({ user })) } : f.turns[0]!,
      expected: f.expected,
      vars: f.tenderId ? { tenderId: f.tenderId } : undefined,
      checks: conv ? checks.filter((c) => c.type !== 'compare-meaning') : checks,
    } as unknown as CaseInput,
  };
}

/** A one-case set as YAML (for download), or appended to a regression scenario file (created if missing). */
export async function writeRegression(c: { setType: 'single' | 'conversation'; case: CaseInput }, file?: string): Promise<string> {
  const setId = `regressions-${c.setType}`;
  let set: TestSet;
  if (file && existsSync(file)) {
    const sets = await loadScenarioFile(file);
    const existing = sets.find((s) => s.type === c.setType) ?? sets[0];
    if (!existing || existing.type !== c.setType) throw new Error(`${file}: holds no ${c.setType} set to append to`);
    if (existing.cases.some((x) => x.id === c.case.id)) throw new Error(`${file}: already has case ${c.case.id}`);
    set = testSetSchema.parse({ ...existing, cases: [...existing.cases, c.case] });
  } else {
    set = testSetSchema.parse({ id: setId, name: 'Regressioni', type: c.setType, cases: [c.case] });
  }
  const yaml = exportScenarioYaml(set);
  if (file) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, yaml);
  }
  return yaml;
}

export async function readIfExists(file: string): Promise<string | undefined> {
  return existsSync(file) ? readFile(file, 'utf8') : undefined;
}
