/**
 * The metadata model of a bando (tender), as attached to it by the publishing portal (inPA) or by a
 * metadata file beside a document. The ingester validates every record with it; the metadata verifier
 * diffs it against what the text says; the demo corpus ships one per bando.
 */
import { z } from 'zod';

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
/** Tender ids travel in job ids and task keys: no ':' and no spaces. */
export const tenderId = z.string().regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only');

export const PROCEDURES = ['concorso', 'mobilita', 'selezione', 'avviso', 'progressione', 'altro'] as const;

export const workLocationSchema = z.object({
  comune: z.string().min(1).optional(),
  provincia: z.string().min(1).optional(),
  regione: z.string().min(1),
});
export type WorkLocation = z.infer<typeof workLocationSchema>;

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
  publicationDate: isoDate,
  /** Date of publication in the Gazzetta Ufficiale 4a serie speciale, when relevant. */
  gazzettaDate: isoDate.optional(),
  sourceUrl: z.string().url().optional(),
  contacts: z.array(z.string()).default([]),
});
export type TenderMetadata = z.infer<typeof tenderMetadataSchema>;
