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

/** True once `text` holds a record end outside quotes: the first record, which the delimiter is read from, is complete. */
function firstRecordEnds(text: string): boolean {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) return true;
  }
  return false;
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let at = text.indexOf('\n', from); at >= 0 && at < to; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

type ParserState = 'start' | 'unquoted' | 'quoted' | 'quote' | 'closed';

/**
 * Incremental CSV parser: text goes in by chunks of any size (`push`), complete records come out as soon as
 * they end, so a large file is never held whole. Blank lines are skipped. Without a delimiter it is detected
 * from the first record (the text is held until that record ends).
 */
export class CsvParser {
  private fields: string[] = [];
  private field = '';
  private fieldStarted = false;
  private state: ParserState = 'start';
  private line = 1;
  private rowLine = 1;
  private quoteLine = 1;
  /** A `\r` ended the last chunk: a `\n` opening the next one belongs to the same record end. */
  private skipLf = false;
  private started = false;
  private head = '';

  constructor(public delimiter?: CsvDelimiter) {}

  push(chunk: string): CsvRow[] {
    const out: CsvRow[] = [];
    let text = chunk;
    if (!this.started) {
      if (text === '') return out;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
      this.started = true;
    }
    if (this.delimiter === undefined) {
      this.head += text;
      if (!firstRecordEnds(this.head)) return out;
      this.delimiter = detectDelimiter(this.head);
      text = this.head;
      this.head = '';
    }
    this.scan(text, this.delimiter, out);
    return out;
  }

  /** The records left at the end of the input; throws a CsvError for a quoted field never closed. */
  end(): CsvRow[] {
    const out: CsvRow[] = [];
    if (this.delimiter === undefined) {
      this.delimiter = detectDelimiter(this.head);
      this.scan(this.head, this.delimiter, out);
      this.head = '';
    }
    if (this.state === 'quoted') throw new CsvError(this.quoteLine, 'unbalanced quotes: quoted field never closed');
    if (this.state === 'quote') this.fieldStarted = true;
    if (this.field !== '' || this.fields.length > 0 || this.fieldStarted) this.endRow(out);
    this.state = 'start';
    return out;
  }

  private endRow(out: CsvRow[]): void {
    this.fields.push(this.field);
    if (!(this.fields.length === 1 && this.fields[0] === '' && !this.fieldStarted)) out.push({ fields: this.fields, line: this.rowLine });
    this.fields = [];
    this.field = '';
    this.fieldStarted = false;
  }

  private scan(text: string, d: CsvDelimiter, out: CsvRow[]): void {
    const n = text.length;
    let i = 0;
    if (this.skipLf && n > 0) {
      this.skipLf = false;
      if (text[0] === '\n') i = 1;
    }
    while (i < n) {
      const c = text[i];
      if (this.state === 'quoted') {
        const q = text.indexOf('"', i);
        const end = q < 0 ? n : q;
        this.line += countNewlines(text, i, end);
        this.field += text.slice(i, end);
        i = end + 1;
        if (q >= 0) this.state = 'quote';
      } else if (this.state === 'quote') {
        // A quote inside a quoted field: doubled, it is a literal quote; otherwise it closed the field.
        if (c === '"') {
          this.field += '"';
          this.state = 'quoted';
          i++;
        } else {
          this.fieldStarted = true;
          this.state = 'closed';
        }
      } else if (this.state === 'closed') {
        if (c !== d && c !== '\n' && c !== '\r') throw new CsvError(this.line, 'text after a closing quote (quote the whole field and double inner quotes)');
        this.state = 'start';
      } else if (c === '"') {
        if (this.field !== '') throw new CsvError(this.line, 'quote inside an unquoted field (quote the whole field and double the quote)');
        this.quoteLine = this.line;
        this.state = 'quoted';
        i++;
      } else if (c === d) {
        this.fields.push(this.field);
        this.field = '';
        this.fieldStarted = true;
        this.state = 'start';
        i++;
      } else if (c === '\r' || c === '\n') {
        this.endRow(out);
        this.line++;
        this.rowLine = this.line;
        this.state = 'start';
        if (c === '\r' && i + 1 === n) this.skipLf = true;
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      } else {
        let j = i + 1;
        while (j < n) {
          const x = text[j];
          if (x === d || x === '\n' || x === '\r' || x === '"') break;
          j++;
        }
        this.field += text.slice(i, j);
        this.state = 'unquoted';
        i = j;
      }
    }
  }
}

/** Parses CSV text (BOM already removed or not). Blank lines are skipped. The delimiter is detected unless given. */
export function parseCsv(input: string, delimiter?: CsvDelimiter): CsvRow[] {
  const parser = new CsvParser(delimiter);
  return [...parser.push(input), ...parser.end()];
}

/**
 * Strict streaming UTF-8 decoding (a BOM is kept for the CSV parser to drop): bytes go in by chunks, split
 * sequences are joined, and the first invalid byte raises a CsvError naming its line.
 */
export class Utf8Chunks {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private linesBefore = 1;

  decode(bytes: Uint8Array): string {
    try {
      const text = this.decoder.decode(bytes, { stream: true });
      for (let at = bytes.indexOf(0x0a); at >= 0; at = bytes.indexOf(0x0a, at + 1)) this.linesBefore++;
      return text;
    } catch {
      // Continuation bytes at the start finish a sequence begun in the previous chunk.
      let from = 0;
      while (from < 3 && from < bytes.length && ((bytes[from] ?? 0) & 0xc0) === 0x80) from++;
      const at = from + firstInvalidUtf8(bytes.subarray(from));
      let line = this.linesBefore;
      for (let i = 0; i < at; i++) if (bytes[i] === 0x0a) line++;
      throw new CsvError(line, 'invalid UTF-8 (save the file as UTF-8)');
    }
  }

  end(): string {
    try {
      return this.decoder.decode();
    } catch {
      throw new CsvError(this.linesBefore, 'invalid UTF-8 (save the file as UTF-8)');
    }
  }
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
