import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where package.json is). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
