import { describe, expect, it } from 'vitest';
import { CsvError, decodeUtf8, detectDelimiter, parseCsv, toCsv } from '../../shared/scenarios/csv.ts';

describe('parseCsv', () => {
  it("detects ';' (Excel in Italian) or ',' from the first record, ignoring quoted ones", () => {
    expect(detectDelimiter('Question;Expected response\r\na,b;c\r\n')).toBe(';');
    expect(detectDelimiter('\uFEFFQuestion,Expected response\n')).toBe(',');
    expect(detectDelimiter('"a;b;c",d\n')).toBe(',');
    expect(detectDelimiter('Question\n;;;\n')).toBe(',');
    expect(parseCsv('a;"b;c"\r\n1,5;2\r\n').map((r) => r.fields)).toEqual([['a', 'b;c'], ['1,5', '2']]);
  });

  const table: Array<[string, string, string[][]]> = [
    ['simple', 'a,b\r\nc,d\r\n', [['a', 'b'], ['c', 'd']]],
    ['LF endings and no final newline', 'a,b\nc,d', [['a', 'b'], ['c', 'd']]],
    ['quoted comma', '"a,b",c\n', [['a,b', 'c']]],
    ['doubled quotes', '"Il ""bando"" scade",x\n', [['Il "bando" scade', 'x']]],
    ['embedded newline', '"riga uno\r\nriga due",x\n', [['riga uno\r\nriga due', 'x']]],
    ['empty fields', 'a,,\n', [['a', '', '']]],
    ['quoted empty field', '""\n', [['']]],
    ['blank lines skipped', 'a\n\n\nb\n', [['a'], ['b']]],
    ['BOM dropped', '\uFEFFQuestion\n', [['Question']]],
    ['accents kept', 'perché,città\n', [['perché', 'città']]],
  ];
  it.each(table)('%s', (_name, text, rows) => {
    expect(parseCsv(text).map((r) => r.fields)).toEqual(rows);
  });

  it('gives each record the line it starts on', () => {
    expect(parseCsv('h\n"a\nb"\nc\n').map((r) => r.line)).toEqual([1, 2, 4]);
  });

  const errors: Array<[string, string, number, RegExp]> = [
    ['unclosed quote names the line it opened', 'a\nb\n"never closed\nmore\n', 3, /unbalanced quotes/],
    ['quote inside a bare field', 'a\nab"c\n', 2, /quote inside an unquoted field/],
    ['text after a closing quote', 'a\n"b"c\n', 2, /after a closing quote/],
  ];
  it.each(errors)('%s', (_name, text, line, message) => {
    expect(() => parseCsv(text)).toThrow(CsvError);
    try {
      parseCsv(text);
    } catch (err) {
      expect((err as CsvError).line).toBe(line);
      expect((err as CsvError).message).toMatch(message);
    }
  });
});

describe('toCsv', () => {
  it('quotes only where needed and ends records with CRLF', () => {
    expect(toCsv([['a', 'b,c', 'd"e', 'f\ng']])).toBe('a,"b,c","d""e","f\ng"\r\n');
  });
});

describe('decodeUtf8', () => {
  it('drops a BOM and rejects invalid bytes naming their line', () => {
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe('a');
    const bad = Buffer.concat([Buffer.from('Question\nbene\n'), Buffer.from([0x70, 0x65, 0x72, 0x63, 0x68, 0xe9, 0x0a])]);
    expect(() => decodeUtf8(bad)).toThrow(/line 3: invalid UTF-8/);
    expect(() => decodeUtf8(new Uint8Array([0xc3]))).toThrow(/line 1/);
  });
});
