/**
 * Tables in a bando's text, drawn with bars ("| Sicilia | Archivio di Stato di Palermo | 3 |") or aligned with
 * runs of spaces ("Dipartimento Nord Est      Novara, Viale Roma n. 7/D    1"). A place in a table row takes its
 * role from the table's header and the sentence that introduces it ("I posti sono destinati alle seguenti
 * strutture:", "Ufficio di assegnazione"), not from the row's neighbours.
 */

const isTableLine = (line: string) => /\|[^|\n]*\|/.test(line) || /\S {3,}\S/.test(line.trim());

function lineAt(text: string, pos: number): { start: number; end: number } {
  const start = text.lastIndexOf('\n', pos - 1) + 1;
  const nl = text.indexOf('\n', pos);
  return { start, end: nl < 0 ? text.length : nl };
}

/** For a position in a table row: the header line and the introducing sentence (folded as given); else undefined. */
export function tableContext(text: string, pos: number): { header: string; intro: string } | undefined {
  let line = lineAt(text, pos);
  if (!isTableLine(text.slice(line.start, line.end))) return undefined;
  let header = line;
  let rows = 0;
  // Walk up through the table: its first line is the header.
  while (line.start > 0) {
    const prev = lineAt(text, line.start - 1);
    const s = text.slice(prev.start, prev.end);
    // Rules, and cells wrapped onto an indented line of their own, belong to the table too.
    if (!isTableLine(s) && !/^\s*[-:|+= ]+\s*$/.test(s) && !/^ {3,}\S/.test(s)) break;
    line = prev;
    if (isTableLine(s)) header = prev;
    rows++;
  }
  if (rows === 0) return undefined;
  // The sentence before the table: the nearest non-empty line above it.
  let intro = '';
  let p = header.start - 1;
  while (p > 0 && !intro) {
    const l = lineAt(text, p);
    intro = text.slice(l.start, l.end).trim();
    p = l.start - 1;
  }
  return { header: text.slice(header.start, header.end), intro };
}
