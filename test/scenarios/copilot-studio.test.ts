import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportCopilotStudio, importCopilotStudio, importCopilotStudioFile } from '../../shared/scenarios/copilot-studio.ts';
import { ScenarioError } from '../../shared/scenarios/errors.ts';
import { parseScenarioText } from '../../shared/scenarios/load.ts';

const opts = { fileName: 'domande.csv', setId: 'copilot' };

function problem(content: string | Uint8Array) {
  try {
    importCopilotStudio(content, opts);
  } catch (err) {
    expect(err).toBeInstanceOf(ScenarioError);
    return (err as ScenarioError).problems[0];
  }
  throw new Error('expected a ScenarioError');
}

describe('importCopilotStudio', () => {
  it('turns questions into a single-turn set with presence, general quality and (given an expected response) meaning checks', () => {
    const csv = 'Question,Expected response\r\n"Quando scade il bando per infermieri, a Roma?","Il 31 gennaio 2027."\r\nCi sono concorsi a Torino?,\r\n';
    const set = importCopilotStudio(csv, opts);
    expect(set.type).toBe('single');
    expect(set.cases.map((c) => c.id)).toEqual(['q001', 'q002']);
    expect(set.cases[0]).toMatchObject({ input: 'Quando scade il bando per infermieri, a Roma?', expected: 'Il 31 gennaio 2027.' });
    expect(set.cases[0]?.checks.map((c) => c.type)).toEqual(['answer-presence', 'general-quality', 'compare-meaning']);
    expect(set.cases[1]?.checks.map((c) => c.type)).toEqual(['answer-presence', 'general-quality']);
    expect(set.cases[1]?.expected).toBeUndefined();
  });

  it('accepts a question-only file, bytes with a BOM, and embedded newlines', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Question\n"Riga uno\nriga due"\nperché?\n')]);
    const set = importCopilotStudio(bytes, opts);
    expect(set.cases.map((c) => c.input)).toEqual(['Riga uno\nriga due', 'perché?']);
  });

  it("reads an Italian Excel export: ';' separators, a BOM, CRLF, commas inside unquoted fields", () => {
    const excel = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('Question;Expected response\r\nServe la laurea, o basta il diploma?;Basta il diploma, con 5 anni di esperienza.\r\n"Quanti posti; e dove?";"10 posti; a Roma"\r\nCi sono concorsi a Torino?;\r\n'),
    ]);
    const set = importCopilotStudio(excel, opts);
    expect(set.cases.map((c) => [c.input, c.expected])).toEqual([
      ['Serve la laurea, o basta il diploma?', 'Basta il diploma, con 5 anni di esperienza.'],
      ['Quanti posti; e dove?', '10 posti; a Roma'],
      ['Ci sono concorsi a Torino?', undefined],
    ]);
    // A wrong header is described with the file's own separator.
    expect(problem('Domanda;Risposta\r\nx;y\r\n')?.message).toBe('wrong header "Domanda;Risposta": expected exactly "Question;Expected response" (or "Question")');
    expect(problem('Question;Expected response\na;b;c\n')?.message).toMatch(/3 columns, the header has 2 \(quote fields that contain ";"\)/);
  });

  const bad: Array<[string, string | Uint8Array, number, RegExp]> = [
    ['wrong header', 'Domanda,Risposta attesa\nx,y\n', 1, /wrong header/],
    ['header with different case', 'question,expected response\nx,y\n', 1, /wrong header/],
    ['extra header column', 'Question,Expected response,Notes\nx,y,z\n', 1, /wrong header/],
    ['no questions', 'Question,Expected response\n', 1, /no questions/],
    ['empty file', '', 1, /empty file/],
    ['too many columns', 'Question,Expected response\na,b\nc,d,e\n', 3, /3 columns/],
    ['empty question', 'Question\n""\n', 2, /empty question/],
    ['unbalanced quotes', 'Question,Expected response\n"a,b\n', 2, /unbalanced quotes/],
    ['invalid UTF-8', Buffer.concat([Buffer.from('Question\nok\n'), Buffer.from([0xff, 0x0a])]), 3, /invalid UTF-8/],
  ];
  it.each(bad)('%s → error naming the line', (_name, content, line, message) => {
    const p = problem(content);
    expect(p).toMatchObject({ file: 'domande.csv', line });
    expect(p?.message).toMatch(message);
  });
});

