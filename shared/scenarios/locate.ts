/**
 * Parses YAML or JSON text keeping node positions, and turns a field path into a line and column,
 * falling back to the nearest enclosing node when the field itself is missing.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { ScenarioProblem } from './errors.ts';

export interface ParsedText {
  doc: Document | undefined;
  lineCounter: LineCounter;
  data: unknown;
  problems: ScenarioProblem[];
}

/** Positions are 1-based, as editors show them. */
export function position(lc: LineCounter, offset: number): { line: number; column: number } {
  const { line, col } = lc.linePos(offset);
  return { line, column: col };
}

export function parseText(text: string, file: string): ParsedText {
  const lineCounter = new LineCounter();
  const problems: ScenarioProblem[] = [];
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    for (const err of doc.errors) {
      problems.push({ file, ...position(lineCounter, err.pos[0]), path: '', message: err.message.split('\n')[0] ?? err.message });
    }
    return { doc: undefined, lineCounter, data: undefined, problems };
  }
  let data: unknown;
  try {
    // A bounded alias count refuses "billion laughs" documents instead of expanding them.
    data = doc.toJS({ maxAliasCount: 1000 });
  } catch (err) {
    problems.push({ file, line: 1, column: 1, path: '', message: (err as Error).message });
  }
  return { doc, lineCounter, data, problems };
}

/** The deepest node along `path`, e.g. ['cases', 3, 'checks', 0, 'type']. */
export function nodeAt(doc: Document, path: ReadonlyArray<PropertyKey>): Node | undefined {
  let node: unknown = doc.contents;
  let found: Node | undefined = (doc.contents as Node | null) ?? undefined;
  for (const key of path) {
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && (isScalar(p.key) ? p.key.value : p.key) === key);
      next = pair ? (pair.value ?? pair.key) : undefined;
    } else if (isSeq(node) && typeof key === 'number') {
      next = node.items[key];
    }
    if (next === undefined || next === null || typeof next !== 'object' || !('range' in next)) break;
    node = next;
    found = next as Node;
  }
  return found;
}

export function locate(parsed: ParsedText, path: ReadonlyArray<PropertyKey>): { line?: number; column?: number } {
  if (!parsed.doc) return {};
  const node = nodeAt(parsed.doc, path);
  const start = node?.range?.[0];
  return start === undefined ? {} : position(parsed.lineCounter, start);
}
