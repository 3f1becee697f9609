/**
 * What the verifier accepts as metadata: the tender metadata contract (shared/tender/metadata.ts), which takes a
 * provincia as sigla or name, the selection method ("per titoli ed esami" → titoli-esami) and an optional
 * publication date (relative deadlines then go to review unless the text dates its own publication).
 */
import { SELECTION_METHODS, tenderMetadataSchema, type SelectionMethod, type TenderMetadata } from '../tender/metadata.ts';

export { SELECTION_METHODS, type SelectionMethod };
export const verifiableMetadataSchema = tenderMetadataSchema;
export type VerifiableMetadata = TenderMetadata;
