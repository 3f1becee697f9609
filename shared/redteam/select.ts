/**
 * Which red-team scenarios a run plays when it cannot play them all: distinct attacks before re-encodings
 * of the same attack. A budget of N first covers N different base attacks (round-robin across branches,
 * so a small budget still touches every branch), then each attack's other techniques (patterns and
 * transforms, one transform at a time), in an order fixed by the seed: the same seed, the same scenarios.
 */
import type { RedteamScenario } from './schema.ts';
import { seededRandom } from './text.ts';

/**
 * The base attack a composed scenario came from (`rt.<attack>.<pattern>.<transform>`); its own id otherwise
 * (a dataset row, `rt.ds.<dataset>.<file>.<row>`, is an attack of its own).
 */
export function attackOf(s: RedteamScenario): string {
  const parts = s.id.split('.');
  return s.pattern !== 'dataset' && s.id.startsWith('rt.') && parts.length >= 4 ? parts.slice(1, -2).join('.') : s.id;
}

function shuffled<T>(items: T[], seed: string): T[] {
  const rnd = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** An attack's variants, seeded, interleaved by transform so its 2nd, 3rd… picks each bring a new encoding. */
function variantOrder(variants: RedteamScenario[], seed: string): RedteamScenario[] {
  const byTransform = new Map<string, RedteamScenario[]>();
  for (const v of shuffled(variants, seed)) byTransform.set(v.transform, [...(byTransform.get(v.transform) ?? []), v]);
  // The plain attack first when there is one: it is the attack itself; the encodings test the filters.
  const groups = [...byTransform.entries()].sort(([a], [b]) => (a === 'none' ? -1 : b === 'none' ? 1 : 0)).map(([, g]) => g);
  const out: RedteamScenario[] = [];
  for (let i = 0; out.length < variants.length; i++) for (const g of groups) if (g[i]) out.push(g[i]!);
  return out;
}

export const DEFAULT_SEED = 'vaglio';

/**
 * Up to `limit` scenarios: layer k holds each attack's k-th variant, groups (branches by default; a dataset's
 * categories, say) taking turns within a layer.
 */
export function selectScenarios(
  all: RedteamScenario[],
  limit: number | undefined,
  seed = DEFAULT_SEED,
  groupOf: (s: RedteamScenario) => string = (s) => s.branch,
): RedteamScenario[] {
  if (limit === undefined || all.length <= limit) return all;
  const attacks = new Map<string, RedteamScenario[]>();
  for (const s of all) attacks.set(attackOf(s), [...(attacks.get(attackOf(s)) ?? []), s]);
  const byBranch = new Map<string, { variants: RedteamScenario[] }[]>();
  for (const [id, variants] of [...attacks.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const branch = groupOf(variants[0]!);
    byBranch.set(branch, [...(byBranch.get(branch) ?? []), { variants: variantOrder(variants, `${seed}.${id}`) }]);
  }
  const branches = [...byBranch.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([b, list]) => shuffled(list, `${seed}.${b}`));
  const picked: RedteamScenario[] = [];
  const deepest = Math.max(...[...attacks.values()].map((v) => v.length));
  for (let layer = 0; layer < deepest && picked.length < limit; layer++) {
    const queues = branches.map((list) => list.filter((a) => a.variants[layer]).map((a) => a.variants[layer]!));
    for (let i = 0; picked.length < limit && queues.some((q) => i < q.length); i++) {
      for (const q of queues) if (q[i] && picked.length < limit) picked.push(q[i]!);
    }
  }
  return picked;
}
