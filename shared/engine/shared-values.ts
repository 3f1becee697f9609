/**
 * Values that many tasks of a run share (the target config of every test case, say) are stored once, in
 * the run's row, and a task payload refers to one as `{ "$shared": name }` in a top-level field. Rows,
 * claims and plans get smaller, and a worker parses the value once per run instead of once per task.
 * Shared values are written when the run is submitted and never change.
 */
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../db/client.ts';
import { runs } from '../db/schema/engine.ts';

export const sharedRefSchema = z.object({ $shared: z.string().min(1) }).strict();
export type SharedRef = z.infer<typeof sharedRefSchema>;

/** A payload field that holds either the value itself or a reference to the run's shared value. */
export const orShared = <T extends z.ZodType>(schema: T) => z.union([sharedRefSchema, schema]);

export function isSharedRef(v: unknown): v is SharedRef {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 1 && typeof (v as SharedRef).$shared === 'string';
}

/** The references in a payload's top-level fields. */
export function sharedRefsOf(payload: unknown): { field: string; name: string }[] {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return [];
  return Object.entries(payload).flatMap(([field, v]) => (isSharedRef(v) ? [{ field, name: v.$shared }] : []));
}

export const sharedValuesSchema = z.record(z.string().min(1), z.unknown());

const MAX_RUNS = 100;

/** A worker's view of shared values: read from Postgres once per run, each parsed once per schema. */
export class SharedValues {
  private readonly runs = new Map<string, Promise<Record<string, unknown>>>();
  private readonly parsed = new Map<string, unknown>();
  private readonly schemaIds = new WeakMap<z.ZodType, number>();
  private nextSchemaId = 0;

  constructor(private readonly sql: Sql) {}

  /** The value itself, or the run's shared value it refers to, parsed with `schema`. */
  async resolve<T>(runId: string, value: T | SharedRef, schema: z.ZodType<T>): Promise<T> {
    if (!isSharedRef(value)) return value;
    let sid = this.schemaIds.get(schema);
    if (sid === undefined) this.schemaIds.set(schema, (sid = this.nextSchemaId++));
    const key = `${runId}\u0000${value.$shared}\u0000${sid}`;
    if (this.parsed.has(key)) return this.parsed.get(key) as T;
    let all = await this.load(runId, false);
    if (!(value.$shared in all)) all = await this.load(runId, true);
    if (!(value.$shared in all)) throw new Error(`run ${runId} has no shared value "${value.$shared}"`);
    const v = schema.parse(all[value.$shared]);
    if (this.parsed.size > MAX_RUNS * 4) this.parsed.clear();
    this.parsed.set(key, v);
    return v;
  }

  private load(runId: string, fresh: boolean): Promise<Record<string, unknown>> {
    let p = fresh ? undefined : this.runs.get(runId);
    if (!p) {
      p = drizzleOf(this.sql)
        .select({ shared: runs.shared })
        .from(runs)
        .where(eq(runs.id, runId))
        .then((r) => r[0]?.shared ?? {});
      p.catch(() => this.runs.delete(runId));
      if (this.runs.size >= MAX_RUNS) this.runs.delete(this.runs.keys().next().value!);
      this.runs.set(runId, p);
    }
    return p;
  }
}
