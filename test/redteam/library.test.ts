import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeLibrary } from '../../shared/redteam/compose.ts';
import { loadBaseAttacks, loadTaxonomy, DEFAULT_REDTEAM_DIR, RedteamLoadError } from '../../shared/redteam/load.ts';
import { BRANCHES, OWASP_IDS, redteamScenarioSchema } from '../../shared/redteam/schema.ts';
import { detectorSpecProblems } from '../../shared/redteam/detectors/index.ts';
import { decodeTags } from '../../shared/redteam/transforms/invisible.ts';
import { hasSharedData, NEEDS_SHARED_DATA, sharedData } from '../helpers/shared-data.ts';

const library = composeLibrary();

describe('the composed red-team library', () => {
  it('has at least 200 scenarios with unique, colon-free ids', () => {
    expect(library.length).toBeGreaterThanOrEqual(200);
    const ids = library.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).not.toContain(':');
    expect(ids).toContain('rt.role.pirate.crescendo.homoglyph');
  });

  it('covers every taxonomy branch, and the taxonomy covers every branch of the code', () => {
    const taxonomy = loadTaxonomy();
    expect(taxonomy.branches.map((b) => b.id).sort()).toEqual([...BRANCHES].sort());
    for (const branch of BRANCHES) expect(library.some((s) => s.branch === branch), branch).toBe(true);
  });

  it.skipIf(!hasSharedData)(`knows exactly the ids of the OWASP Top 10 for LLM 2025${NEEDS_SHARED_DATA}`, () => {
    const owaspFile = JSON.parse(readFileSync(sharedData('redteam/owasp_llm_top10_2025/owasp_llm_top10_2025.json'), 'utf8')) as { id: string }[];
    expect(owaspFile.map((o) => o.id)).toEqual([...OWASP_IDS]);
  });

  it('uses valid OWASP ids, techniques of its branch, and a detector or a mandate everywhere', () => {
    const taxonomy = loadTaxonomy();
    for (const s of library) {
      expect(redteamScenarioSchema.safeParse(s).success, s.id).toBe(true);
      for (const id of s.owasp) expect(OWASP_IDS).toContain(id);
      const branch = taxonomy.branches.find((b) => b.id === s.branch);
      expect(branch?.techniques, s.id).toContain(s.technique);
      expect(s.detectors.length > 0 || s.mandate !== undefined, s.id).toBe(true);
      for (const d of s.detectors) expect(detectorSpecProblems(d), s.id).toEqual([]);
    }
  });

  it('ends every scenario with a recovery turn and never transforms it', () => {
    for (const s of library) {
      const last = s.turns[s.turns.length - 1];
      expect(last?.isRecovery, s.id).toBe(true);
      expect(last?.isAttack, s.id).toBe(false);
      expect(decodeTags(last?.user ?? '').hidden, s.id).toBe('');
    }
  });

  it('applies transforms and patterns as their ids say', () => {
    const alt = library.find((s) => s.id === 'rt.fair.gender.alternate.none');
    expect(alt?.turns.map((t) => t.isAttack)).toEqual([false, true, false, true, false]);
    const tag = library.find((s) => s.id === 'rt.inject.direct-ignore.direct.tag-smuggling');
    expect(decodeTags(tag?.turns[0]?.user ?? '').hidden).toContain('PAPPA');
    const crescendo = library.filter((s) => s.pattern === 'crescendo');
    expect(crescendo.length).toBeGreaterThan(10);
    for (const s of crescendo) expect(s.turns.length, s.id).toBeGreaterThanOrEqual(4);
    expect(new Set(library.map((s) => s.transform)).size).toBe(7);
  });

  it('is deterministic', () => {
    expect(composeLibrary()).toEqual(library);
  });
});

describe('loading the YAML', () => {
  function copyWith(file: string, text: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'vaglio-rt-'));
    cpSync(DEFAULT_REDTEAM_DIR, dir, { recursive: true });
    writeFileSync(join(dir, 'attacks', file), text);
    return dir;
  }

  it('reports the file, line and field of a bad attack', () => {
    const dir = copyWith(
      'zz-bad.yaml',
      ['attacks:', '  - id: bad.one', '    branch: role-register', '    owasp: ["LLM99:2025"]', '    technique: pirate', '    goal: "un obiettivo abbastanza lungo"', '    payload: "x"', '    variants: ["y"]', '    mandate: attack', ''].join('\n'),
    );
    try {
      loadBaseAttacks(dir);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(RedteamLoadError);
      expect((err as Error).message).toMatch(/zz-bad\.yaml:4 attacks\.0\.owasp\.0/);
    }
  });

  it('rejects bad detector params and duplicate ids', () => {
    const bad = copyWith(
      'zz-bad.yaml',
      'attacks:\n  - id: bad.two\n    branch: role-register\n    owasp: ["LLM01:2025"]\n    technique: pirate\n    goal: "un obiettivo abbastanza lungo"\n    payload: "x"\n    variants: ["y"]\n    detectors:\n      - type: compliance-marker\n',
    );
    expect(() => loadBaseAttacks(bad)).toThrow(/compliance-marker params markers/);
    const dup = copyWith('zz-dup.yaml', readFileSync(join(DEFAULT_REDTEAM_DIR, 'attacks', 'recovery.yaml'), 'utf8'));
    expect(() => loadBaseAttacks(dup)).toThrow(/already defined/);
  });
});
