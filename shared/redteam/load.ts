/**
 * Reads the red-team YAML files (taxonomy, base attacks, legitimate questions) and validates them with
 * zod. A bad file fails at load with every problem listed as `file:line field: message`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LineCounter, parseDocument, isNode } from 'yaml';
import type { z } from 'zod';
import {
  attackFileSchema,
  legitPoolSchema,
  taxonomySchema,
  type BaseAttack,
  type LegitPool,
  type Taxonomy,
} from './base-attack.ts';

import { DEFAULT_REDTEAM_DIR } from './paths.ts';

export { DEFAULT_REDTEAM_DIR };

export class RedteamLoadError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: invalid red-team file\n  ${problems.join('\n  ')}`);
    this.name = 'RedteamLoadError';
  }
}

/** Parses one YAML text with a schema; problems carry the line of the offending field where known. */
export function parseYamlWith<S extends z.ZodType>(file: string, text: string, schema: S): z.infer<S> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  if (doc.errors.length > 0) {
    throw new RedteamLoadError(
      file,
      doc.errors.map((e) => `line ${e.linePos?.[0]?.line ?? '?'}: ${e.message}`),
    );
  }
  const parsed = schema.safeParse(doc.toJS());
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const path = issue.path.map(String);
    let node: unknown = undefined;
    // Walk up the path until a node exists (a missing field points at its parent).
    for (let n = path.length; n >= 0 && !isNode(node); n--) node = doc.getIn(path.slice(0, n), true);
    const offset = isNode(node) ? node.range?.[0] : undefined;
    const line = offset === undefined ? '?' : lineCounter.linePos(offset).line;
    return `${file}:${line} ${path.join('.') || '(root)'}: ${issue.message}`;
  });
  throw new RedteamLoadError(file, problems);
}

export function loadTaxonomy(dir = DEFAULT_REDTEAM_DIR): Taxonomy {
  const file = join(dir, 'taxonomy.yaml');
  return parseYamlWith(file, readFileSync(file, 'utf8'), taxonomySchema);
}

export function loadLegitPool(dir = DEFAULT_REDTEAM_DIR): LegitPool {
  const file = join(dir, 'legit.yaml');
  return parseYamlWith(file, readFileSync(file, 'utf8'), legitPoolSchema);
}

/** Every attacks/*.yaml, in file-name order so composition is deterministic. */
export function loadBaseAttacks(dir = DEFAULT_REDTEAM_DIR): BaseAttack[] {
  const attacksDir = join(dir, 'attacks');
  const files = readdirSync(attacksDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  const all: BaseAttack[] = [];
  const seen = new Map<string, string>();
  for (const name of files) {
    const file = join(attacksDir, name);
    const { attacks } = parseYamlWith(file, readFileSync(file, 'utf8'), attackFileSchema);
    for (const attack of attacks) {
      const before = seen.get(attack.id);
      if (before) throw new RedteamLoadError(file, [`attack id ${attack.id} already defined in ${before}`]);
      seen.set(attack.id, file);
      all.push(attack);
    }
  }
  return all;
}

/** staging/attacks.yaml: attacks that need the poisoned test bando in the chatbot's own corpus (staging/README.md). */
export function loadStagingAttacks(dir = DEFAULT_REDTEAM_DIR): BaseAttack[] {
  const file = join(dir, 'staging', 'attacks.yaml');
  return parseYamlWith(file, readFileSync(file, 'utf8'), attackFileSchema).attacks;
}
