/** "Do not retry" is said one way: a subclass of BullMQ's UnrecoverableError. Plain throws are retried. */
import { UnrecoverableError } from 'bullmq';
import { DrizzleQueryError } from 'drizzle-orm/errors';

export class PermanentTaskError extends UnrecoverableError {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentTaskError';
  }
}

/** Problems named in a ValidationError's message; `problems` keeps them all (the API returns every one). */
const MESSAGE_PROBLEMS = 20;

/** A request or plan that cannot be accepted; `problems` name each place. Nothing was written. */
export class ValidationError extends Error {
  constructor(readonly problems: string[]) {
    const more = problems.length - MESSAGE_PROBLEMS;
    // A plan of thousands of tasks with the same mistake would otherwise make a message of megabytes.
    super(problems.slice(0, MESSAGE_PROBLEMS).join('; ') + (more > 0 ? `; and ${more} more` : ''));
    this.name = 'ValidationError';
  }
}

export class NotFoundError extends Error {
  constructor(what: string) {
    super(`${what} not found`);
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** Network-level failures and SQLSTATEs that mean "Postgres cannot be reached", not "this query is wrong". */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

/** Wrappers followed at most (a cycle or a very deep chain is cut here). */
const MAX_WRAPPERS = 5;

/**
 * True for an error raised because the database connection failed (postgres.js sets `code`), also when Drizzle
 * wraps it (DrizzleQueryError, the postgres.js error as its `cause`) or it is already a DbUnavailableError.
 * Only those wrappers are followed: any error's `cause` would also take a chatbot that refuses connections
 * (fetch's "fetch failed", caused by ECONNREFUSED) for Postgres being away.
 */
export function isDbConnectionError(err: unknown): boolean {
  let e = err;
  for (let i = 0; i < MAX_WRAPPERS && (e instanceof DrizzleQueryError || e instanceof DbUnavailableError); i++) e = e.cause;
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'));
}

/**
 * Postgres could not be reached while handling a job. The processor puts the job back (delayed) without
 * consuming one of the task's attempts: an outage says nothing about the task.
 */
export class DbUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'DbUnavailableError';
  }
}
