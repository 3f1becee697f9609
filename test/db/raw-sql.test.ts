/**
 * Drizzle is the query layer; raw postgres.js SQL stays only where docs/raw-sql.md lists it, each site with a
 * `// raw SQL: <reason>` comment. A new raw query outside the table (or one more in a listed file) fails here.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowedSites, rawSqlSites } from './raw-sql-scan.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TABLE = 'docs/raw-sql.md';

function sourceFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'shared', 'services', 'cli'], { cwd: ROOT }).toString();
  // The demo chatbot is a stand-in for the user's bot, with its own tables: not vaglio's query layer.
  return out.split('\n').filter((f) => f.endsWith('.ts') && !f.startsWith('services/demo-chatbot/'));
}

describe('raw SQL', () => {
  it.each([
    ['a postgres.js query', "const r = await sql`select 1 from runs`;", 1],
    ['a typed one on a handle', 'const r = await deps.sql<{ n: number }[]>`select count(*) from tasks`;', 1],
    ['a typed one whose type spans lines', 'await ctx.sql<{\n  a: string;\n}[]>`select a from t`;', 1],
    ['a transaction and unsafe', 'await tx`update t set a = 1`; await sql.unsafe(text);', 2],
    ["Drizzle's sql fragment", "import { eq, sql } from 'drizzle-orm';\nconst x = sql<number>`count(*)`;", 0],
    ["Drizzle's sql beside a client's", "import { sql } from 'drizzle-orm';\nconst x = sql`1`; await h.sql`select 1`;", 1],
    ['a renamed Drizzle sql leaves sql the client', "import { sql as frag } from 'drizzle-orm';\nawait sql`select 1`;", 1],
    ['a comment', '/** raw `sql` keeps Dates */\n// sql`select 1`\nconst a = 1;', 0],
  ])('finds %s', (_name, text, n) => {
    expect(rawSqlSites(text)).toHaveLength(n);
  });

  it('finds a site reason only in its `// raw SQL:` comment', () => {
    const [site] = rawSqlSites('// raw SQL: the claim path — measured by npm run bench:engine\nawait sql`update tasks`;');
    expect(site?.reason).toBe('the claim path — measured by npm run bench:engine');
    expect(rawSqlSites('// a note\nawait sql`update tasks`;')[0]?.reason).toBeUndefined();
  });

  it(`is only where ${TABLE} lists it, each site with its reason`, () => {
    const allowed = allowedSites(readFileSync(path.join(ROOT, TABLE), 'utf8'));
    expect(allowed.size).toBeGreaterThan(0);
    const found = new Map<string, number>();
    const unexplained: string[] = [];
    for (const file of sourceFiles()) {
      const sites = rawSqlSites(readFileSync(path.join(ROOT, file), 'utf8'));
      if (sites.length) found.set(file, sites.length);
      for (const s of sites) if (!s.reason) unexplained.push(`${file}:${s.line}`);
    }
    expect(unexplained, 'raw SQL without a `// raw SQL: <reason>` comment above it (use Drizzle, or explain and list it)').toEqual([]);
    // Per file, the number of raw sites equals the table's: a new raw read fails here until it is listed with its reason.
    expect(Object.fromEntries([...found].sort()), `raw SQL sites per file differ from ${TABLE}`).toEqual(Object.fromEntries([...allowed].sort()));
  });
});
