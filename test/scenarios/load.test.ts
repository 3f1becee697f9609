import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseChecks } from '../../shared/scenarios/case-checks.ts';
import { ScenarioError } from '../../shared/scenarios/errors.ts';
import { loadScenarioFile, loadScenarios, parseScenarioText } from '../../shared/scenarios/load.ts';
import { exportScenarioYaml } from '../../shared/scenarios/yaml-export.ts';

function problemsOf(text: string, file = 'scenarios/x.yaml') {
  try {
    parseScenarioText(text, file);
  } catch (err) {
    expect(err).toBeInstanceOf(ScenarioError);
    return (err as ScenarioError).problems;
  }
  throw new Error('expected a ScenarioError');
}

const valid = `id: scadenze
type: single
cases:
  - id: q1
    input: Quando scade il bando?
    expected: 31 gennaio 2027
    checks:
      - type: fact-match
`;

describe('parseScenarioText', () => {
  it('loads a valid set with defaults applied', () => {
    const [set] = parseScenarioText(valid, 'x.yaml');
    expect(set).toMatchObject({ id: 'scadenze', threshold: 1, defaultChecks: [] });
    expect(set?.cases[0]?.checks[0]).toMatchObject({ type: 'fact-match', weight: 1, hard: false, turn: 'last', kind: 'auto' });
  });

  it('names file, line, column and field for an unknown check type', () => {
    const text = valid.replace('type: fact-match', 'type: contanis');
    const err = (() => {
      try {
        parseScenarioText(text, 'scenarios/x.yaml');
      } catch (e) {
        return e as ScenarioError;
      }
    })();
    expect(err?.message).toBe('scenarios/x.yaml:8:15 cases[0].checks[0].type: unknown check type "contanis" (did you mean "contains"?)');
  });

  it('collects every problem of a file, in line order', () => {
    const problems = problemsOf(`id: bad id
type: single
threshold: 2
cases:
  - id: a
    input: ciao
    checks:
      - type: regex
        pattern: "("
      - type: contains
        valeu: x
  - id: a
    input: ciao
`);
    expect(problems.map((p) => [p.line, p.path])).toEqual([
      [1, 'id'],
      [3, 'threshold'],
      [9, 'cases[0].checks[0].pattern'],
      [11, 'cases[0].checks[1].valeu'],
      [12, 'cases[1].id'],
    ]);
    expect(problems[3]?.message).toBe('unknown field "valeu"');
    expect(problems[4]?.message).toContain('duplicate case id "a"');
  });

  it('points a missing field at its parent', () => {
    const problems = problemsOf('id: s\ntype: single\ncases:\n  - input: ciao\n');
    expect(problems).toEqual([expect.objectContaining({ line: 4, path: 'cases[0].id', message: 'is required' })]);
  });

  it('reports YAML syntax errors with their line', () => {
    const problems = problemsOf('id: s\ntype: single\ncases:\n  - id: [unclosed\n');
    expect(problems[0]?.line).toBeGreaterThanOrEqual(4);
    expect(problems[0]?.path).toBe('');
  });

  it('reads JSON with line numbers too', () => {
    const json = JSON.stringify({ id: 's', type: 'single', cases: [{ id: 'a', input: 'x', checks: [{ type: 'nope' }] }] }, null, 2);
    const problems = problemsOf(json, 'x.json');
    expect(problems[0]).toMatchObject({ file: 'x.json', line: 10, column: 19, path: 'cases[0].checks[0].type' });
  });

  it('accepts a list of sets and refuses duplicate set ids in it', () => {
    expect(parseScenarioText(`- ${valid.replace(/\n(?=.)/g, '\n  ')}`, 'x.yaml')).toHaveLength(1);
    const list = `- {id: a, type: single, cases: [{id: q, input: x}]}\n- {id: a, type: single, cases: [{id: q, input: y}]}\n`;
    expect(problemsOf(list)).toEqual([expect.objectContaining({ line: 2, path: '[1].id' })]);
  });

  it('reads numbers in expected and vars as text', () => {
    const [set] = parseScenarioText('id: s\ntype: single\ncases:\n  - {id: a, input: x, expected: 5, vars: {tenderId: 12345}}\n', 'x');
    expect(set?.cases[0]).toMatchObject({ expected: '5', vars: { tenderId: '12345' } });
  });

  it('refuses the wrong input shape for the set type', () => {
    expect(problemsOf('id: s\ntype: single\ncases:\n  - id: a\n    input: {turns: [{user: ciao}]}\n')[0]?.message).toContain('as text');
    expect(problemsOf('id: s\ntype: conversation\ncases:\n  - id: a\n    input: ciao\n')[0]?.message).toContain('turns');
  });

  it('refuses a NUL character (Postgres cannot store one) once per place, with its line, alongside other errors', () => {
    const text = valid.replace('input: Quando scade il bando?', 'input: "Quando scade\\0 il bando?"').replace('type: fact-match', 'type: contains\n        value: "31\\0 gennaio"') +
      '  - id: q2\n    input: "Altro\\0"\n    checks: [{ type: contanis }]\n';
    const nul = 'contains a NUL character (U+0000), which cannot be stored: remove it';
    expect(problemsOf(text).map((p) => `${p.line} ${p.path}: ${p.message}`)).toEqual([
      `5 cases[0].input: ${nul}`,
      `9 cases[0].checks[0].value: ${nul}`,
      `11 cases[1].input: ${nul}`,
      expect.stringMatching(/^12 cases\[1\]\.checks\[0\]\.type: /),
    ]);
  });

  it('refuses empty and non-set files', () => {
    expect(problemsOf('')[0]?.message).toBe('file holds no test set');
    expect(problemsOf('[]')[0]?.message).toBe('file holds no test set');
    expect(problemsOf('42')[0]?.message).toMatch(/expected object/);
  });
});

