import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../shared/scenarios/errors.ts';
import { exportJsonEvalSet, importJsonEvalSet, type EvalItem } from '../../shared/scenarios/eval-set.ts';
import { parseScenarioText } from '../../shared/scenarios/load.ts';

const items: EvalItem[] = [
  { id: 'e1', input: 'Quanti posti ci sono?', expected: { type: 'exact', value: '5' }, tags: ['posti'] },
  { id: 'e2', input: 'Dove si presenta la domanda?', expected: { type: 'contains', value: 'inPA' }, notes: 'portale unico' },
  { id: 'e3', input: 'Dammi il bando in JSON', expected: { type: 'schema', schema: { type: 'object', required: ['id'] } } },
  { id: 'e4', input: 'Riassumi il bando', expected: { type: 'judge', criterion: 'cita la scadenza' } },
];
const opts = { fileName: 'eval.json', setId: 'eval' };

describe('JSON eval set', () => {
  it('imports each expectation as its check', () => {
    const set = importJsonEvalSet(JSON.stringify(items), opts);
    expect(set.cases.map((c) => c.checks.map((x) => x.type))).toEqual([['equals'], ['contains'], ['json-schema'], ['judge']]);
    expect(set.cases[0]).toMatchObject({ expected: '5', tags: ['posti'] });
    expect(set.cases[1]?.notes).toBe('portale unico');
  });

  it('round-trips items through a test set', () => {
    expect(exportJsonEvalSet(importJsonEvalSet(JSON.stringify(items), opts))).toEqual(items);
  });

  it('round-trips through YAML scenario export', async () => {
    const { exportScenarioYaml } = await import('../../shared/scenarios/yaml-export.ts');
    const set = importJsonEvalSet(JSON.stringify(items), opts);
    expect(exportJsonEvalSet(parseScenarioText(exportScenarioYaml(set), 'x')[0]!)).toEqual(items);
  });

  it('names line and field of bad items', () => {
    const text = JSON.stringify([items[0], { id: 'bad', input: 'x', expected: { type: 'regex', value: 'y' } }, { id: 'e1', input: 'y', expected: { type: 'schema', schema: { type: 'nope' } } }], null, 2);
    try {
      importJsonEvalSet(text, opts);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ScenarioError);
      const problems = (err as ScenarioError).problems;
      expect(problems[0]).toMatchObject({ file: 'eval.json', path: '[1].expected.type' });
      expect(problems[0]?.line).toBe(text.split('\n').findIndex((l) => l.includes('"regex"')) + 1);
    }
    const dupAndSchema = JSON.stringify([items[0], { ...items[2], id: 'e1', expected: { type: 'schema', schema: { type: 'nope' } } }], null, 2);
    const problems = (() => {
      try {
        importJsonEvalSet(dupAndSchema, opts);
      } catch (err) {
        return (err as ScenarioError).problems;
      }
    })();
    expect(problems?.map((p) => p.path)).toEqual(['[1].expected', '[1].id']);
    expect(problems?.[0]?.message).toMatch(/invalid JSON schema/);
  });

  it('refuses broken JSON with its line', () => {
    expect(() => importJsonEvalSet('[\n{"id": "a",\n "input": }\n]', opts)).toThrow(/eval\.json:3/);
  });

  it('refuses to export cases the format cannot express', () => {
    const [set] = parseScenarioText('id: s\ntype: single\ncases: [{id: a, input: x, checks: [{type: answer-presence}]}]\n', 'x');
    expect(() => set && exportJsonEvalSet(set)).toThrow(/cannot be exported: a/);
  });
});
