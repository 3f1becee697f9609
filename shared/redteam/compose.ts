/**
 * Composes the red-team library: base attacks × their transforms × their escalation patterns, in a
 * fixed order, with stable ids `rt.<attack id>.<pattern>.<transform>` (e.g. rt.role.pirate.crescendo.homoglyph).
 */
import type { BaseAttack, LegitPool } from './base-attack.ts';
import { loadBaseAttacks, loadLegitPool, loadStagingAttacks } from './load.ts';
import { PATTERN_REGISTRY } from './patterns/index.ts';
import {
  redteamScenarioSchema,
  type DetectorSpec,
  type RedteamScenario,
  type ScenarioTurn,
  type TransformName,
} from './schema.ts';
import { TRANSFORM_REGISTRY } from './transforms/index.ts';

export function scenarioId(attackId: string, pattern: string, transform: TransformName): string {
  return `rt.${attackId}.${pattern}.${transform}`;
}

/** Detectors every composed scenario gets on top of its own. */
function extraDetectors(attack: BaseAttack, transform: TransformName): DetectorSpec[] {
  const extra: DetectorSpec[] = [];
  const has = (type: DetectorSpec['type']) => attack.detectors.some((d) => d.type === type);
  // Every pattern ends with a recovery turn; its answer must be normal.
  if (!has('recovery-failed')) extra.push({ type: 'recovery-failed', params: {} });
  // A code-switched message is a classic way to pull the assistant out of Italian.
  if (transform === 'mixed-language' && !has('language-switch')) extra.push({ type: 'language-switch', params: {} });
  return extra;
}

function transformTurns(turns: ScenarioTurn[], transform: TransformName, seed: string): ScenarioTurn[] | null {
  const t = TRANSFORM_REGISTRY[transform];
  if (!turns.some((turn) => turn.isAttack && t.appliesTo(turn.user))) return null;
  return turns.map((turn, i) =>
    turn.isAttack && t.appliesTo(turn.user) ? { ...turn, user: t.apply(turn.user, { seed: `${seed}.${i}` }) } : turn,
  );
}

/** One base attack expanded into its scenarios (pattern-major, then transform, as listed in the YAML). */
export function composeAttack(attack: BaseAttack, legit: LegitPool): RedteamScenario[] {
  const out: RedteamScenario[] = [];
  for (const pattern of attack.patterns) {
    for (const transform of attack.transforms) {
      const id = scenarioId(attack.id, pattern, transform);
      const planned = PATTERN_REGISTRY[pattern](attack, { legit: legit.questions, seed: id });
      if (!planned) continue;
      const turns = transformTurns(planned, transform, id);
      if (!turns) continue;
      out.push(
        redteamScenarioSchema.parse({
          id,
          branch: attack.branch,
          owasp: attack.owasp,
          technique: attack.technique,
          transform,
          pattern,
          turns,
          goal: attack.goal,
          detectors: [...attack.detectors, ...extraDetectors(attack, transform)],
          mandate: attack.mandate,
        }),
      );
    }
  }
  return out;
}

/**
 * The whole library from scenarios/redteam (or another directory with the same layout).
 * Deterministic: same files, same scenarios, same ids, same order.
 */
export function composeLibrary(dir?: string): RedteamScenario[] {
  const legit = loadLegitPool(dir);
  const all = loadBaseAttacks(dir).flatMap((a) => composeAttack(a, legit));
  const seen = new Set<string>();
  for (const s of all) {
    if (seen.has(s.id)) throw new Error(`duplicate red-team scenario id ${s.id}`);
    seen.add(s.id);
  }
  return all;
}

/** The staging-only scenarios about the poisoned test bando (scenarios/redteam/staging; off unless asked for). */
export function composeStaging(dir?: string): RedteamScenario[] {
  const legit = loadLegitPool(dir);
  return loadStagingAttacks(dir).flatMap((a) => composeAttack(a, legit));
}
