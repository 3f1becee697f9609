/** postgres.js + Drizzle. One pool per process; `ensureDatabase` creates the database when missing. */
import postgres from 'postgres';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import * as schema from './schema/index.ts';

export type Db = PostgresJsDatabase<typeof schema>;
export type Sql = postgres.Sql;

export interface DbHandle {
  sql: Sql;
  db: Db;
  close(): Promise<void>;
}

export function openDb(url: string, opts: { max?: number } = {}): DbHandle {
  const options = {
    max: opts.max ?? 10,
    onnotice: () => {},
    // A connection that Postgres drops (restart, failover) is replaced on the next query.
    idle_timeout: 30,
    connect_timeout: 10,
  };
  const sql = postgres(url, options);
  // Drizzle replaces a client's JSON and timestamp (de)serialisers with pass-through ones, which would change
  // what raw `sql` queries return: it gets a client (and a small pool) of its own.
  const drizzleClient = postgres(url, { ...options, max: Math.max(2, Math.ceil(options.max / 2)) });
  const db = drizzle(drizzleClient, { schema });
  return {
    sql,
    db,
    close: async () => {
      await Promise.all([sql.end({ timeout: 5 }), drizzleClient.end({ timeout: 5 })]);
    },
  };
}

/** Create the database named in `url` if it does not exist (connecting to the `postgres` database). */
export async function ensureDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`database name "${name}" must be letters, digits, _ or -`);
  u.pathname = '/postgres';
  const admin = postgres(u.toString(), { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const rows = await admin`select 1 from pg_database where datname = ${name}`;
    if (rows.length === 0) {
      try {
        await admin.unsafe(`create database "${name}"`);
      } catch (err) {
        // Two replicas racing to create it: the loser sees duplicate_database (42P04).
        if ((err as { code?: string }).code !== '42P04') throw err;
      }
    }
  } finally {
    await admin.end({ timeout: 5 });
  }
}
