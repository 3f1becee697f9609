/** `{{var}}` placeholders in check options, filled from the case's (and run's) variables. */

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

export class MissingVariableError extends Error {
  constructor(readonly names: string[]) {
    super(`unknown variable${names.length > 1 ? 's' : ''} ${names.map((n) => `{{${n}}}`).join(', ')}`);
    this.name = 'MissingVariableError';
  }
}

/** Replaces every `{{name}}`; throws MissingVariableError naming all placeholders without a value. */
export function interpolate(template: string, vars: Record<string, string>): string {
  const missing: string[] = [];
  const out = template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined) {
      missing.push(name);
      return whole;
    }
    return value;
  });
  if (missing.length > 0) throw new MissingVariableError([...new Set(missing)]);
  return out;
}

/** Names of the placeholders used in a text, in order of first use. */
export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))];
}
