/**
 * What of an error may go into a log line. A Drizzle query error's message is the statement and its parameters
 * ("Failed query: … params: …"), and a Postgres error's message or detail can quote a value ("invalid input
 * syntax for type integer: "…"", "Key (id)=(…) already exists"): parameters are citizens' questions, chatbot
 * answers, sometimes secrets. So a database error is logged by its class, SQLSTATE and the table, column and
 * constraint it names, never by its text; nor is the text of any error wrapping one (wrappers glue the inner
 * message into theirs). Other errors keep their message. The logger's `err`/`error` serializer applies this to
 * every log line (shared/logger.ts); `errorSummary` is the same for lines written without pino.
 */
import postgres from 'postgres';
import { DrizzleQueryError } from 'drizzle-orm/errors';

export interface LoggedError {
  type: string;
  /** SQLSTATE for a Postgres error; a Node or postgres.js code (ECONNREFUSED, CONNECTION_CLOSED) otherwise. */
  code?: string;
  table?: string;
  column?: string;
  constraint?: string;
  /** Only for errors with no database error in their chain. */
  message?: string;
  cause?: LoggedError;
}

/** Causes followed at most (a cycle or a very deep chain is cut here). */
const MAX_DEPTH = 5;
/** What a message glued from a Drizzle error looks like, when the error itself was not kept as `cause`. */
const QUERY_TEXT = /Failed query:|\nparams: /;
export const WITHHELD = '[database error text withheld]';

function isDbError(e: unknown): boolean {
  return e instanceof postgres.PostgresError || e instanceof DrizzleQueryError;
}

function chainOf(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e: unknown = err; e != null && chain.length < MAX_DEPTH && !chain.includes(e); e = (e as { cause?: unknown }).cause) {
    chain.push(e);
    if (!(e instanceof Error)) break;
  }
  return chain;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

function one(e: unknown, withMessage: boolean): LoggedError {
  if (!(e instanceof Error)) {
    const s = typeof e === 'string' ? e : String(e);
    return { type: typeof e, ...(withMessage ? { message: QUERY_TEXT.test(s) ? WITHHELD : s } : {}) };
  }
  const o = e as unknown as Record<string, unknown>;
  const out: LoggedError = { type: e.name && e.name !== 'Error' ? e.name : e.constructor.name };
  const code = text(o.code);
  if (code) out.code = code;
  if (e instanceof postgres.PostgresError) {
    const table = text(e.table_name);
    const column = text(e.column_name);
    const constraint = text(e.constraint_name);
    if (table) out.table = table;
    if (column) out.column = column;
    if (constraint) out.constraint = constraint;
  }
  if (withMessage) out.message = QUERY_TEXT.test(e.message) ? WITHHELD : e.message;
  return out;
}

/** The loggable form of `err`: class, code, table/column/constraint, and its causes; no database text. */
export function loggableError(err: unknown): LoggedError {
  const chain = chainOf(err);
  const withMessage = !chain.some(isDbError);
  const parts = chain.map((e) => one(e, withMessage));
  for (let i = parts.length - 2; i >= 0; i--) parts[i]!.cause = parts[i + 1];
  return parts[0] ?? one(err, withMessage);
}

/** pino's serializer for `err` and `error`: errors as above, strings with query text withheld, anything else as is. */
export function serializeLoggedError(v: unknown): unknown {
  if (v instanceof Error) return loggableError(v);
  if (typeof v === 'string') return QUERY_TEXT.test(v) ? WITHHELD : v;
  return v;
}

/** The stack's frames without its header (the header is the message, database text included). */
export function stackFrames(err: unknown): string | undefined {
  const stack = err instanceof Error ? err.stack : undefined;
  return stack?.split('\n').filter((l) => /^\s+at /.test(l)).join('\n') || undefined;
}

/** One line for plain stderr: "DrizzleQueryError ← PostgresError 23505 (table workers, constraint workers_pkey)". */
export function errorSummary(err: unknown): string {
  const parts: string[] = [];
  for (let e: LoggedError | undefined = loggableError(err); e; e = e.cause) {
    const where = [e.table && `table ${e.table}`, e.column && `column ${e.column}`, e.constraint && `constraint ${e.constraint}`].filter(Boolean);
    const head = [e.type, e.code, where.length ? `(${where.join(', ')})` : undefined].filter(Boolean).join(' ');
    parts.push(e.message === undefined ? head : `${head}: ${e.message}`);
  }
  return parts.join(' ← ');
}

/** An error's message for plain stderr, as before for most errors; the summary above when a database error is in it. */
export function errorMessage(err: unknown): string {
  if (chainOf(err).some(isDbError)) return errorSummary(err);
  const m = err instanceof Error ? err.message : String(err);
  return QUERY_TEXT.test(m) ? WITHHELD : m;
}

/**
 * What a task's failure keeps (tasks.error, the dead letter's error and stack, the failed job BullMQ holds), which
 * the reports, the API and the dashboard show: the same as a log line, so a database error by class, SQLSTATE and
 * what it names, never its statement or parameters; the stack's frames under that header.
 */
export function recordedError(err: unknown): { message: string; stack?: string } {
  const message = errorMessage(err);
  const frames = stackFrames(err);
  // A summary already starts with the class ("DrizzleQueryError ← PostgresError 23505 …"); a message does not.
  const named = !(err instanceof Error) || [err.name, err.constructor.name].some((n) => message.startsWith(`${n} `));
  const head = named ? message : `${err.name}: ${message}`;
  return { message, stack: frames ? `${head}\n${frames}` : undefined };
}
