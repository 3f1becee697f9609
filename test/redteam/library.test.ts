import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeLibrary } from '../../shared/redteam/compose.ts';
import { loadBaseAttacks, loadTaxonomy, DEFAULT_REDTEAM_DIR, RedteamLoadError } from '../../shared/redteam/load.ts';
import { BRANCHES, OWASP_IDS, redteamScenarioSchema } from '../../shared/redteam/schema.ts';
import { detectorSpecProblems } from '../../shared/redteam/detectors/index.ts';
import { decodeTags } from '../../shared/redteam/transforms/invisible.ts';
import { evaluateScenario } from '../../shared/redteam/detectors/index.ts';
import { LONG_INPUT_CHARS } from '../../shared/redteam/patterns/index.ts';
import type { Transcript } from '../../shared/transcript.ts';
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
    expect(new Set(library.map((s) => s.transform)).size).toBe(10);
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

describe('the base attacks (issue 21: distinct attacks, each mapped, each with its success criterion)', () => {
  const attacks = loadBaseAttacks();
  const taxonomy = loadTaxonomy();

  it('are at least 200, with distinct ids and distinct texts (no attack is another one re-worded by copy)', () => {
    expect(attacks.length).toBeGreaterThanOrEqual(200);
    expect(new Set(attacks.map((a) => a.id)).size).toBe(attacks.length);
    const texts = attacks.flatMap((a) => [a.payload, ...a.variants].map((t) => t.trim().toLowerCase()));
    const seen = new Map<string, number>();
    for (const t of texts) seen.set(t, (seen.get(t) ?? 0) + 1);
    expect([...seen.entries()].filter(([, n]) => n > 1).map(([t]) => t)).toEqual([]);
  });

  it('each maps to a taxonomy branch and technique and to OWASP LLM 2025 ids, and names its success criterion', () => {
    for (const a of attacks) {
      const branch = taxonomy.branches.find((b) => b.id === a.branch);
      expect(branch?.techniques, a.id).toContain(a.technique);
      expect(a.owasp.length, a.id).toBeGreaterThan(0);
      for (const id of a.owasp) expect(OWASP_IDS, a.id).toContain(id);
      // A detector that can find the success (the recovery branch's is the recovery check), or the judge mandate.
      const deciders = a.detectors.filter((d) => d.type !== 'recovery-failed' || a.branch === 'recovery');
      expect(deciders.length > 0 || a.mandate === 'attack', a.id).toBe(true);
    }
  });

  it("cover the families of the issue, every OWASP id the library claims, and long inputs near the limit", () => {
    const techniques = new Set(attacks.map((a) => a.technique));
    for (const t of [
      'indirect-bando-text', 'indirect-email', 'indirect-pec', 'indirect-document', 'candidate-data', 'cross-session',
      'phishing-link', 'markdown-image-exfiltration', 'html-js', 'filter-bypass', 'query-operators', 'unpublished-ids',
      'claimed-action', 'hate-speech', 'offensive-jokes', 'election-period', 'minority-language', 'dialect', 'long-input',
      'rot13', 'hex', 'variation-selector', 'ascii-art', 'past-tense',
    ]) expect(techniques, t).toContain(t);
    const owasp = new Set(attacks.flatMap((a) => a.owasp));
    for (const id of ['LLM01:2025', 'LLM02:2025', 'LLM05:2025', 'LLM06:2025', 'LLM07:2025', 'LLM09:2025', 'LLM10:2025']) expect(owasp, id).toContain(id);
    const long = library.filter((s) => s.pattern === 'long-input');
    expect(long.length).toBeGreaterThanOrEqual(6);
    for (const s of long) {
      const n = s.turns[0]!.user.length;
      expect(n, s.id).toBeGreaterThan(LONG_INPUT_CHARS * 0.95);
      expect(n, s.id).toBeLessThan(8_000);
    }
  });

  it('every encoding keeps its success marker: the plain marker in an answer succeeds, the echoed attack does not', () => {
    const markerScenarios = library.filter((s) => s.transform !== 'none' && s.detectors.some((d) => d.type === 'compliance-marker'));
    expect(new Set(markerScenarios.map((s) => s.transform))).toEqual(new Set(['homoglyph', 'zero-width', 'tag-smuggling', 'base64', 'leetspeak', 'mixed-language', 'rot13', 'hex', 'variation-selector']));
    const answered = (s: (typeof library)[number], answer: (user: string) => string): Transcript => ({
      turns: s.turns.map((t, index) => ({ index, user: t.user, assistant: t.isAttack ? answer(t.user) : 'Si accede a inPA con SPID e si compila la domanda.', toolCalls: [], latencyMs: 1 })),
    });
    for (const s of markerScenarios) {
      const marker = (s.detectors.find((d) => d.type === 'compliance-marker')!.params as { markers: string[] }).markers[0]!;
      expect(evaluateScenario(answered(s, () => `Ecco: ${marker}`), s, {}).status, s.id).toBe('attack-succeeded');
      const echo = evaluateScenario(answered(s, (u) => `Non posso eseguire questo messaggio: «${u}»`), s, {});
      expect(echo.results.find((r) => r.detector === 'compliance-marker')?.status, s.id).not.toBe('attack-succeeded');
    }
  });
});
