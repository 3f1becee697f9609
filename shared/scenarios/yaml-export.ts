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

export function exportScenarioYaml(set: TestSet): string {
  const checks = (list: CheckSpec[] | undefined) => list?.map(minimalCheck);
  const doc = {
    id: set.id,
    ...(set.name !== undefined ? { name: set.name } : {}),
    type: set.type,
    ...(set.threshold !== 1 ? { threshold: set.threshold } : {}),
    ...(set.tags ? { tags: set.tags } : {}),
    ...(set.defaultChecks.length > 0 ? { defaultChecks: checks(set.defaultChecks) } : {}),
    cases: set.cases.map((c) => ({
      id: c.id,
      ...(c.tags ? { tags: c.tags } : {}),
      ...(c.notes !== undefined ? { notes: c.notes } : {}),
      input:
        typeof c.input === 'string'
          ? c.input
          : { turns: c.input.turns.map((t) => ({ user: t.user, ...(t.checks ? { checks: checks(t.checks) } : {}) })) },
      ...(c.expected !== undefined ? { expected: c.expected } : {}),
      ...(c.vars ? { vars: c.vars } : {}),
      ...(c.checks.length > 0 ? { checks: checks(c.checks) } : {}),
      ...(c.threshold !== undefined ? { threshold: c.threshold } : {}),
    })),
  };
  return stringify(doc, { lineWidth: 0 });
}
