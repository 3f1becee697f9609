/** The same N single-turn cases and deterministic checks, as a vaglio test set and as promptfoo tests. */
import type { TestSetInput } from '../../shared/scenarios/schema.ts';

export const question = (i: number) => `Entro quando scade il bando #${i}?`;

/** The target stand-in's deterministic answer: every check below passes on it. */
export function answerFor(message: string): string {
  const n = /#(\d+)/.exec(message)?.[1] ?? '0';
  return `Il bando numero ${n} scade il 31 gennaio 2027. Requisito: diploma. Rif. INPA-2026-${n.padStart(6, '0')}.`;
}

export function vaglioSet(n: number, id = 'bench'): TestSetInput {
  return {
    id,
    type: 'single',
    defaultChecks: [
      { type: 'contains', value: '31 gennaio 2027', ignoreCase: true },
      { type: 'regex', pattern: 'INPA-2026-\\d{6}' },
      { type: 'not-contains', value: 'non ho capito', ignoreCase: true },
    ],
    cases: Array.from({ length: n }, (_, i) => ({ id: `c${i}`, input: question(i) })),
  };
}

/** The same three checks in plain code, for the floor of bench:e2e (bench/support/bare-loop.ts). */
export function bareChecksPass(answer: string): boolean {
  const lower = answer.toLowerCase();
  return lower.includes('31 gennaio 2027') && /INPA-2026-\d{6}/.test(answer) && !lower.includes('non ho capito');
}

/** A promptfoo config (JSON) with its HTTP provider pointed at the same target. */
export function promptfooConfig(n: number, targetUrl: string): Record<string, unknown> {
  return {
    description: 'vaglio bench:e2e',
    prompts: ['{{question}}'],
    providers: [
      {
        id: targetUrl,
        config: { method: 'POST', headers: { 'content-type': 'application/json' }, body: { message: '{{prompt}}' }, transformResponse: 'json.answer' },
      },
    ],
    defaultTest: {
      assert: [
        { type: 'icontains', value: '31 gennaio 2027' },
        { type: 'regex', value: 'INPA-2026-\\d{6}' },
        { type: 'not-icontains', value: 'non ho capito' },
      ],
    },
    tests: Array.from({ length: n }, (_, i) => ({ vars: { question: question(i) } })),
  };
}
