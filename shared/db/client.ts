/** postgres.js + Drizzle on one client and one pool per process; `ensureDatabase` creates the database when missing. */
import postgres, { type TransactionSql } from 'postgres';
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
  return { sql, db: drizzleOf(sql), close: () => sql.end({ timeout: 5 }) };
}

const drizzles = new WeakMap<Sql, Db>();

/**
 * The Drizzle query builder on `sql`'s client and pool (made once per client): read models and stores take the
 * process's one `Sql` and query through this, so no second pool is ever opened.
 */
export function drizzleOf(sql: Sql): Db {
  let db = drizzles.get(sql);
  if (!db) drizzles.set(sql, (db = drizzleOn(sql)));
  return db;
}

/**
 * Drizzle inside a postgres.js transaction of `sql` (`sql.begin(async (tx) => …)`), for a transaction that keeps
 * one raw statement beside its Drizzle ones. Made per transaction (a transaction handle carries no options).
 */
export function drizzleIn(sql: Sql, tx: TransactionSql): Db {
  return drizzleOn(tx as unknown as Sql, sql.options);
}

/** true when Postgres answers; the health checks' ping. */
export async function pingDb(sql: Sql): Promise<boolean> {
  // raw SQL: a liveness probe, it reads no table (nothing for Drizzle to type)
  return sql`select 1`.then(() => true, () => false);
}

/**
 * Drizzle on the same client and pool as the raw queries. Drizzle switches off the client's timestamp parsers
 * and JSON serializers when it is given a client (its stock columns parse and stringify themselves); it gets
 * a view of the client whose `options` are a copy, so raw `sql` keeps returning Dates and parsed JSON. Our
 * tables read what the client parses (Drizzle's timestamp columns accept Dates) and write JSON through the
 * client's own serializer (schema/columns.ts).
 */
function drizzleOn(sql: Sql, base = sql.options): Db {
  const options = { ...base, parsers: { ...base.parsers }, serializers: { ...base.serializers } };
  const view = new Proxy(sql, { get: (target, prop, receiver) => (prop === 'options' ? options : Reflect.get(target, prop, receiver)) });
  return drizzle(view, { schema });
}

/** Create the database named in `url` if it does not exist (connecting to the `postgres` database). */
export async function ensureDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`database name "${name}" must be letters, digits, _ or -`);
  u.pathname = '/postgres';
  const admin = postgres(u.toString(), { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    // raw SQL: creates the database on an admin connection to `postgres`, before any vaglio table exists
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
