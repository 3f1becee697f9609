/**
 * Microsoft Copilot Studio test-set files (CSV or TXT): header `Question,Expected response` (the second
 * column may be left out), one question per record, separated by `,` or `;` (detected: Excel in Italian saves
 * `;`), with or without a BOM, CRLF or LF. Imported as a `single` test set whose cases check answer presence
 * and, as Copilot Studio does for a case without a test method, general quality; plus compare-meaning when an
 * expected response is given.
 */
import { checkSpecSchema } from '../checks/schema.ts';
import { CsvError, decodeUtf8, detectDelimiter, parseCsv, toCsv, type CsvDelimiter } from './csv.ts';
import { ScenarioError } from './errors.ts';
import { testSetSchema, type TestSet } from './schema.ts';

const HEADER = ['Question', 'Expected response'];

export interface CopilotImportOptions {
  /** Used in error messages. */
  fileName: string;
  setId: string;
  name?: string;
}

function fail(file: string, line: number, message: string): never {
  throw new ScenarioError([{ file, line, path: '', message }]);
}

export function importCopilotStudio(content: string | Uint8Array, opts: CopilotImportOptions): TestSet {
  const file = opts.fileName;
  let rows;
  let delimiter: CsvDelimiter = ',';
  try {
    const text = typeof content === 'string' ? content : decodeUtf8(content);
    delimiter = detectDelimiter(text);
    rows = parseCsv(text, delimiter);
  } catch (err) {
    if (err instanceof CsvError) fail(file, err.line, err.detail);
    throw err;
  }
  const [header, ...records] = rows;
  if (!header) fail(file, 1, `empty file: expected the header "${HEADER.join(',')}"`);
  const withExpected = header.fields.length === 2;
  if (header.fields[0] !== HEADER[0] || (withExpected && header.fields[1] !== HEADER[1]) || header.fields.length > 2) {
    fail(file, header.line, `wrong header ${JSON.stringify(header.fields.join(delimiter))}: expected exactly "${HEADER.join(delimiter)}" (or "Question")`);
  }
  if (records.length === 0) fail(file, header.line, 'no questions after the header');
  const cases = records.map((r, i) => {
    if (r.fields.length > header.fields.length) {
      fail(file, r.line, `${r.fields.length} columns, the header has ${header.fields.length} (quote fields that contain "${delimiter}")`);
    }
    const question = (r.fields[0] ?? '').trim();
    if (question === '') fail(file, r.line, 'empty question');
    const expected = (r.fields[1] ?? '').trim();
    const checks = [checkSpecSchema.parse({ type: 'answer-presence' }), checkSpecSchema.parse({ type: 'general-quality' })];
    if (expected !== '') checks.push(checkSpecSchema.parse({ type: 'compare-meaning' }));
    return {
      id: `q${String(i + 1).padStart(3, '0')}`,
      input: question,
      ...(expected === '' ? {} : { expected }),
      checks,
    };
  });
  const parsed = testSetSchema.safeParse({ id: opts.setId, name: opts.name, type: 'single', cases });
  if (!parsed.success) {
    throw new ScenarioError(parsed.error.issues.map((i) => ({ file, path: i.path.join('.'), message: i.message })));
  }
  return parsed.data;
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
