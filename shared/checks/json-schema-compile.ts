/** One Ajv instance for the process; compiled validators cached by schema text (a set reuses its schemas). */
import { Ajv, type ValidateFunction } from 'ajv';

const ajv = new Ajv({ allErrors: true, strict: false });
const cache = new Map<string, { validate?: ValidateFunction; error?: string }>();

export function compileJsonSchema(schema: Record<string, unknown>): { validate?: ValidateFunction; error?: string } {
  const key = JSON.stringify(schema);
  let hit = cache.get(key);
  if (!hit) {
    try {
      hit = { validate: ajv.compile(schema) };
    } catch (err) {
      hit = { error: (err as Error).message };
    }
    cache.set(key, hit);
  }
  return hit;
}

export function describeAjvErrors(validate: ValidateFunction): string {
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`).join('; ');
}
