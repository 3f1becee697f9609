/** Writes a test set as YAML that loads back to the same set; fields equal to their defaults are left out. */
import { stringify } from 'yaml';
import { checkSpecSchema, type CheckSpec } from '../checks/schema.ts';
import type { TestSet } from './schema.ts';

/** Drops every option the schema would fill in by itself with the same value (weight: 1, turn: last...). */
function minimalCheck(check: CheckSpec): Record<string, unknown> {
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(check).filter(([, v]) => v !== undefined));
  for (const key of Object.keys(out)) {
    if (key === 'type') continue;
    const { [key]: value, ...rest } = out;
    const reparsed = checkSpecSchema.safeParse(rest);
    if (reparsed.success && JSON.stringify((reparsed.data as Record<string, unknown>)[key]) === JSON.stringify(value)) {
      delete out[key];
    }
  }
  return out;
}

type Case = TestSet['cases'][number];

function caseDoc(c: Case): Record<string, unknown> {
  return {
    id: c.id,
    ...(c.tags ? { tags: c.tags } : {}),
    ...(c.notes !== undefined ? { notes: c.notes } : {}),
    input: typeof c.input === 'string' ? c.input : { turns: c.input.turns.map((t) => ({ user: t.user, ...(t.checks ? { checks: checks(t.checks) } : {}) })) },
    ...(c.expected !== undefined ? { expected: c.expected } : {}),
    ...(c.vars ? { vars: c.vars } : {}),
    ...(c.checks.length > 0 ? { checks: checks(c.checks) } : {}),
    ...(c.threshold !== undefined ? { threshold: c.threshold } : {}),
  };
}

// Imported sets repeat the same few checks on every case: each distinct check is minimised once.
const minimal = new Map<string, Record<string, unknown>>();
function minimalCached(check: CheckSpec): Record<string, unknown> {
  const key = JSON.stringify(check);
  let out = minimal.get(key);
  if (!out) {
    if (minimal.size > 1000) minimal.clear();
    out = minimalCheck(check);
    minimal.set(key, out);
  }
  return out;
}
const checks = (list: CheckSpec[] | undefined) => list?.map(minimalCached);

/**
 * The YAML text in pieces: the set's fields, then one piece per case, each stringified on its own (one YAML
 * document tree for 90,000 imported cases took most of a gigabyte). Joined, it is what one stringify gives.
 */
export function* scenarioYamlChunks(set: TestSet): Generator<string> {
  yield stringify(
    {
      id: set.id,
      ...(set.name !== undefined ? { name: set.name } : {}),
      type: set.type,
      ...(set.threshold !== 1 ? { threshold: set.threshold } : {}),
      ...(set.tags ? { tags: set.tags } : {}),
      ...(set.defaultChecks.length > 0 ? { defaultChecks: checks(set.defaultChecks) } : {}),
    },
    { lineWidth: 0 },
  ) + 'cases:\n';
  for (const c of set.cases) {
    // Nested under `cases:` as one stringify would: every non-empty line two spaces in.
    yield stringify([caseDoc(c)], { lineWidth: 0, aliasDuplicateObjects: false }).replace(/^(?=.)/gm, '  ');
  }
}

export function exportScenarioYaml(set: TestSet): string {
  return [...scenarioYamlChunks(set)].join('');
}
