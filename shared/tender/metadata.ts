/**
 * The metadata model of a bando (tender), as attached to it by the publishing portal (inPA) or by a
 * metadata file beside a document. The ingester validates every record with it; the metadata verifier
 * diffs it against what the text says; the demo corpus ships one per bando.
 */
import { z } from 'zod';
import { reference } from '../metadata/reference.ts';
import { normName } from '../metadata/normalize.ts';

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
/** Tender ids travel in job ids and task keys: no ':' and no spaces. */
export const tenderId = z.string().regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only');

export const PROCEDURES = ['concorso', 'mobilita', 'selezione', 'avviso', 'progressione', 'altro'] as const;

/** How candidates are selected, as bandi say it ("per titoli ed esami"). */
// The same values as the verifier's (shared/metadata/input.ts), which reads the method from the title.
export const SELECTION_METHODS = ['esami', 'titoli', 'titoli-esami', 'titoli-colloquio', 'colloquio'] as const;
export type SelectionMethod = (typeof SELECTION_METHODS)[number];

/** "Per titoli ed esami", "titoli e esami", "esami e titoli" → titoli-esami; anything else is refused by name. */
function selectionKey(raw: string): string {
  const words = raw
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/^\s*(per|mediante|tramite)\s+/, '')
    .split(/[^a-z]+/)
    .filter((w) => w && w !== 'e' && w !== 'ed');
  const has = (w: string) => words.includes(w);
  if (words.length === 1 && (has('esami') || has('titoli') || has('colloquio'))) return words[0]!;
  if (words.length === 2 && has('titoli') && has('esami')) return 'titoli-esami';
  if (words.length === 2 && has('titoli') && has('colloquio')) return 'titoli-colloquio';
  return raw;
}
const selectionMethodSchema = z
  .string()
  .transform(selectionKey)
  .pipe(z.enum(SELECTION_METHODS, { error: `give one of: esami, titoli, titoli ed esami, titoli e colloquio, colloquio` }));

/**
 * A provincia as its sigla ("BG") or its name ("Bergamo", "bergamo"): the official name either way, so a sigla
 * is never compared as a name. A two-letter value that is no sigla is refused.
 */
const provinciaSchema = z
  .string()
  .min(1)
  .transform((raw, ctx) => {
    const ref = reference();
    const v = raw.trim();
    if (/^[A-Za-z]{2}$/.test(v)) {
      const name = ref.siglaToProvincia.get(v.toUpperCase());
      if (name) return name;
      ctx.addIssue({ code: 'custom', message: `"${v}" is not the sigla of an Italian provincia` });
      return z.NEVER;
    }
    return ref.province.get(normName(v))?.nome ?? v;
  });

export const workLocationSchema = z.object({
  comune: z.string().min(1).optional(),
  provincia: provinciaSchema.optional(),
  regione: z.string().min(1),
});
export type WorkLocation = z.output<typeof workLocationSchema>;

export const tenderMetadataSchema = z.object({
  id: tenderId,
  title: z.string().min(1),
  administration: z.string().min(1),
  /** The professional profile sought (e.g. "Istruttore amministrativo", "Funzionario tecnico"). */
  profile: z.string().min(1).optional(),
  workLocations: z.array(workLocationSchema).default([]),
  /** Degree class codes as the portal writes them: "L-18", "LM-56", "LMG/01", "64/S"; or names. */
  requiredDegrees: z.array(z.string().min(1)).default([]),
  /** Deadline for applications (YYYY-MM-DD; time of day, when given, is in Europe/Rome). */
  deadline: isoDate,
  deadlineTime: z.string().regex(/^\d{2}:\d{2}$/).optional(),
  posts: z.number().int().positive(),
  procedure: z.enum(PROCEDURES),
  /** esami, titoli, titoli ed esami, titoli e colloquio, colloquio (written as the bando says it, or hyphenated). */
  selectionMethod: selectionMethodSchema.optional(),
  /** Many sources lack it: a deadline counted from the publication then cannot be computed (it goes to review). */
  publicationDate: isoDate.optional(),
  /** Date of publication in the Gazzetta Ufficiale 4a serie speciale, when relevant. */
  gazzettaDate: isoDate.optional(),
  sourceUrl: z.string().url().optional(),
  contacts: z.array(z.string()).default([]),
});
export type TenderMetadata = z.output<typeof tenderMetadataSchema>;
export type TenderMetadataInput = z.input<typeof tenderMetadataSchema>;
