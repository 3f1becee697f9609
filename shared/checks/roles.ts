/**
 * Tool roles at check time: a check that names a role (`{ role: tender }`) is resolved against the run's
 * target roles, so generated tests never carry a tool name. A role the target does not declare makes the check
 * `invalid` with the reason: guessing a tool name would turn into a pass or fail that was never checked.
 */
import type { TargetRoles, ToolRole } from '../targets/roles.ts';
import type { ArgMatcher, ToolExpectation } from './schema.ts';

/** The role's own argument names and the target field that says which argument plays them. */
const ROLE_ARGS: Record<ToolRole, Record<string, 'idArg' | 'queryArg'>> = {
  tender: { id: 'idArg' },
  search: { query: 'queryArg' },
  knowledge: {},
};

export const noRoleReason = (role: ToolRole) => `target declares no ${role} tool role (add roles.${role} to the target file)`;

/** `{ tool, args }` with the role's tool and argument names, or why it cannot be resolved. */
export function resolveExpectation(
  e: ToolExpectation,
  roles: TargetRoles | undefined,
): { tool: string; args: Record<string, ArgMatcher> } | { problem: string } {
  if ('tool' in e) return e;
  const declared = roles?.[e.role];
  if (!declared) return { problem: noRoleReason(e.role) };
  const args: Record<string, ArgMatcher> = {};
  for (const [name, matcher] of Object.entries(e.args)) {
    const field = ROLE_ARGS[e.role][name];
    if (!field) {
      args[name] = matcher;
      continue;
    }
    const actual = (declared as Partial<Record<'idArg' | 'queryArg', string>>)[field];
    if (!actual) return { problem: `the target's ${e.role} role declares no ${field} (needed to check its "${name}" argument)` };
    args[actual] = matcher;
  }
  return { tool: declared.tool, args };
}
