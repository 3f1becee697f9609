import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../shared/scenarios/errors.ts';
import { exportJsonEvalSet, importJsonEvalSet, type EvalItem } from '../../shared/scenarios/eval-set.ts';
import { loadScenarios, parseScenarioText } from '../../shared/scenarios/load.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const items: EvalItem[] = [
  { id: 'e1', input: 'Quanti posti ci sono?', expected: { type: 'exact', value: '5' }, tags: ['posti'] },
  { id: 'e2', input: 'Dove si presenta la domanda?', expected: { type: 'contains', value: 'inPA' }, notes: 'portale unico' },
  { id: 'e3', input: 'Dammi il bando in JSON', expected: { type: 'schema', schema: { type: 'object', required: ['id'] } } },
  { id: 'e4', input: 'Riassumi il bando', expected: { type: 'judge', criterion: 'cita la scadenza' } },
  { id: 'e5', input: 'Quali documenti servono?', expected: { type: 'contains', values: ['SPID', "carta d'identità"] } },
];
const opts = { fileName: 'eval.json', setId: 'eval' };

describe('JSON eval set', () => {
  it('imports each expectation as its check', () => {
    const set = importJsonEvalSet(JSON.stringify(items), opts);
    expect(set.cases.map((c) => c.checks.map((x) => x.type))).toEqual([['equals'], ['contains'], ['json-schema'], ['judge'], ['keywords']]);
    // values: every one must appear, as written.
    expect(set.cases[4]?.checks[0]).toMatchObject({ keywords: ['SPID', "carta d'identità"], mode: 'all', ignoreCase: false, ignoreAccents: false });
    expect(set.cases[0]).toMatchObject({ expected: '5', tags: ['posti'] });
    expect(set.cases[1]?.notes).toBe('portale unico');
  });

  it('vaglio run loads an eval-set JSON file, and a Copilot Studio CSV, as test sets (id from the file name)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vaglio-evalset-'));
    writeFileSync(path.join(dir, 'my evals.json'), JSON.stringify(items, null, 2));
    writeFileSync(path.join(dir, 'domande.csv'), '\uFEFFQuestion;Expected response\r\nQuando scade?;Il 31 gennaio\r\n');
    const sets = await loadScenarios([path.join(dir, 'my evals.json'), path.join(dir, 'domande.csv')]);
    expect(sets.map((s) => [s.id, s.cases.length])).toEqual([['my-evals', 5], ['domande', 1]]);
    // Both value and values is a mistake named at its item.
    writeFileSync(path.join(dir, 'bad.json'), JSON.stringify([{ id: 'x', input: 'y', expected: { type: 'contains', value: 'a', values: ['b'] } }], null, 2));
    await expect(loadScenarios([path.join(dir, 'bad.json')])).rejects.toThrow(/bad\.json:5:\d+ \[0\]\.expected: give value \(one text\) or values/);
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
