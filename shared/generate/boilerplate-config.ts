/**
 * Loads the boilerplate question file (YAML) with zod: a bad file fails when read, naming the file, the field
 * path and, where the YAML parser knows it, the line.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseDocument, isMap, isSeq, LineCounter } from 'yaml';
import { z } from 'zod';
import type { BoilerplateQuestion } from './types.ts';

export const DEFAULT_BOILERPLATE_FILE = fileURLToPath(new URL('../../scenarios/boilerplate/questions.yaml', import.meta.url));

const PLACEHOLDERS = ['title', 'administration', 'profile'];

const questionSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, 'lowercase letters, digits and - only'),
  topic: z.string().min(1),
  question: z
    .string()
    .min(10)
    .superRefine((q, ctx) => {
      for (const m of q.matchAll(/\{(\w+)\}/g)) {
        if (!PLACEHOLDERS.includes(m[1] ?? '')) ctx.addIssue({ code: 'custom', message: `unknown placeholder {${m[1]}} (use ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')})` });
      }
      if (!/\{(title|administration|profile)\}/.test(q)) ctx.addIssue({ code: 'custom', message: 'name the bando: use {title}, {administration} or {profile}' });
    }),
});

export const boilerplateFileSchema = z.strictObject({
  questions: z
    .array(questionSchema)
    .min(1)
    .superRefine((qs, ctx) => {
      const seen = new Set<string>();
      qs.forEach((q, i) => {
        if (seen.has(q.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `duplicate id "${q.id}"` });
        seen.add(q.id);
      });
    }),
});

export function parseBoilerplate(source: string, file = '<inline>'): BoilerplateQuestion[] {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines });
  if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
  const parsed = boilerplateFileSchema.safeParse(doc.toJS());
  if (parsed.success) return parsed.data.questions;
  const problems = parsed.error.issues.map((issue) => {
    const line = lineOf(doc.contents, issue.path, lines);
    return `${file}${line ? `:${line}` : ''}: ${issue.path.join('.') || '(root)'}: ${issue.message}`;
  });
  throw new Error(problems.join('\n'));
}

export function loadBoilerplate(file = DEFAULT_BOILERPLATE_FILE): BoilerplateQuestion[] {
  return parseBoilerplate(readFileSync(file, 'utf8'), file);
}

/** The 1-based line of the YAML node at `path`, or of its nearest existing parent. */
function lineOf(root: unknown, path: PropertyKey[], counter: LineCounter): number | undefined {
  let node = root;
  let line: number | undefined;
  for (const key of path) {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    if (range) line = counter.linePos(range[0]).line;
    if (isMap(node)) node = node.get(key as string, true);
    else if (isSeq(node)) node = node.get(key as number, true);
    else break;
  }
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return range ? counter.linePos(range[0]).line : line;
}
