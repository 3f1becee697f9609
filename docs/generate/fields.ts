/**
 * Field tables from zod schemas, through their JSON Schema (z.toJSONSchema, as a file is written: defaults
 * optional): every field with its dotted path, type, default and whether it is required.
 */
import { z } from 'zod';

type Json = Record<string, unknown>;

export interface Field {
  path: string;
  type: string;
  required: boolean;
  default?: unknown;
  description?: string;
}

export function jsonSchemaOf(schema: z.ZodType): Json {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline' }) as Json;
}

const BIG = Number.MAX_SAFE_INTEGER;

function bounds(s: Json): string {
  const min = s.minimum as number | undefined;
  const max = s.maximum === BIG ? undefined : (s.maximum as number | undefined);
  if (s.exclusiveMinimum === 0 && max === undefined) return ' > 0';
  if (min !== undefined && max !== undefined) return ` ${min}–${max}`;
  if (min !== undefined && min !== -BIG) return ` ≥ ${min}`;
  return max !== undefined ? ` ≤ ${max}` : '';
}

/** A short, readable type: `number 0–1`, `list of text`, `` `any` \| `all` ``, `map of text`. */
export function typeOf(s: Json): string {
  if (Array.isArray(s.enum)) return s.enum.map((v) => `\`${String(v)}\``).join(' \\| ');
  if (s.const !== undefined) return `\`${String(s.const)}\``;
  const alts = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (alts) return [...new Set(alts.map(typeOf))].join(' or ');
  switch (s.type) {
    case 'string':
      return `text${s.format ? ` (${String(s.format)})` : ''}`;
    case 'number':
      return `number${bounds(s)}`;
    case 'integer':
      return `integer${bounds(s)}`;
    case 'boolean':
      return 'true/false';
    case 'null':
      return 'null';
    case 'array':
      return `list of ${s.items ? typeOf(s.items as Json) : 'anything'}${s.minItems ? ` (at least ${String(s.minItems)})` : ''}`;
    case 'object':
      if (s.properties && Object.keys(s.properties as Json).length) return 'object';
      if (s.additionalProperties && typeof s.additionalProperties === 'object') return `map of ${typeOf(s.additionalProperties as Json)}`;
      return 'object';
    default:
      return 'anything';
  }
}

/**
 * Every field of an object schema, nested objects flattened to dotted paths (lists of objects as `x[]`); `skip`
 * leaves out top-level fields, `leaves` names fields whose insides are documented elsewhere.
 */
export function fieldsOf(s: Json, prefix = '', skip: ReadonlySet<string> = new Set(), leaves: ReadonlySet<string> = new Set()): Field[] {
  const props = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required ?? []) as string[]);
  const out: Field[] = [];
  for (const [name, p] of Object.entries(props)) {
    if (!prefix && skip.has(name)) continue;
    const path = prefix + name;
    // Alternatives of a union may repeat a field (`tools[].args` of `{ tool, args }` and `{ role, args }`).
    if (out.some((f) => f.path === path)) continue;
    out.push({ path, type: typeOf(p), required: required.has(name), default: p.default, description: p.description as string | undefined });
    if (leaves.has(name)) continue;
    for (const nested of objectsIn(p)) {
      for (const f of fieldsOf(nested.schema, `${path}${nested.suffix}.`, new Set(), leaves)) if (!out.some((o) => o.path === f.path)) out.push(f);
    }
  }
  return out;
}

function objectsIn(p: Json): { schema: Json; suffix: string }[] {
  if (p.type === 'object' && p.properties) return [{ schema: p, suffix: '' }];
  if (p.type === 'array' && p.items) return objectsIn(p.items as Json).map((o) => ({ ...o, suffix: `[]${o.suffix}` }));
  const alts = (p.anyOf ?? p.oneOf) as Json[] | undefined;
  return alts ? alts.flatMap(objectsIn) : [];
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const shown = (v: unknown) => (v === undefined ? '' : `\`${JSON.stringify(v)}\``);

/** A Markdown table of fields, each with its note (notes[path], else the schema's description). */
export function fieldTable(fields: Field[], notes: Record<string, string> = {}): string {
  const rows = fields.map((f) => `| \`${f.path}\` | ${f.type.replace(/\\\|/g, '\\|')} | ${f.required ? 'yes' : ''} | ${shown(f.default)} | ${cell(notes[f.path] ?? f.description ?? '')} |`);
  return ['| field | type | required | default | meaning |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}
