/**
 * The workplace's public data (real GU excerpts, inPA records, red-team datasets) lives beside the checkout, in
 * ../shared/data, not in the repository. Tests that read it skip, with this reason shown, where it is absent (a
 * fresh clone elsewhere); set VAGLIO_SHARED_DATA to point at a copy.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const SHARED_DATA = path.resolve(process.env['VAGLIO_SHARED_DATA'] ?? path.join(root, '../shared/data'));
export const hasSharedData = existsSync(SHARED_DATA);
/** Appended to the name of a describe/it that is skipped for want of the data, so the reporter says why. */
export const NEEDS_SHARED_DATA = hasSharedData ? '' : ` (skipped: no public data at ${SHARED_DATA}; set VAGLIO_SHARED_DATA)`;

export function sharedData(...parts: string[]): string {
  return path.join(SHARED_DATA, ...parts);
}
