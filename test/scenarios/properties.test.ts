import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importCopilotStudio } from '../../shared/scenarios/copilot-studio.ts';
import { CsvError, CsvParser, parseCsv, toCsv } from '../../shared/scenarios/csv.ts';
import { ScenarioError } from '../../shared/scenarios/errors.ts';
import { parseScenarioText } from '../../shared/scenarios/load.ts';
import { exportScenarioYaml } from '../../shared/scenarios/yaml-export.ts';

const NUM_RUNS = 300;

function outcome<T>(f: () => T): T | string {
  try {
    return f();
  } catch (err) {
    return err instanceof CsvError ? err.message : `unexpected ${String(err)}`;
  }
}
const csvChars = fc.string({ unit: fc.constantFrom('a', 'è', ',', '"', '\n', '\r', ' ', 'Q'), maxLength: 40 });

describe('CSV parser properties', () => {
  it('random text either parses or raises a CsvError with a line', () => {
    fc.assert(
      fc.property(csvChars, (text) => {
        try {
          const rows = parseCsv(text);
          expect(rows.every((r) => r.line >= 1)).toBe(true);
        } catch (err) {
          expect(err).toBeInstanceOf(CsvError);
          expect((err as CsvError).line).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('text cut into chunks anywhere parses as the whole text does: same records, lines and errors', () => {
    const withSemi = fc.string({ unit: fc.constantFrom('a', 'è', ',', ';', '"', '\n', '\r', '\r\n', '\uFEFF', 'Q'), maxLength: 60 });
    fc.assert(
      fc.property(withSemi, fc.array(fc.nat(60), { maxLength: 8 }), (text, cuts) => {
        const whole = outcome(() => parseCsv(text));
        const chunked = outcome(() => {
          const parser = new CsvParser();
          const rows = [];
          let at = 0;
          for (const cut of [...cuts].sort((a, b) => a - b)) {
            rows.push(...parser.push(text.slice(at, Math.max(at, cut))));
            at = Math.max(at, cut);
          }
          rows.push(...parser.push(text.slice(at)), ...parser.end());
          return rows;
        });
        expect(chunked).toEqual(whole);
      }),
      { numRuns: 2000 },
    );
  });

  it('what toCsv writes, parseCsv reads back', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'è', ',', '"', '\n', '\r\n', ' ', '\uFEFF'), maxLength: 12 });
    const width = fc.integer({ min: 1, max: 4 });
    const rows = width.chain((w) => fc.array(fc.array(field, { minLength: w, maxLength: w }), { minLength: 1, maxLength: 6 }));
    fc.assert(
      fc.property(rows, (r) => {
        expect(parseCsv(toCsv(r)).map((x) => x.fields)).toEqual(r);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('Copilot Studio import of random content fails only with a ScenarioError', () => {
    const content = fc.oneof(
      csvChars.map((s) => `Question,Expected response\n${s}`),
      fc.uint8Array({ maxLength: 40 }).map((b) => Buffer.concat([Buffer.from('Question\n'), Buffer.from(b)])),
    );
    fc.assert(
      fc.property(content, (c) => {
        try {
          const set = importCopilotStudio(c, { fileName: 'f.csv', setId: 's' });
          expect(set.cases.length).toBeGreaterThan(0);
        } catch (err) {
          expect(err).toBeInstanceOf(ScenarioError);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('scenario loader properties', () => {
  const expectScenarioErrorOrSets = (text: string) => {
    try {
      const sets = parseScenarioText(text, 'p.yaml');
      expect(sets.length).toBeGreaterThan(0);
    } catch (err) {
      expect(err).toBeInstanceOf(ScenarioError);
      expect((err as ScenarioError).problems.length).toBeGreaterThan(0);
    }
  };

  it('random JSON values load or raise a ScenarioError', () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => expectScenarioErrorOrSets(JSON.stringify(v))), { numRuns: NUM_RUNS });
  });

  it('random YAML-ish text loads or raises a ScenarioError', () => {
    const unit = fc.constantFrom('id: ', 'type: ', 'cases:', '\n', '  ', '- ', 'single', 'conversation', '{', '}', '[', ']', ':', '"', "'", '&a ', '*a', 'x', '#', '!!str ', ',', '? ');
    fc.assert(fc.property(fc.string({ unit, maxLength: 40 }), expectScenarioErrorOrSets), { numRuns: NUM_RUNS });
  });

  it('sets built from random but plausible parts load or fail cleanly, and valid ones survive export', () => {
    const plausible = fc.constantFrom<Record<string, unknown>>(
      { type: 'contains', value: 'bando' },
      { type: 'tool-use', tools: ['search_tenders'], hard: true },
      { type: 'language', expected: 'it', turn: 'all' },
      { type: 'equals', value: '5', weight: 2 },
      { type: 'regex', pattern: '\\d+', flags: 'i' },
      { type: 'fact-match', value: '31/01/2027' },
    );
    const random = fc.record(
      {
        type: fc.constantFrom('contains', 'equals', 'regex', 'fact-match', 'tool-use', 'language', 'length', 'judge', 'bogus'),
        value: fc.oneof(fc.string({ maxLength: 5 }), fc.integer()),
        pattern: fc.constantFrom('a+', '(', '\\d'),
        expected: fc.constantFrom('it', 'en', 'xx'),
        max: fc.integer({ min: -1, max: 5 }),
        tools: fc.array(fc.constantFrom('search_tenders', 'get_tender_text'), { maxLength: 2 }),
        weight: fc.double({ min: -1, max: 3, noNaN: true }),
        turn: fc.constantFrom('last', 'all', 0, 1, 'first'),
      },
      { requiredKeys: ['type'] },
    );
    const check = fc.oneof({ weight: 6, arbitrary: plausible }, { weight: 1, arbitrary: random });
    const user = fc.oneof({ weight: 3, arbitrary: fc.constant('Cerco un bando') }, { weight: 1, arbitrary: fc.string({ maxLength: 4 }) });
    const turns = fc.record({ turns: fc.array(fc.record({ user, checks: fc.array(check, { maxLength: 2 }) }), { maxLength: 3 }) });
    const text = fc.oneof({ weight: 3, arbitrary: fc.constant('Quando scade?') }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) });
    const set = fc.constantFrom('single', 'single', 'single', 'conversation', 'conversation', 'multi').chain((type) =>
      fc.record(
        {
          id: fc.oneof({ weight: 8, arbitrary: fc.constant('s') }, { weight: 1, arbitrary: fc.constantFrom('a b', 'x:y', '') }),
          type: fc.constant(type),
          threshold: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constant(1.5)),
          cases: fc
            .array(
              fc.record({
                // Mostly the input shape the set type wants, sometimes the other one.
                input: type === 'conversation' ? fc.oneof({ weight: 5, arbitrary: turns }, text) : fc.oneof({ weight: 5, arbitrary: text }, turns),
                checks: fc.array(check, { maxLength: 3 }),
                badId: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
              }),
              { minLength: 1, maxLength: 3 },
            )
            .map((cases) => cases.map(({ badId, ...c }, i) => ({ ...c, id: badId && i === 0 ? 'q 1' : `q${i}` }))),
        },
        { requiredKeys: ['id', 'type', 'cases'] },
      ),
    );
    let loadedCount = 0;
    fc.assert(
      fc.property(set, (s) => {
        let sets;
        try {
          sets = parseScenarioText(JSON.stringify(s), 'p.json');
        } catch (err) {
          expect(err).toBeInstanceOf(ScenarioError);
          return;
        }
        loadedCount += sets.length;
        for (const loaded of sets) expect(parseScenarioText(exportScenarioYaml(loaded), 'p.yaml')).toEqual([loaded]);
      }),
      { numRuns: NUM_RUNS },
    );
    // The round-trip half of the property must have been exercised, not only the error half.
    expect(loadedCount).toBeGreaterThan(0);
  });
});
