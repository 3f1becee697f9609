/**
 * Column types shared by the Drizzle tables. `jsonb` hands the value to postgres.js as its own typed JSON
 * parameter (what `sql.json` makes), so it is serialized once, by the client, exactly as the raw queries' JSON
 * is: Drizzle's stock jsonb stringifies it first and needs the client's JSON serializer switched off, which is
 * why Drizzle used to have a client (and a pool) of its own (see shared/db/client.ts).
 */
import postgres from 'postgres';
import { customType } from 'drizzle-orm/pg-core';

// A client that never connects, only to build parameters: its `json` is `x => new Parameter(x, 3802)`.
const typedJson = postgres({ max: 1 }).json;

export const jsonb = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => typedJson(value as Parameters<typeof typedJson>[0]) as unknown,
  // postgres.js parses jsonb already; Drizzle's stock column would JSON.parse a stored string a second time.
  fromDriver: (value) => value,
});
