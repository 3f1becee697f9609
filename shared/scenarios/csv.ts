/**
 * A small RFC 4180 CSV reader/writer (no dependency): quoted fields with "" escapes and embedded
 * newlines, CRLF or LF records, strict about stray quotes so a broken file fails with its line number.
 */

export class CsvError extends Error {
  constructor(
    readonly line: number,
    readonly detail: string,
  ) {
    super(`line ${line}: ${detail}`);
    this.name = 'CsvError';
  }
}

export interface CsvRow {
  fields: string[];
  /** 1-based line where the record starts. */
  line: number;
}

export type CsvDelimiter = ',' | ';';

/**
 * The delimiter of a file, read from its first record: Excel in Italian (and most of Europe) saves CSV with
 * `;`, because `,` is the decimal separator. The one that occurs more often outside quotes wins; `,` on a tie.
 */
export function detectDelimiter(input: string): CsvDelimiter {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of input.startsWith('\uFEFF') ? input.slice(1) : input) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** Parses CSV text (BOM already removed or not). Blank lines are skipped. The delimiter is detected unless given. */
export function parseCsv(input: string, delimiter: CsvDelimiter = detectDelimiter(input)): CsvRow[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let rowLine = 1;
  let i = 0;
  let fieldStarted = false;
  const endRow = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '' && !fieldStarted)) rows.push({ fields, line: rowLine });
    fields = [];
    field = '';
    fieldStarted = false;
  };
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      if (field !== '') throw new CsvError(line, 'quote inside an unquoted field (quote the whole field and double the quote)');
      const startLine = line;
      i++;
      for (;;) {
        if (i >= text.length) throw new CsvError(startLine, 'unbalanced quotes: quoted field never closed');
        const c = text[i];
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === '\n') line++;
        field += c;
        i++;
      }
      fieldStarted = true;
      const next = text[i];
      if (next !== undefined && next !== delimiter && next !== '\n' && next !== '\r') {
        throw new CsvError(line, 'text after a closing quote (quote the whole field and double inner quotes)');
      }
      continue;
    }
    if (ch === delimiter) {
      fields.push(field);
      field = '';
      fieldStarted = true;
      i++;
    } else if (ch === '\r' || ch === '\n') {
      endRow();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      rowLine = line;
    } else {
      field += ch;
      i++;
    }
  }
  if (field !== '' || fields.length > 0 || fieldStarted) endRow();
  return rows;
}

function quoteField(field: string): string {
  // `;` is quoted too, so a written file is never read back as `;`-separated.
  return /[",;\r\n]/.test(field) || field.startsWith('\uFEFF') ? `"${field.replace(/"/g, '""')}"` : field;
}

/** Writes CSV with CRLF record ends, as RFC 4180 says. */
export function toCsv(rows: string[][]): string {
  // A lone empty field is written "" so it is not read back as a blank (skipped) line.
  return rows.map((r) => (r.length === 1 && r[0] === '' ? '""' : r.map(quoteField).join(','))).join('\r\n') + '\r\n';
}

/** Decodes UTF-8 strictly (a BOM is dropped); invalid bytes raise a CsvError naming their line. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    let line = 1;
    for (let i = 0; i < at; i++) if (bytes[i] === 0x0a) line++;
    throw new CsvError(line, 'invalid UTF-8 (save the file as UTF-8)');
  }
}

/** Offset of the first byte that is not part of a well-formed UTF-8 sequence. */
function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const x = b[i] ?? 0;
    const need = x < 0x80 ? 0 : x >= 0xc2 && x <= 0xdf ? 1 : x >= 0xe0 && x <= 0xef ? 2 : x >= 0xf0 && x <= 0xf4 ? 3 : -1;
    if (need < 0) return i;
    for (let k = 1; k <= need; k++) {
      const c = b[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
    }
    i += need + 1;
  }
  return b.length;
}
