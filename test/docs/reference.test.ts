/**
 * The user reference in docs/ (checks, target file, scenario file) is what `npm run docs` generates from the
 * zod schemas today: a schema change without `npm run docs` fails here. Every field has a meaning, and every
 * example in it is accepted by the loaders a user's file goes through.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { DOCS, ROOT, staleDocs } from '../../docs/generate/index.ts';
import { targetFields } from '../../docs/generate/targets.ts';
import { TARGET_NOTES } from '../../docs/generate/target-notes.ts';
import { SCENARIO_NOTES, scenarioFields } from '../../docs/generate/scenarios.ts';
import { CHECK_REFERENCE } from '../../shared/checks/reference.ts';
import { CHECK_TYPES, CONVERSATION_CHECK_TYPES } from '../../shared/checks/schema.ts';
import { parseScenarioText } from '../../shared/scenarios/index.ts';

describe('docs reference', () => {
  it('is up to date with the schemas (run npm run docs when this fails)', () => {
    expect(staleDocs()).toEqual([]);
    const checks = readFileSync(path.join(ROOT, 'docs/checks.md'), 'utf8');
    for (const t of CHECK_TYPES) expect(checks).toContain(`## \`${t}\``);
    expect(checks).toMatch(/`fact-match`\]\(#fact-match\) \| no \|/);
    const targets = DOCS['docs/targets.md']!();
    for (const words of ['## Handshake', '## Streams', '## Direct Line', 'JSONPath', 'roles.search.results.regex']) expect(targets).toContain(words);
  });

  it('gives every field of the target and scenario files a meaning', () => {
    const { common, byType } = targetFields();
    const unexplained = [...common, ...byType.flatMap(([, fs]) => fs)].filter((f) => !TARGET_NOTES[f.path]).map((f) => f.path);
    expect(unexplained).toEqual([]);
    const s = scenarioFields();
    expect([...s.set, ...s.case, ...s.turn].filter((f) => !SCENARIO_NOTES[f.path]).map((f) => f.path)).toEqual([]);
  });

  it("has check examples a scenario file accepts, in the sets the reference says they're allowed in", () => {
    const single = { id: 'ref', type: 'single', cases: [{ id: 'c', input: 'Quando scade?', vars: { tenderId: 'X-1', code: 'C' }, checks: CHECK_TYPES.map((t) => CHECK_REFERENCE[t].example) }] };
    expect(parseScenarioText(stringify(single), 'single.yaml')[0]!.cases[0]!.checks).toHaveLength(CHECK_TYPES.length);
    for (const t of CHECK_TYPES) {
      const conv = { id: 'ref', type: 'conversation', cases: [{ id: 'c', input: { turns: [{ user: 'Ciao' }] }, checks: [CHECK_REFERENCE[t].example] }] };
      const parse = () => parseScenarioText(stringify(conv), 'conv.yaml');
      if (CONVERSATION_CHECK_TYPES.includes(t)) expect(parse, t).not.toThrow();
      else expect(parse, t).toThrow(/not allowed in a conversation set/);
    }
  });
});
