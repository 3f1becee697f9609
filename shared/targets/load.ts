/**
 * Reading a target config file (YAML or JSON). Problems name the file, the line and the field, so a
 * bad config fails when it is read, never halfway through a run.
 */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { TargetConfigError } from './errors.ts';
import { targetConfigSchema, type TargetConfig } from './registry.ts';
import { envRefsIn } from './template.ts';
import { targetEnvRefusal } from '../config.ts';

export async function loadTargetConfig(path: string): Promise<TargetConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new TargetConfigError([`${path}: cannot read target config (${err instanceof Error ? err.message : String(err)})`]);
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new TargetConfigError(
      doc.errors.map((e) => `${path}:${lines.linePos(e.pos[0]).line}: ${e.message.split('\n')[0] ?? ''}`),
    );
  }
  const parsed = targetConfigSchema.safeParse(doc.toJS());
  if (!parsed.success) {
    throw new TargetConfigError(
      parsed.error.issues.map((issue) => {
        // Point at the deepest node that exists on the issue's path (a missing field points at its parent).
        let line: number | undefined;
        for (let n = issue.path.length; n >= 0 && line === undefined; n--) {
          const node: unknown = doc.getIn(issue.path.slice(0, n) as (string | number)[], true);
          const range = (node as { range?: [number, number, number] } | undefined)?.range;
          if (range) line = lines.linePos(range[0]).line;
        }
        const field = issue.path.length > 0 ? issue.path.join('.') : '(root)';
        return `${path}${line === undefined ? '' : `:${line}`}: ${field}: ${issue.message}`;
      }),
    );
  }
  const config = parsed.data;
  // A name the operator did not allow fails here, naming the line, not at the first turn of the run.
  const refused = envRefsIn(config).flatMap((name) => {
    const why = targetEnvRefusal(name);
    if (!why) return [];
    const line = text.split('\n').findIndex((l) => l.includes(`\${env:${name}}`));
    return [`${path}${line < 0 ? '' : `:${line + 1}`}: ${why}`];
  });
  if (refused.length) throw new TargetConfigError(refused);
  return resolveTargetFiles(config, path);
}

/**
 * Files a target config names, relative to the config file: the transform module (resolved to an absolute
 * path) and `confidential.systemPromptFile` (read now and kept as `systemPrompt`, so a run carries the text
 * the leak detectors need and a missing file fails at load, naming it).
 */
export async function resolveTargetFiles(config: TargetConfig, configPath: string): Promise<TargetConfig> {
  const base = dirname(configPath);
  let out = config;
  if (out.type === 'http' && out.transform && !isAbsolute(out.transform)) {
    out = { ...out, transform: resolve(base, out.transform) };
  }
  const file = out.confidential?.systemPromptFile;
  if (out.confidential && file) {
    const full = isAbsolute(file) ? file : resolve(base, file);
    let text: string;
    try {
      text = await readFile(full, 'utf8');
    } catch (err) {
      const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : err instanceof Error ? err.message : String(err);
      throw new TargetConfigError([`${configPath}: confidential.systemPromptFile: cannot read ${full} (${why})`]);
    }
    if (text.trim() === '') throw new TargetConfigError([`${configPath}: confidential.systemPromptFile: ${full} is empty`]);
    const { systemPromptFile: _read, ...rest } = out.confidential;
    out = { ...out, confidential: { ...rest, systemPrompt: text } };
  }
  return out;
}
