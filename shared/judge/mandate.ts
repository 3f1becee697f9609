/**
 * Mandates: versioned judge instructions, one YAML file per test type in scenarios/mandates/, in Italian
 * and English, naming the output schema the judge must answer with. A bad file fails when it is read,
 * with the file name and the problem, never halfway through a run.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';
import { outputSchemaNameSchema } from './output-schemas.ts';

export const MANDATES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scenarios/mandates');

export const mandateLanguageSchema = z.enum(['it', 'en']);
export type MandateLanguage = z.infer<typeof mandateLanguageSchema>;

const mandateId = z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'lower-case letters, digits, . _ - (no ":")');

export const mandateSchema = z
  .object({
    id: mandateId,
    version: z.number().int().positive(),
    title: z.string().min(1),
    outputSchema: outputSchemaNameSchema,
    instructions: z.object({ it: z.string().min(20), en: z.string().min(20) }),
    /** Pass threshold for scored mandates (compare-meaning, pseudo-ground-truth). */
    threshold: z.number().min(0).max(1).optional(),
    /** Custom mandates: each label the judge may give, and whether it means pass or fail. */
    labels: z.record(z.string().min(1), z.enum(['pass', 'fail'])).optional(),
  })
  .superRefine((m, ctx) => {
    if (m.outputSchema === 'custom' && (!m.labels || Object.keys(m.labels).length < 2)) {
      ctx.addIssue({ code: 'custom', path: ['labels'], message: 'a custom mandate needs at least two labels' });
    }
  });
export type Mandate = z.infer<typeof mandateSchema>;

export function parseMandate(text: string, source: string): Mandate {
  let data: unknown;
  try {
    data = parse(text);
  } catch (err) {
    throw new Error(`${source}: not valid YAML: ${(err as Error).message}`);
  }
  const r = mandateSchema.safeParse(data);
  if (!r.success) {
    throw new Error(`${source}: ${r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  }
  return r.data;
}

export function loadMandate(id: string, dir = MANDATES_DIR): Mandate {
  const file = path.join(dir, `${mandateId.parse(id)}.yaml`);
  const mandate = parseMandate(readFileSync(file, 'utf8'), file);
  if (mandate.id !== id) throw new Error(`${file}: id "${mandate.id}" does not match the file name`);
  return mandate;
}

export function listMandates(dir = MANDATES_DIR): Mandate[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => loadMandate(f.replace(/\.yaml$/, ''), dir));
}

export interface CustomMandateSpec {
  name: string;
  instructions: string;
  /** Label → pass/fail, e.g. { cortese: 'pass', scortese: 'fail' }. */
  labels: Record<string, 'pass' | 'fail'>;
  version?: number;
}

/** A custom mandate from a scenario: the shipped custom frame plus the scenario's own criteria. */
export function customMandate(spec: CustomMandateSpec, dir = MANDATES_DIR): Mandate {
  const frame = loadMandate('custom', dir);
  const criteria = (label: string) => `\n\n${label} (${spec.name}):\n${spec.instructions}`;
  return mandateSchema.parse({
    ...frame,
    id: `custom.${spec.name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-')}`,
    version: spec.version ?? 1,
    title: spec.name,
    instructions: { it: frame.instructions.it + criteria('Criteri'), en: frame.instructions.en + criteria('Criteria') },
    labels: spec.labels,
  });
}
