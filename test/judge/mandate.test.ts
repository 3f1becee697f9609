import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CALIBRATION_DIR,
  customMandate,
  listMandates,
  loadCalibrationSet,
  loadInjectionCases,
  loadMandate,
  outputSchemaNameSchema,
} from '../../shared/judge/index.ts';
import { readdirSync } from 'node:fs';

describe('shipped mandates and calibration sets', () => {
  it('has one valid mandate per output schema, in Italian and English', () => {
    const mandates = listMandates();
    expect(mandates.map((m) => m.outputSchema).sort()).toEqual([...outputSchemaNameSchema.options].sort());
    for (const m of mandates) expect(m.instructions.it).not.toEqual(m.instructions.en);
  });

  it('has a calibration set for every mandate, with both labels present', () => {
    const files = readdirSync(CALIBRATION_DIR).filter((f) => f.endsWith('.yaml') && f !== 'judge-injection.yaml');
    expect(files.map((f) => f.replace('.yaml', '')).sort()).toEqual(listMandates().map((m) => m.id).sort());
    for (const f of files) {
      const set = loadCalibrationSet(f);
      expect(() => loadMandate(set.mandate)).not.toThrow();
      expect(new Set(set.cases.map((c) => c.label))).toEqual(new Set(['pass', 'fail']));
    }
  });

  it('loads the judge-injection cases, each naming a shipped mandate', () => {
    const cases = loadInjectionCases();
    expect(cases.length).toBeGreaterThanOrEqual(6);
    for (const c of cases) expect(() => loadMandate(c.mandate)).not.toThrow();
  });

  it('rejects a bad mandate file with its name and the problem', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mandates-'));
    writeFileSync(path.join(dir, 'broken.yaml'), 'id: broken\nversion: 0\ntitle: x\noutputSchema: nope\ninstructions: { it: short, en: short }\n');
    expect(() => loadMandate('broken', dir)).toThrow(/broken\.yaml: .*version/);
    expect(() => loadMandate('broken', dir)).toThrow(/outputSchema/);
  });

  it('builds a custom mandate from a scenario name, criteria and labels', () => {
    const m = customMandate({ name: 'Cortesia', instructions: 'La risposta deve dare del Lei.', labels: { formale: 'pass', informale: 'fail' } });
    expect(m).toMatchObject({ id: 'custom.cortesia', outputSchema: 'custom', labels: { formale: 'pass', informale: 'fail' } });
    expect(m.instructions.it).toContain('La risposta deve dare del Lei.');
    expect(() => customMandate({ name: 'x', instructions: 'y', labels: { only: 'pass' } })).toThrow(/two labels/);
  });
});