describe('importCopilotStudioFile (streamed)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vaglio-copilot-'));
  const write = (name: string, content: string | Buffer) => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  };
  // Records long enough to cross the 64 KiB read chunks: CRLFs, quoted line breaks and 'è' (2 bytes) land on every boundary.
  const rows = Array.from({ length: 3000 }, (_, i) => [`Domanda ${i}; è "giusta"?${i % 5 === 0 ? '\r\nseconda riga' : ''}`, i % 2 ? `Risposta ${i}, sì` : '']);
  const excel = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`Question;Expected response\r\n${rows.map(([q, e]) => `"${q!.replace(/"/g, '""')}";${e}`).join('\r\n')}\r\n`)]);

  it('reads a file of many chunks as the in-memory import does (BOM, ";", CRLF, quoted line breaks)', async () => {
    expect(excel.length).toBeGreaterThan(2 * 65536);
    const streamed = await importCopilotStudioFile(write('excel.csv', excel), opts);
    expect(streamed).toEqual(importCopilotStudio(excel, opts));
    expect(streamed.cases).toHaveLength(3000);
    expect(streamed.cases[2995]).toMatchObject({ id: 'q2996', input: 'Domanda 2995; è "giusta"?\r\nseconda riga', expected: 'Risposta 2995, sì' });
  });

  it('names the line of a problem deep in the file: invalid UTF-8, extra columns, an unclosed quote', async () => {
    const lines = excel.toString('utf8').split('\r\n');
    // The file's lines end with CRLF; line 2,500 or the next one that opens a record.
    const badLine = lines.findIndex((l, i) => i >= 2499 && l.startsWith('"Domanda')) + 1;
    const lineOf = (n: number) => n;
    const at = Buffer.byteLength(lines.slice(0, badLine - 1).join('\r\n')) + 2 + 3;
    const invalid = Buffer.from(excel);
    invalid[at] = 0xff;
    const cases: Array<[string, Buffer | string, number, RegExp]> = [
      ['utf8.csv', invalid, lineOf(badLine), /invalid UTF-8/],
      ['columns.csv', [...lines.slice(0, badLine - 1), 'a;b;c', ...lines.slice(badLine - 1)].join('\r\n'), lineOf(badLine), /3 columns, the header has 2/],
      ['quote.csv', [...lines.slice(0, -1), '"never closed;x', 'more'].join('\r\n'), lineOf(lines.length), /unbalanced quotes/],
    ];
    for (const [name, content, line, message] of cases) {
      const file = write(name, content);
      const err = await importCopilotStudioFile(file, opts).then(() => undefined, (e: unknown) => e);
      expect(err, name).toBeInstanceOf(ScenarioError);
      expect((err as ScenarioError).problems[0], name).toMatchObject({ file: 'domande.csv', line });
      expect((err as ScenarioError).problems[0]?.message, name).toMatch(message);
    }
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('exportCopilotStudio', () => {
  it('round-trips questions and expected responses', () => {
    const csv = 'Question,Expected response\r\n"Serve la laurea, o basta il diploma?","Basta il ""diploma""."\r\nE a Milano?,\r\n';
    const set = importCopilotStudio(csv, opts);
    expect(exportCopilotStudio(set)).toBe(csv);
    expect(importCopilotStudio(exportCopilotStudio(set), opts)).toEqual(set);
  });

  it('writes a question-only file when no case has an expected answer, and refuses conversations', () => {
    const [single] = parseScenarioText('id: s\ntype: single\ncases: [{id: a, input: ciao}]\n', 'x');
    expect(single && exportCopilotStudio(single)).toBe('Question\r\nciao\r\n');
    const [convo] = parseScenarioText('id: c\ntype: conversation\ncases: [{id: a, input: {turns: [{user: ciao}]}}]\n', 'x');
    expect(() => convo && exportCopilotStudio(convo)).toThrow(/conversation/);
  });
});
