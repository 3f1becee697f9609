/**
 * Hostile scenario files and Copilot Studio CSVs: whatever the bytes, the loader answers with a valid
 * test set or a ScenarioError/CsvError naming the file (and line when there is one), never another exception.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { CsvError, importCopilotStudio, parseScenarioText, ScenarioError } from '../../shared/scenarios/index.ts';
import { FUZZ_RUNS, FUZZ_TEST_TIMEOUT_MS, fuzzParams } from './budget.ts';

const FILE = 'fuzz/cases.yaml';

function expectScenarioOutcome(run: () => unknown, file: string): 'valid' | 'error' {
  try {
    run();
    return 'valid';
  } catch (err) {
    if (!(err instanceof ScenarioError || err instanceof CsvError)) throw err;
    if (err instanceof ScenarioError) {
      expect(err.problems.length).toBeGreaterThan(0);
      for (const p of err.problems) expect(p.file).toBe(file);
      expect(err.message).toContain(file);
    }
    return 'error';
  }
}

const VALID = {
  id: 'bandi',
  type: 'single',
  defaultChecks: [{ type: 'answer-presence' }],
  cases: [
    { id: 'scadenza', input: 'Quando scade il bando?', checks: [{ type: 'contains', value: '15 gennaio' }] },
    { id: 'posti', input: 'Quanti posti?', checks: [{ type: 'fact-match', value: '2027-01-15' }], tags: ['x'] },
  ],
};

// A valid scenario with one field replaced, removed or retyped anywhere in the tree.
const junk = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean(), fc.array(fc.string(), { maxLength: 3 }), fc.object({ maxDepth: 1 }));
const mutated = fc.tuple(fc.nat(), fc.nat(), junk, fc.boolean()).map(([a, b, value, remove]) => {
  const copy = structuredClone(VALID) as unknown as Record<string, unknown>;
  const nodes: Array<[Record<string, unknown> | unknown[], string | number]> = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach((x, i) => (nodes.push([v, i]), visit(x)));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        nodes.push([v as Record<string, unknown>, k]);
        visit(x);
      }
    }
  };
  visit(copy);
  const [parent, key] = nodes[a % nodes.length]!;
  if (remove && !Array.isArray(parent)) delete parent[key as string];
  else (parent as Record<string | number, unknown>)[key] = value;
  return b % 2 === 0 ? stringify(copy) : JSON.stringify(copy, null, 2);
});

const yamlish = fc
  .array(fc.oneof(fc.constantFrom('id: ', 'type: ', 'cases:\n', '  - ', 'input: ', '{', '}', '[', ']', ': ', '"', "'", '\n', '  ', '&a ', '*a', '!!binary ', '<<: ', '---\n', '#'), fc.string({ maxLength: 8 })), { maxLength: 30 })
  .map((parts) => parts.join(''));

describe('fuzzing scenario files', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it(`parseScenarioText: ${FUZZ_RUNS} random and YAML-ish texts → sets or ScenarioError`, () => {
    const seen = { n: 0 };
    const tally = { valid: 0, error: 0 };
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), yamlish, fc.json()), (text) => {
        tally[expectScenarioOutcome(() => parseScenarioText(text, FILE), FILE)]++;
      }),
      fuzzParams(seen),
    );
    expect(seen.n).toBe(FUZZ_RUNS);
    expect(tally.error).toBeGreaterThan(0);
  });

  it(`parseScenarioText: ${FUZZ_RUNS} mutated valid scenarios → sets or ScenarioError with a line`, () => {
    expect(parseScenarioText(stringify(VALID), FILE)).toHaveLength(1);
    const seen = { n: 0 };
    const tally = { valid: 0, error: 0, withLine: 0 };
    fc.assert(
      fc.property(mutated, (text) => {
        try {
          parseScenarioText(text, FILE);
          tally.valid++;
        } catch (err) {
          if (!(err instanceof ScenarioError)) throw err;
          for (const p of err.problems) expect(p.file).toBe(FILE);
          tally.error++;
          if (err.problems.some((p) => p.line !== undefined)) tally.withLine++;
        }
      }),
      fuzzParams(seen),
    );
    expect(seen.n).toBe(FUZZ_RUNS);
    // Both branches are exercised, and a bad field inside a real file is located to its line.
    expect(tally.valid).toBeGreaterThan(0);
    expect(tally.error).toBeGreaterThan(0);
    expect(tally.withLine).toBe(tally.error);
  });

  it(`importCopilotStudio: ${FUZZ_RUNS} random byte arrays and CSV-ish strings → a set or a located error`, () => {
    const csvish = fc
      .array(fc.oneof(fc.constantFrom('Question', 'Expected response', ',', '"', '""', '\n', '\r\n', '\r', 'Quando scade?', '\uFEFF'), fc.string({ maxLength: 6 })), { maxLength: 25 })
      .map((p) => p.join(''));
    const seen = { n: 0 };
    const tally = { valid: 0, error: 0 };
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 200 }), csvish, csvish.map((s) => `Question,Expected response\n${s}`)), (content) => {
        tally[expectScenarioOutcome(() => importCopilotStudio(content, { fileName: 'copilot.csv', setId: 'copilot' }), 'copilot.csv')]++;
      }),
      fuzzParams(seen),
    );
    expect(seen.n).toBe(FUZZ_RUNS);
    expect(tally.valid).toBeGreaterThan(0);
    expect(tally.error).toBeGreaterThan(0);
  });
});
