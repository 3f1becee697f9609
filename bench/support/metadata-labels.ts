/**
 * Labelled metadata sets for bench:metadata, in the shape of ../shared/data/dev/bandi (README there): per bando
 * `<id>.txt`, `<id>.meta.json` (metadata as an index holds it, with seeded errors) and `<id>.gold.json`
 * (`correct` metadata, `discrepancies` with their trap, `hard_cases`). The frozen independent set under
 * test/fixtures/independent/metadata/ uses the same shape. Read with zod so a malformed label names its file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { TenderMetadata } from '../../shared/tender/metadata.ts';
import type { SelectionMethod, VerifiableMetadata } from '../../shared/metadata/input.ts';

const sede = z.object({ comune: z.string(), provincia: z.string(), regione: z.string() });
const titolo = z.object({ classe: z.string().nullable(), denominazione: z.string() });
export const METHODS = ['ESAMI', 'TITOLI', 'TITOLI_ESAMI', 'TITOLI_COLLOQUIO', 'COLLOQUIO'] as const;
const record = z.object({
  id: z.string(),
  titolo: z.string(),
  ente: z.string(),
  sedi_lavoro: z.array(sede),
  titoli_studio: z.array(titolo),
  scadenza: z.string(),
  posti: z.number().int().positive(),
  procedura: z.enum(METHODS),
});
export type LabelRecord = z.infer<typeof record>;
export type Sede = z.infer<typeof sede>;
export type Titolo = z.infer<typeof titolo>;

export const LABEL_FIELDS = ['sedi_lavoro', 'titoli_studio', 'scadenza', 'posti', 'procedura'] as const;
export type LabelField = (typeof LABEL_FIELDS)[number];
const discrepancy = z.object({
  field: z.enum(LABEL_FIELDS),
  kind: z.enum(['missing', 'extra', 'wrong']),
  meta_value: z.unknown(),
  correct_value: z.unknown(),
  trap: z.string(),
  evidence: z.string(),
  note: z.string().optional(),
});
export type LabelDiscrepancy = z.infer<typeof discrepancy>;
const gold = z.object({ correct: record, discrepancies: z.array(discrepancy), hard_cases: z.array(z.string()).default([]) });

export interface LabelledBando {
  id: string;
  text: string;
  meta: LabelRecord;
  correct: LabelRecord;
  discrepancies: LabelDiscrepancy[];
}

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** Every bando of a labelled folder (ids from the *.gold.json files); [] when the folder is absent. */
export function loadLabelledSet(dir: string): LabelledBando[] {
  if (!existsSync(dir)) return [];
  const ids = readdirSync(dir)
    .filter((f) => f.endsWith('.gold.json'))
    .map((f) => f.slice(0, -'.gold.json'.length))
    .sort();
  return ids.map((id) => {
    const g = readJson(path.join(dir, `${id}.gold.json`), gold);
    return {
      id,
      text: readFileSync(path.join(dir, `${id}.txt`), 'utf8'),
      meta: readJson(path.join(dir, `${id}.meta.json`), record),
      correct: g.correct,
      discrepancies: g.discrepancies,
    };
  });
}

/** The procedure type an index would file the record under, from its title (never carries errors in these sets). */
function procedureOf(title: string): TenderMetadata['procedure'] {
  const t = title.toLowerCase();
  if (/mobilit/.test(t)) return 'mobilita';
  const kinds: [TenderMetadata['procedure'], number][] = [
    ['concorso', t.search(/concors/)],
    ['selezione', t.search(/selezion/)],
    ['avviso', t.search(/avviso/)],
  ];
  const first = kinds.filter(([, i]) => i >= 0).sort((a, b) => a[1] - b[1])[0];
  return first ? first[0] : 'altro';
}

/**
 * A labelled record as vaglio's metadata: sigla kept as written (the input contract takes a sigla or a name),
 * a degree by its class code or else its name, the selection method as `selectionMethod`. The sets carry no
 * publication date: relative deadlines must be anchored on the GU date the text gives.
 */
export function toTenderMetadata(r: LabelRecord): VerifiableMetadata {
  return {
    id: r.id,
    title: r.titolo,
    administration: r.ente,
    workLocations: r.sedi_lavoro.map((s) => ({ comune: s.comune, provincia: s.provincia, regione: s.regione })),
    requiredDegrees: r.titoli_studio.map((t) => t.classe ?? t.denominazione),
    deadline: r.scadenza,
    posts: r.posti,
    procedure: procedureOf(r.titolo),
    selectionMethod: r.procedura.toLowerCase().replace(/_/g, '-') as SelectionMethod,
    contacts: [],
  };
}
