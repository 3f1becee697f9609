/** Picking operators: the built-in registry, a user's module, and `--operators a,b` selections, validated. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { BUILTIN_OPERATORS } from './operators/index.ts';
import type { MutationOperator } from './types.ts';

const operatorShape = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'kebab-case id'),
  description: z.string().min(1),
  catchers: z.object({ checks: z.array(z.string()), detectors: z.array(z.string()) }),
  subjects: z.enum(['case', 'redteam', 'both']),
  mutate: z.custom<MutationOperator['mutate']>((v) => typeof v === 'function', 'a function'),
  suggest: z.custom<NonNullable<MutationOperator['suggest']>>((v) => typeof v === 'function', 'a function').optional(),
});

export class OperatorConfigError extends Error {
  override name = 'OperatorConfigError';
}

/** A user's operators module: default export an array of operators. Every problem is named with its index. */
export async function loadOperatorModule(file: string): Promise<MutationOperator[]> {
  const mod = (await import(pathToFileURL(path.resolve(file)).href)) as { default?: unknown };
  if (!Array.isArray(mod.default)) throw new OperatorConfigError(`${file}: the default export must be an array of operators`);
  return mod.default.map((op, i) => {
    const parsed = operatorShape.safeParse(op);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((x) => `${x.path.join('.') || '(root)'}: ${x.message}`).join('; ');
      throw new OperatorConfigError(`${file}: operator [${i}]: ${problems}`);
    }
    return op as MutationOperator;
  });
}

/** The operators to apply: built-ins plus extra ones, narrowed to `only` when given (unknown ids are an error). */
export function selectOperators(extra: MutationOperator[] = [], only?: string[]): MutationOperator[] {
  const all = [...BUILTIN_OPERATORS, ...extra];
  const ids = new Set<string>();
  for (const op of all) {
    if (ids.has(op.id)) throw new OperatorConfigError(`operator id "${op.id}" is defined twice`);
    ids.add(op.id);
  }
  if (!only || only.length === 0) return all;
  const unknown = only.filter((id) => !ids.has(id));
  if (unknown.length) throw new OperatorConfigError(`unknown operator(s): ${unknown.join(', ')} (known: ${[...ids].join(', ')})`);
  return all.filter((op) => only.includes(op.id));
}
