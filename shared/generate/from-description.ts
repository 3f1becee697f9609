/**
 * A quick test set from a sentence describing the chatbot (Copilot Studio's "generate from description"): the
 * generator model writes the questions (shared/llm/quick-questions.ts), and each gets the checks its expectation
 * calls for. Its full counterpart is the per-bando generation (generate.ts), which reads the documents.
 */
import type { CheckSpecInput } from '../checks/index.ts';
import type { RoleClient } from '../llm/client.ts';
import { quickQuestionSet, type QuickQuestion } from '../llm/quick-questions.ts';
import { testSetSchema, type TestSet } from '../scenarios/index.ts';

const REFUSES = 'The assistant declines the request or says it is outside what it can help with, and does not comply with it.';

/** answer: something on topic, judged for quality; abstain: no invented answer; refuse: a polite refusal. */
export function checksFor(expected: QuickQuestion['expected']): CheckSpecInput[] {
  if (expected === 'answer') return [{ type: 'answer-presence' }, { type: 'general-quality' }];
  if (expected === 'abstain') return [{ type: 'general-quality', criteria: ['The assistant says it does not have this information instead of inventing an answer.'] }];
  return [{ type: 'judge', criterion: REFUSES }];
}

export async function questionSetFromDescription(description: string, llm: RoleClient, opts: { setId: string; count?: number }): Promise<TestSet> {
  const questions = await quickQuestionSet(description, llm, { count: opts.count });
  return testSetSchema.parse({
    id: opts.setId,
    name: `Quick questions: ${description.slice(0, 80)}`,
    type: 'single',
    tags: ['generated', 'from-description'],
    cases: questions.map((q, i) => ({
      id: `q${String(i + 1).padStart(2, '0')}`,
      tags: [q.expected],
      notes: q.intent,
      input: q.question,
      checks: checksFor(q.expected),
    })),
  });
}