describe('conversation sets', () => {
  const convo = (check: string) => `id: c
type: conversation
cases:
  - id: a
    input:
      turns:
        - user: Cerco un concorso
          checks:
            - ${check}
`;

  it.each(['type: equals, value: x', 'type: regex, pattern: x', 'type: fact-match, value: 5', 'type: json-schema, schema: {}', 'type: judge, criterion: x', 'type: similarity, value: x'])(
    'refuses {%s} at load time',
    (check) => {
      const problems = problemsOf(convo(`{${check}}`));
      expect(problems).toEqual([
        expect.objectContaining({ line: 9, path: 'cases[0].input.turns[0].checks[0].type', message: expect.stringContaining('not allowed in a conversation set') }),
      ]);
    },
  );

  it.each(['type: contains, value: x', 'type: not-contains, value: x', 'type: keywords, keywords: [x]', 'type: tool-use, tools: [x]', 'type: general-quality', 'type: answer-presence', 'type: language, expected: it', 'type: latency, maxMs: 10', 'type: search-results, include: [x]'])(
    'accepts {%s}',
    (check) => {
      expect(parseScenarioText(convo(`{${check}}`), 'x')).toHaveLength(1);
    },
  );

  it('refuses disallowed default checks too, alongside other field errors', () => {
    const problems = problemsOf(`id: c
type: conversation
defaultChecks:
  - type: equals
    value: x
cases:
  - id: a
    input: {turns: [{user: ""}]}
`);
    expect(problems.map((p) => p.path)).toEqual(['defaultChecks[0].type', 'cases[0].input.turns[0].user']);
  });

  it('gives per-turn checks their turn', () => {
    const [set] = parseScenarioText(convo('{type: contains, value: x}'), 'x');
    expect(set && caseChecks(set, set.cases[0]!)).toEqual([expect.objectContaining({ type: 'contains', turn: 0 })]);
  });
});

describe('loadScenarios', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vaglio-scenarios-'));
    await mkdir(join(dir, 'sub'));
    await writeFile(join(dir, 'b.yaml'), valid.replace('id: scadenze', 'id: set-b'));
    await writeFile(join(dir, 'sub', 'a.yml'), valid.replace('id: scadenze', 'id: set-a'));
    await writeFile(join(dir, 'c.json'), JSON.stringify({ id: 'set-c', type: 'single', cases: [{ id: 'q', input: 'x' }] }));
    await writeFile(join(dir, 'notes.md'), 'not a scenario');
    await writeFile(join(dir, 'bom.yaml'), `\uFEFF${valid.replace('id: scadenze', 'id: set-bom')}`);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('walks directories recursively in sorted order, skipping other files', async () => {
    const sets = await loadScenarios([dir]);
    expect(sets.map((s) => s.id)).toEqual(['set-b', 'set-bom', 'set-c', 'set-a']);
  });

  it('refuses the same set id in two files, naming both', async () => {
    const copy = join(dir, 'copy', 'b-again.yaml');
    await mkdir(join(dir, 'copy'));
    await writeFile(copy, valid.replace('id: scadenze', 'id: set-b'));
    try {
      await expect(loadScenarios([dir])).rejects.toThrow(/duplicate test set id "set-b" \(also in .*b\.yaml\)/);
    } finally {
      await rm(join(dir, 'copy'), { recursive: true });
    }
  });

  it('collects problems from every file and names missing paths', async () => {
    const broken = join(dir, 'broken.yaml');
    await writeFile(broken, 'id: x\ntype: single\ncases: []\n');
    try {
      const err = await loadScenarios([dir, join(dir, 'missing.yaml')]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ScenarioError);
      const problems = (err as ScenarioError).problems;
      expect(problems).toEqual([
        expect.objectContaining({ file: join(dir, 'missing.yaml'), message: 'file not found' }),
        expect.objectContaining({ file: broken, line: 3, path: 'cases', message: 'give at least one case' }),
      ]);
    } finally {
      await rm(broken);
    }
  });

  it('refuses a file that is not UTF-8', async () => {
    const latin1 = join(dir, 'latin1.yaml');
    await writeFile(latin1, Buffer.from('id: perch\xe9\n', 'latin1'));
    try {
      await expect(loadScenarioFile(latin1)).rejects.toThrow(/not valid UTF-8/);
    } finally {
      await rm(latin1);
    }
  });

  it('loads the example scenarios shipped with the project', async () => {
    const sets = await loadScenarios(['scenarios/examples']);
    expect(sets.map((s) => s.type).sort()).toEqual(['conversation', 'single', 'single']);
    const convo = sets.find((s) => s.type === 'conversation');
    const turns = convo?.cases[0]?.input;
    expect(typeof turns === 'object' && turns.turns).toHaveLength(3);
  });
});

describe('exportScenarioYaml', () => {
  it('writes YAML that loads back to the same sets, without default noise', async () => {
    for (const set of await loadScenarios(['scenarios/examples'])) {
      const yaml = exportScenarioYaml(set);
      expect(parseScenarioText(yaml, 'x.yaml')).toEqual([set]);
      expect(yaml).not.toMatch(/weight: 1\n|hard: false|turn: last/);
    }
  });
});
