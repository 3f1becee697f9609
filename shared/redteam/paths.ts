/** Where the red-team material lives: scenarios/redteam in this repository, found from this file. */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_REDTEAM_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../scenarios/redteam');
