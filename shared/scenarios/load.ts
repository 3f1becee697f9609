/**
 * Loading scenario files: YAML or JSON, one test set or a list per file, validated entirely before
 * anything runs. Every problem of every file is collected into one ScenarioError.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { z } from 'zod';
import { formatPath, ScenarioError, type ScenarioProblem } from './errors.ts';
import { locate, parseText, type ParsedText } from './locate.ts';
import { crossFieldIssues, testSetSchema, type TestSet } from './schema.ts';
import { importJsonEvalSet, isJsonEvalSet } from './eval-set.ts';
import { importCopilotStudioFile } from './copilot-studio.ts';

export const SCENARIO_EXTENSIONS = ['.yaml', '.yml', '.json'];

function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return 'is required';
  return issue.message;
}

function problemsOf(parsed: ParsedText, file: string, raw: unknown, prefix: Array<string | number>, error: z.ZodError): ScenarioProblem[] {
  const out: ScenarioProblem[] = [];
  // A rule both a case and its set check (a NUL) is said once.
  const seen = new Set<string>();
  const add = (path: ReadonlyArray<PropertyKey>, message: string) => {
    const full = [...prefix, ...path];
    const at = formatPath(full);
    if (seen.has(`${at} ${message}`)) return;
    seen.add(`${at} ${message}`);
    out.push({ file, ...locate(parsed, full), path: at, message });
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], `unknown field "${key}"`);
    } else add(issue.path, messageOf(issue));
  }
  for (const issue of crossFieldIssues(raw)) add(issue.path, issue.message);
  return out;
}

/** Validates text already read; `file` is only used in messages. Throws ScenarioError. */
export function parseScenarioText(text: string, file: string): TestSet[] {
  const parsed = parseText(text, file);
  if (parsed.problems.length > 0) throw new ScenarioError(parsed.problems);
  const { data } = parsed;
  if (data === null || data === undefined) {
    throw new ScenarioError([{ file, line: 1, column: 1, path: '', message: 'file holds no test set' }]);
  }
  const items: Array<{ raw: unknown; prefix: Array<string | number> }> = Array.isArray(data)
    ? data.map((raw, i) => ({ raw, prefix: [i] }))
    : [{ raw: data, prefix: [] }];
  if (items.length === 0) throw new ScenarioError([{ file, line: 1, column: 1, path: '', message: 'file holds no test set' }]);
  const sets: TestSet[] = [];
  const problems: ScenarioProblem[] = [];
  const ids = new Map<string, string>();
  for (const { raw, prefix } of items) {
    const result = testSetSchema.safeParse(raw);
    if (!result.success) {
      problems.push(...problemsOf(parsed, file, raw, prefix, result.error));
      continue;
    }
    const first = ids.get(result.data.id);
    if (first !== undefined) {
      const path = [...prefix, 'id'];
      problems.push({ file, ...locate(parsed, path), path: formatPath(path), message: `duplicate test set id "${result.data.id}" (also ${first})` });
    } else ids.set(result.data.id, formatPath(prefix) || 'this file');
    sets.push(result.data);
  }
  if (problems.length > 0) {
    problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
    throw new ScenarioError(problems);
  }
  return sets;
}

async function readProblem(file: string, err: unknown): Promise<ScenarioProblem> {
  const code = (err as NodeJS.ErrnoException).code;
  return { file, path: '', message: code === 'ENOENT' ? 'file not found' : `cannot read: ${(err as Error).message}` };
}

function decode(bytes: Buffer, file: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ScenarioError([{ file, path: '', message: 'file is not valid UTF-8' }]);
  }
}

/** The set id a file gives when it does not name one (CSV, eval-set JSON): its name without the extension. */
export function setIdFromFile(path: string): string {
  return basename(path).replace(/\.[^.]+$/, '').replace(/[^A-Za-z0-9_.-]+/g, '-') || 'imported';
}

/**
 * Loads one file and returns its test sets: scenario YAML/JSON, a Copilot Studio CSV/TXT, or a JSON eval set
 * (`[{ id, input, expected }]`), told apart by extension and shape.
 */
export async function loadScenarioFile(path: string): Promise<TestSet[]> {
  let bytes: Buffer;
  try {
    if (['.csv', '.txt'].includes(extname(path).toLowerCase())) return [await importCopilotStudioFile(path, { fileName: path, setId: setIdFromFile(path) })];
    bytes = await readFile(path);
  } catch (err) {
    if (err instanceof ScenarioError) throw err;
    throw new ScenarioError([await readProblem(path, err)]);
  }
  const text = decode(bytes, path);
  if (extname(path).toLowerCase() === '.json') {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined; // parseScenarioText reports the syntax error with its line
    }
    if (isJsonEvalSet(data)) return [importJsonEvalSet(text, { fileName: path, setId: setIdFromFile(path) })];
  }
  return parseScenarioText(text, path);
}

async function collect(path: string, out: string[], explicit: boolean): Promise<void> {
  const info = await stat(path);
  if (info.isDirectory()) {
    const entries = await readdir(path);
    for (const entry of entries.sort()) await collect(join(path, entry), out, false);
  } else if (explicit || SCENARIO_EXTENSIONS.includes(extname(path).toLowerCase())) out.push(path);
}

/**
 * Loads files and directories (recursively, .yaml/.yml/.json, in sorted order). Refuses duplicate set ids
 * across files. Throws one ScenarioError listing every problem of every file.
 */
export async function loadScenarios(pathsOrDirs: string[]): Promise<TestSet[]> {
  const files: string[] = [];
  const problems: ScenarioProblem[] = [];
  for (const p of pathsOrDirs) {
    try {
      await collect(p, files, true);
    } catch (err) {
      problems.push(await readProblem(p, err));
    }
  }
  const sets: TestSet[] = [];
  const owner = new Map<string, string>();
  for (const file of [...new Set(files)]) {
    try {
      for (const set of await loadScenarioFile(file)) {
        const first = owner.get(set.id);
        if (first !== undefined && first !== file) {
          problems.push({ file, path: 'id', message: `duplicate test set id "${set.id}" (also in ${first})` });
        } else {
          owner.set(set.id, file);
          sets.push(set);
        }
      }
    } catch (err) {
      if (!(err instanceof ScenarioError)) throw err;
      problems.push(...err.problems);
    }
  }
  if (problems.length > 0) throw new ScenarioError(problems);
  return sets;
}
