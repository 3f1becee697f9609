/**
 * Microsoft Copilot Studio test-set files (CSV or TXT): header `Question,Expected response` (the second
 * column may be left out), one question per record, separated by `,` or `;` (detected: Excel in Italian saves
 * `;`), with or without a BOM, CRLF or LF. Imported as a `single` test set whose cases check answer presence
 * and, as Copilot Studio does for a case without a test method, general quality; plus compare-meaning when an
 * expected response is given.
 */
import { createReadStream } from 'node:fs';
import { checkSpecSchema } from '../checks/schema.ts';
import { CsvError, CsvParser, toCsv, Utf8Chunks, type CsvRow } from './csv.ts';
import { ScenarioError } from './errors.ts';
import { crossFieldIssues, testCaseSchema, testSetSchema, type TestCase, type TestSet } from './schema.ts';

const HEADER = ['Question', 'Expected response'];
/** Text is parsed in slices of this many characters, so no list of every record is ever built. */
const SLICE = 1 << 20;

export interface CopilotImportOptions {
  /** Used in error messages. */
  fileName: string;
  setId: string;
  name?: string;
}

function fail(file: string, line: number, message: string): never {
  throw new ScenarioError([{ file, line, path: '', message }]);
}

/** Turns records into cases one at a time, as the parser hands them over. */
class CopilotSetBuilder {
  private header: CsvRow | undefined;
  private readonly cases: TestCase[] = [];

  constructor(
    private readonly opts: CopilotImportOptions,
    private readonly parser: CsvParser,
  ) {}

  add(rows: CsvRow[]): void {
    const file = this.opts.fileName;
    const delimiter = this.parser.delimiter ?? ',';
    for (const r of rows) {
      const header = this.header;
      if (!header) {
        const withExpected = r.fields.length === 2;
        if (r.fields[0] !== HEADER[0] || (withExpected && r.fields[1] !== HEADER[1]) || r.fields.length > 2) {
          fail(file, r.line, `wrong header ${JSON.stringify(r.fields.join(delimiter))}: expected exactly "${HEADER.join(delimiter)}" (or "Question")`);
        }
        this.header = r;
        continue;
      }
      if (r.fields.length > header.fields.length) {
        fail(file, r.line, `${r.fields.length} columns, the header has ${header.fields.length} (quote fields that contain "${delimiter}")`);
      }
      const question = (r.fields[0] ?? '').trim();
      if (question === '') fail(file, r.line, 'empty question');
      const expected = (r.fields[1] ?? '').trim();
      const checks = [{ type: 'answer-presence' }, { type: 'general-quality' }, ...(expected === '' ? [] : [{ type: 'compare-meaning' }])];
      const parsed = testCaseSchema.safeParse({
        id: `q${String(this.cases.length + 1).padStart(3, '0')}`,
        input: question,
        ...(expected === '' ? {} : { expected }),
        checks: checks.map((c) => checkSpecSchema.parse(c)),
      });
      if (!parsed.success) fail(file, r.line, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      this.cases.push(parsed.data);
    }
  }

  finish(): TestSet {
    const file = this.opts.fileName;
    if (!this.header) fail(file, 1, `empty file: expected the header "${HEADER.join(',')}"`);
    if (this.cases.length === 0) fail(file, this.header.line, 'no questions after the header');
    // The set's own fields are checked on a one-case shell: the cases were each checked as they were read.
    const shell = testSetSchema.safeParse({ id: this.opts.setId, name: this.opts.name, type: 'single', cases: this.cases.slice(0, 1) });
    if (!shell.success) {
      throw new ScenarioError(shell.error.issues.map((i) => ({ file, path: i.path.join('.'), message: i.message })));
    }
    const set: TestSet = { ...shell.data, cases: this.cases };
    const issues = crossFieldIssues(set);
    if (issues.length > 0) throw new ScenarioError(issues.map((i) => ({ file, path: i.path.join('.'), message: i.message })));
    return set;
  }
}

function located(file: string, err: unknown): never {
  if (err instanceof CsvError) fail(file, err.line, err.detail);
  throw err;
}

/** Imports a Copilot Studio file already in memory (text, or bytes decoded strictly as UTF-8). */
export function importCopilotStudio(content: string | Uint8Array, opts: CopilotImportOptions): TestSet {
  const parser = new CsvParser();
  const builder = new CopilotSetBuilder(opts, parser);
  try {
    let text = content;
    if (typeof text !== 'string') {
      const utf8 = new Utf8Chunks();
      text = utf8.decode(text) + utf8.end();
    }
    for (let at = 0; at < text.length; at += SLICE) builder.add(parser.push(text.slice(at, at + SLICE)));
    builder.add(parser.end());
  } catch (err) {
    located(opts.fileName, err);
  }
  return builder.finish();
}

/**
 * Imports a Copilot Studio file from disk as a stream: bytes are decoded and parsed chunk by chunk and each
 * record becomes a case as soon as it is read, so memory holds the cases, never the file's text or its records.
 */
export async function importCopilotStudioFile(path: string, opts: CopilotImportOptions): Promise<TestSet> {
  const parser = new CsvParser();
  const builder = new CopilotSetBuilder(opts, parser);
  const utf8 = new Utf8Chunks();
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 16 })) {
      builder.add(parser.push(utf8.decode(chunk as Buffer)));
    }
    builder.add(parser.push(utf8.end()));
    builder.add(parser.end());
  } catch (err) {
    located(opts.fileName, err);
  }
  return builder.finish();
}

/** Writes a single-turn set as a Copilot Studio CSV (questions and expected responses only: checks do not travel). */
export function exportCopilotStudio(set: TestSet): string {
  if (set.type !== 'single') throw new Error(`test set "${set.id}" is a conversation set: Copilot Studio files hold single questions`);
  const hasExpected = set.cases.some((c) => c.expected !== undefined);
  const rows = set.cases.map((c) => {
    const question = typeof c.input === 'string' ? c.input : '';
    return hasExpected ? [question, c.expected ?? ''] : [question];
  });
  return toCsv([hasExpected ? HEADER : [HEADER[0] ?? 'Question'], ...rows]);
}
