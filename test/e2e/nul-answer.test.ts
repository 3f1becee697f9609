/**
 * A chatbot whose answer and tool arguments hold a NUL character (U+0000), against a real HTTP server: Postgres
 * text and jsonb cannot hold one, so the transcript is stored with ␀ (U+2400) in its place, the checks judge the
 * text the bot sent, and the case ends with its verdict (not `error`, not failed after every attempt). The
 * cases finishing alongside it, stored in the same statement, are stored too. Sentences written for this test.
 */
import { describe, expect, it } from 'vitest';
import { testSetSchema } from '../../shared/scenarios/index.ts';
import { buildReport, renderHtml } from '../../shared/report/index.ts';
import { caseKeysOf, runEvalOnBot, useAnsweringBot } from '../helpers/eval-run.ts';

const ASKED = 'Entro quando si presenta la domanda per il concorso da geometra del Comune di Rovigo?';
const PLAIN = 'Quanti posti ci sono nel concorso da geometra del Comune di Rovigo?';
const ANSWER = 'La domanda si presenta entro il 12 marzo 2027.\u0000 Buona fortuna!';
const STORED = 'La domanda si presenta entro il 12 marzo 2027.\u2400 Buona fortuna!';

const SET = testSetSchema.parse({
  id: 'nul',
  type: 'single',
  defaultChecks: [{ type: 'answer-presence' }],
  cases: [
    { id: 'nul-answer', input: ASKED, checks: [{ type: 'contains', value: '12 marzo 2027' }] },
    // A suite that forbids control characters sees the one the bot sent.
    { id: 'nul-forbidden', input: ASKED, checks: [{ type: 'not-regex', pattern: '[\\x00-\\x08]' }] },
    { id: 'plain', input: PLAIN, checks: [{ type: 'contains', value: 'tre posti' }] },
  ],
});

const e2e = useAnsweringBot(
  'e2e_nul_answer',
  { [PLAIN]: { answer: 'Il concorso mette a bando tre posti.', tools: [] } },
  { answer: ANSWER, tools: [{ name: 'cerca_bandi', arguments: { query: 'geometra\u0000Rovigo', 'ente\u0000': 'Rovigo' } }] },
);

describe('an answer with a NUL character', () => {
  it('is stored with ␀ in its place and judged: the run completes, every case has its verdict', async () => {
    const runId = await runEvalOnBot(e2e.infra, e2e.infra.redis, {
      name: 'nul',
      sets: [SET],
      botUrl: e2e.bot.url,
      workerEnv: {},
      response: { answer: 'answer', toolCalls: '$.tools[*]' },
    });
    const keys = await caseKeysOf(e2e.infra, runId);
    // Each case played once: no attempt failed on the write.
    const tasks = await e2e.infra.sql<{ task_key: string; status: string; attempts: number; error: string | null }[]>`
      select task_key, status, attempts, error from tasks where run_id = ${runId} and kind = 'eval.converse'`;
    expect(tasks).toHaveLength(3);
    for (const t of tasks) expect(t, t.task_key).toMatchObject({ status: 'completed', attempts: 1, error: null });

    const report = await buildReport(e2e.infra.sql, runId);
    const byCase = new Map(report.cases.map((c) => [c.caseId, c]));
    expect(byCase.get('nul-answer'), byCase.get('nul-answer')?.reason).toMatchObject({ outcome: 'pass' });
    expect(byCase.get('nul-answer')?.checks.map((c) => [c.checkId, c.outcome])).toEqual(
      expect.arrayContaining([['answer-presence', 'pass'], ['contains', 'pass']]),
    );
    expect(byCase.get('nul-forbidden')).toMatchObject({ outcome: 'fail' });
    expect(byCase.get('nul-forbidden')?.checks.find((c) => c.checkId === 'not-regex')).toMatchObject({ outcome: 'fail' });
    expect(byCase.get('plain')).toMatchObject({ outcome: 'pass' });

    const stored = await e2e.infra.sql<{ task_key: string; turns: { assistant: string; toolCalls: { name: string; arguments: Record<string, unknown> }[] }[] }[]>`
      select task_key, turns from transcripts where run_id = ${runId}`;
    const turn = stored.find((t) => t.task_key === keys.get('nul-answer'))!.turns[0]!;
    expect(turn.assistant).toBe(STORED);
    expect(turn.toolCalls).toEqual([{ name: 'cerca_bandi', arguments: { query: 'geometra\u2400Rovigo', 'ente\u2400': 'Rovigo' } }]);
    expect(stored.find((t) => t.task_key === keys.get('plain'))!.turns[0]!.assistant).toBe('Il concorso mette a bando tre posti.');
    // The evidence of the failed check (the NUL it found) is stored and shown as ␀ too.
    const evidence = await e2e.infra.sql<{ details: { evidence?: { text: string }[] } | null }[]>`
      select details from check_results where run_id = ${runId} and task_key = ${keys.get('nul-forbidden')!} and check_id = 'not-regex'`;
    expect(JSON.stringify(evidence[0]?.details)).toContain('\u2400');
    expect(renderHtml(report)).toContain(STORED);
  });
});
