/**
 * The two summaries stored as one jsonb value, a run's report (`reports`) and a mutation run (`mutation_runs`),
 * go through `storable` like the other writes of text others produced: a NUL (U+0000), which jsonb refuses, in a
 * quoted answer or a check's reason is stored as ␀ instead of failing the write and losing the summary. Today
 * their text is read back from Postgres, which holds no NUL; these guard the write itself. Sentences written for
 * this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { computeSummary, saveSummary, type FailedCase } from '../../shared/eval/summary.ts';
import { getMutationRun, saveMutationRun } from '../../shared/mutate/store.ts';
import type { MutationSummary } from '../../shared/mutate/report.ts';

let infra: TestInfra;
const runId = 'run-nul-summaries';

beforeAll(async () => {
  infra = await createTestInfra('nul_summaries');
  await infra.sql`insert into runs (id, name, plan, status, spec) values (${runId}, 'nul', 'eval', 'completed', '{}'::jsonb)`;
});
afterAll(async () => {
  await infra?.teardown();
});

describe('a NUL in a stored summary', () => {
  it("a run's report: stored and read back with ␀", async () => {
    const failure: FailedCase = {
      taskKey: 'c1', setId: 's', caseId: 'c1', tenderId: null, family: null, outcome: 'fail', regression: false,
      reason: 'la risposta cita "Scadenza:\u0000 12 marzo"', failedChecks: [{ checkId: 'k', type: 'contains', outcome: 'fail', reason: 'manca\u0000 la data' }],
    };
    const summary = { ...(await computeSummary(infra.sql, runId)), failures: [failure] };
    await saveSummary(infra.sql, summary);
    const [row] = await infra.sql<{ summary: { failures: FailedCase[] } }[]>`select summary from reports where run_id = ${runId}`;
    expect(row?.summary.failures[0]).toMatchObject({ reason: 'la risposta cita "Scadenza:\u2400 12 marzo"', failedChecks: [{ reason: 'manca\u2400 la data' }] });
  });

  it('a mutation run: stored and read back with ␀', async () => {
    const summary: MutationSummary = {
      sourceRunId: runId, subjects: 1, mutants: 1, killed: 0, survived: 1, notApplicable: 0, score: 0, overallScore: 0,
      byOperator: { 'drop-date': { killed: 0, survived: 1, notApplicable: 0, score: 0, description: 'toglie la data' } },
      bySet: { s: { killed: 0, survived: 1, notApplicable: 0, score: 0 } },
      survivors: [{ operator: 'drop-date', taskKey: 'c1', setId: 's', family: null, shouldHaveCaught: 'no check covers this', detail: 'tolto "12 marzo\u0000": the suite says pass' }],
      suggestions: [], llmNotExercised: 0,
    };
    await saveMutationRun(infra.db, 'mut-nul', ['drop-date'], summary);
    const row = await getMutationRun(infra.db, 'mut-nul');
    expect((row?.summary as MutationSummary).survivors[0]?.detail).toBe('tolto "12 marzo\u2400": the suite says pass');
    expect(row).toMatchObject({ survived: 1, score: 0 });
  });
});
