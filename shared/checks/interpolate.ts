/** `{{var}}` placeholders in check options, filled from the case's (and run's) variables. */

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;
/** The same without the g flag, whose lastIndex would make test() stateful. */
const ONE_PLACEHOLDER = new RegExp(PLACEHOLDER.source);

export class MissingVariableError extends Error {
  constructor(readonly names: string[]) {
    super(`unknown variable${names.length > 1 ? 's' : ''} ${names.map((n) => `{{${n}}}`).join(', ')}`);
    this.name = 'MissingVariableError';
  }
}

/**
 * Replaces every `{{name}}`; throws MissingVariableError naming all placeholders without a value. `encode` turns
 * each value into what the template's language needs (escapeRegExp for a pattern: a value is matched literally).
 */
export function interpolate(template: string, vars: Record<string, string>, encode: (value: string) => string = (v) => v): string {
  const missing: string[] = [];
  const out = template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined) {
      missing.push(name);
      return whole;
    }
    return encode(value);
  });
  if (missing.length > 0) throw new MissingVariableError([...new Set(missing)]);
  return out;
}

/** Names of the placeholders used in a text, in order of first use. */
export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))];
}

/** A value as a regular expression that matches exactly it. */
export function escapeRegExp(value: string): string {
  // The syntax characters only: they are the ones an identity escape is allowed for under the u and v flags too.
  return value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Whether a template has placeholders; `{{name}}` becomes `x` in the copy used to check that a pattern compiles. */
export const hasPlaceholders = (template: string): boolean => template.includes('{{') && ONE_PLACEHOLDER.test(template);
export const withSampleValues = (template: string): string => template.replace(PLACEHOLDER, 'x');
