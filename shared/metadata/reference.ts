/**
 * Run-time reference data (shared/reference/, see SOURCES.md there): degree classes, ISTAT comuni, optional
 * degree equivalences. Loaded once per process, validated with zod.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { normName, normalizeDegreeCode } from './normalize.ts';

export const REFERENCE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../reference');

const degreeClassSchema = z.object({
  code: z.string(),
  system: z.enum(['270', '509']),
  level: z.enum(['L', 'LM', 'LT', 'LS']),
  name: z.string(),
  aliases: z.array(z.string()).optional(),
});
export type DegreeClass = z.infer<typeof degreeClassSchema>;

/** [classA, classB, source?]: symmetric pairs (D.I. 9 luglio 2009 LS↔LM), empty unless a real table is added. */
export const equivalencesSchema = z.object({
  description: z.string().optional(),
  pairs: z.array(z.tuple([z.string(), z.string()]).rest(z.string())),
});
export type Equivalences = z.infer<typeof equivalencesSchema>;

export interface Place {
  nome: string;
  sigla: string;
  provincia: string;
  regione: string;
}

export interface Reference {
  degreesByCode: Map<string, DegreeClass>;
  /** normalised class name → classes bearing it (a name can belong to a 270 and a 509 class). */
  degreesByName: Map<string, DegreeClass[]>;
  comuniByName: Map<string, Place[]>;
  /** normalised province name → canonical name and region. */
  province: Map<string, { nome: string; regione: string; sigla: string }>;
  regioni: Map<string, string>;
  siglaToProvincia: Map<string, string>;
  /** code → codes it is equivalent to (both directions). */
  equivalences: Map<string, Set<string>>;
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V) {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

export function buildEquivalences(eq: Equivalences): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [a, b] of eq.pairs) {
    const ca = normalizeDegreeCode(a) ?? a;
    const cb = normalizeDegreeCode(b) ?? b;
    for (const [x, y] of [[ca, cb], [cb, ca]] as const) {
      const s = out.get(x) ?? new Set<string>();
      s.add(y);
      out.set(x, s);
    }
  }
  return out;
}

/** Official bilingual names ("Valle d'Aosta/Vallée d'Aoste") are also written in their Italian half only. */
function nameVariants(name: string): string[] {
  const out = [name];
  if (name.includes('/')) out.push(name.split('/')[0] ?? name);
  if (name.includes('-')) out.push(name.replace(/-/g, ' '));
  if (name === 'Friuli-Venezia Giulia') out.push('Friuli Venezia Giulia');
  if (name === "Reggio nell'Emilia") out.push('Reggio Emilia');
  if (name === 'Monza e della Brianza') out.push('Monza Brianza');
  if (name === 'Reggio di Calabria') out.push('Reggio Calabria');
  return out;
}

export function loadReference(dir = REFERENCE_DIR): Reference {
  const degrees = z.array(degreeClassSchema).parse(JSON.parse(readFileSync(path.join(dir, 'degree-classes.json'), 'utf8')));
  const degreesByCode = new Map<string, DegreeClass>();
  const degreesByName = new Map<string, DegreeClass[]>();
  for (const d of degrees) {
    degreesByCode.set(d.code, d);
    for (const n of [d.name, ...(d.aliases ?? [])]) push(degreesByName, normName(n), d);
  }
  const comuniByName = new Map<string, Place[]>();
  const province = new Map<string, { nome: string; regione: string; sigla: string }>();
  const regioni = new Map<string, string>();
  const siglaToProvincia = new Map<string, string>();
  const rows = readFileSync(path.join(dir, 'comuni.csv'), 'utf8').split('\n').slice(1);
  for (const line of rows) {
    if (!line.trim()) continue;
    const [nome, sigla, prov, regione] = line.split(';');
    if (!nome || !sigla || !prov || !regione) throw new Error(`comuni.csv: bad row "${line}"`);
    const place = { nome, sigla, provincia: prov, regione };
    for (const v of nameVariants(nome)) push(comuniByName, normName(v), place);
    for (const v of nameVariants(prov)) province.set(normName(v), { nome: prov, regione, sigla });
    for (const v of nameVariants(regione)) regioni.set(normName(v), regione);
    siglaToProvincia.set(sigla, prov);
  }
  const eq = equivalencesSchema.parse(JSON.parse(readFileSync(path.join(dir, 'equivalences.json'), 'utf8')));
  return { degreesByCode, degreesByName, comuniByName, province, regioni, siglaToProvincia, equivalences: buildEquivalences(eq) };
}

let cached: Reference | undefined;
export function reference(): Reference {
  cached ??= loadReference();
  return cached;
}
