/**
 * bench:e2e compares vaglio and promptfoo on "the same cases with the same checks": this pins that down —
 * both configs hold the same questions, the stand-in's answer passes vaglio's three checks, a wrong answer
 * fails them, and promptfoo's asserts are the same three tests.
 */
import { describe, expect, it } from 'vitest';
import { testSetSchema } from '../../shared/scenarios/schema.ts';
import { caseChecks, caseTurns } from '../../shared/scenarios/index.ts';
import { runChecks } from '../../shared/checks/index.ts';
import { answerFor, bareChecksPass, promptfooConfig, vaglioSet } from '../../bench/support/cases.ts';

async function outcomes(question: string, answer: string): Promise<string[]> {
  const set = testSetSchema.parse(vaglioSet(3));
  const results = await runChecks(caseChecks(set, set.cases[0]!), {
    transcript: { turns: [{ index: 0, user: question, assistant: answer, toolCalls: [], latencyMs: 50 }] },
    vars: {},
  });
  return results.map((r) => r.outcome);
}

describe('bench:e2e cases', () => {
  it('gives both tools the same questions', () => {
    const set = testSetSchema.parse(vaglioSet(50));
    const pf = promptfooConfig(50, 'http://127.0.0.1:1/chat') as { tests: { vars: { question: string } }[] };
    expect(pf.tests.map((t) => t.vars.question)).toEqual(set.cases.map((c) => caseTurns(c)[0]));
  });

  it("passes every check on the stand-in's answer and fails them on a wrong one", async () => {
    const q = vaglioSet(8).cases[7]!.input as string;
    expect(await outcomes(q, answerFor(q))).toEqual(['pass', 'pass', 'pass']);
    expect(await outcomes(q, 'Non ho capito, il bando scade il 3 marzo.')).toEqual(['fail', 'fail', 'fail']);
  });

  it('expresses the same three checks as promptfoo asserts', () => {
    const pf = promptfooConfig(1, 'http://127.0.0.1:1/chat') as { defaultTest: { assert: { type: string; value: string }[] } };
    const set = testSetSchema.parse(vaglioSet(1));
    const ours = caseChecks(set, set.cases[0]!).map((c) => [c.type, 'value' in c ? c.value : 'pattern' in c ? c.pattern : undefined]);
    expect(ours).toEqual([
      ['contains', pf.defaultTest.assert[0]!.value],
      ['regex', pf.defaultTest.assert[1]!.value],
      ['not-contains', pf.defaultTest.assert[2]!.value],
    ]);
    expect(pf.defaultTest.assert.map((a) => a.type)).toEqual(['icontains', 'regex', 'not-icontains']);
  });

  it("agrees with vaglio's checks in the floor's plain-code version", async () => {
    const q = vaglioSet(12).cases[11]!.input as string;
    const answers = [
      answerFor(q),
      answerFor(q).toUpperCase(),
      'Il bando scade il 31 gennaio 2027.',
      `${answerFor(q)} Non ho capito la domanda.`,
      'Rif. INPA-2026-000011, scadenza 31 Gennaio 2027',
    ];
    for (const a of answers) {
      const vaglio = (await outcomes(q, a)).every((o) => o === 'pass');
      expect(bareChecksPass(a), a).toBe(vaglio);
    }
    expect(bareChecksPass(answerFor(q))).toBe(true);
    expect(bareChecksPass('Il bando scade il 31 gennaio 2027.')).toBe(false);
  });
});
