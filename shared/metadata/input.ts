/**
 * What the verifier accepts as metadata: the tender metadata model, with the publication date optional (many
 * sources lack it; relative deadlines then go to review) and the selection method ("per esami", "per titoli ed
 * esami", "per titoli e colloquio"…) as a field of its own, checked against the bando's title.
 */
import { z } from 'zod';
import { tenderMetadataSchema } from '../tender/metadata.ts';

export const SELECTION_METHODS = ['esami', 'titoli', 'titoli-esami', 'titoli-colloquio', 'colloquio'] as const;
export type SelectionMethod = (typeof SELECTION_METHODS)[number];

export const verifiableMetadataSchema = tenderMetadataSchema.partial({ publicationDate: true }).extend({
  selectionMethod: z.enum(SELECTION_METHODS).optional(),
});
export type VerifiableMetadata = z.infer<typeof verifiableMetadataSchema>;
