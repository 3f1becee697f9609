/**
 * Finds raw postgres.js queries in source text: a tagged template or `.unsafe(` on the client (`sql`, `tx`,
 * `admin`, or `x.sql`). A bare `sql` is Drizzle's own fragment builder in a file that imports it from
 * drizzle-orm (without renaming it), and is not counted there. Comments are ignored.
 */
export interface RawSite {
  line: number;
  /** The `// raw SQL: …` comment that explains it (within COMMENT_REACH lines above), if any. */
  reason: string | undefined;
}

/** How far above a site its `// raw SQL:` comment may be (a statement with nested fragments spans a few lines). */
export const COMMENT_REACH = 12;

const DRIZZLE_SQL = /import\s*(?:type\s*)?\{[^}]*\bsql\b(?!\s+as\b)[^}]*\}\s*from\s*'drizzle-orm'/;
const TAG = /(?<![\w$])((?:[\w$]+\.)?)(sql|tx|admin)\s*(?:<[^`]{0,400}?>)?\s*`/g;
const UNSAFE = /\.unsafe\(/g;
const REASON = /\/\/\s*raw SQL:\s*(.+)$/;

/** Block comments and whole-line `//` comments become blanks (newlines kept, so line numbers hold). */
function stripComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/^[ \t]*\/\/.*$/gm, (c) => ' '.repeat(c.length));
}

export function rawSqlSites(text: string): RawSite[] {
  const code = stripComments(text);
  const bareIsDrizzle = DRIZZLE_SQL.test(text);
  const lines = text.split('\n');
  const lineOf = (i: number) => code.slice(0, i).split('\n').length;
  const found: number[] = [];
  for (const m of code.matchAll(TAG)) {
    if (!m[1] && m[2] === 'sql' && bareIsDrizzle) continue;
    found.push(m.index);
  }
  for (const m of code.matchAll(UNSAFE)) found.push(m.index);
  return found
    .sort((a, b) => a - b)
    .map(lineOf)
    .map((line) => {
      let reason: string | undefined;
      for (let l = line; l >= Math.max(1, line - COMMENT_REACH) && !reason; l--) reason = REASON.exec(lines[l - 1]!)?.[1];
      return { line, reason };
    });
}

/** The table of docs/raw-sql.md: file → number of raw sites it may hold. */
export function allowedSites(markdown: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of markdown.matchAll(/^\|\s*`([^`]+\.ts)`\s*\|\s*(\d+)\s*\|/gm)) out.set(m[1]!, (out.get(m[1]!) ?? 0) + Number(m[2]));
  return out;
}
