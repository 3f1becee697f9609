/**
 * How a target can fail. `TargetError.kind` says what the conversation runner and reports show;
 * `retryable` says whether trying the same turn again later may succeed (the adapter has already
 * retried network errors, 429 and 5xx `retries` times before throwing).
 * Messages never hold resolved secrets: they are built from stripped text only.
 */
export const TARGET_ERROR_KINDS = ['timeout', 'http', 'network', 'malformed', 'aborted'] as const;
export type TargetErrorKind = (typeof TARGET_ERROR_KINDS)[number];

export class TargetError extends Error {
  readonly kind: TargetErrorKind;
  readonly retryable: boolean;
  /** HTTP status, for kind 'http' (and 'malformed' when a 2xx body was unusable). */
  readonly status?: number;
  /** How many requests were sent before giving up. */
  readonly attempts: number;
  /** For 'malformed': the body that could not be mapped (secrets stripped), so `target probe` can propose paths. */
  readonly raw?: unknown;

  constructor(
    kind: TargetErrorKind,
    message: string,
    opts: { retryable: boolean; status?: number; attempts?: number; cause?: unknown; raw?: unknown },
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'TargetError';
    this.kind = kind;
    this.retryable = opts.retryable;
    this.status = opts.status;
    this.attempts = opts.attempts ?? 0;
    if (opts.raw !== undefined) this.raw = opts.raw;
  }
}

/** A target config that cannot work: bad file, unknown placeholder, unset `${env:NAME}`, missing var. */
export class TargetConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.length === 1 ? (problems[0] ?? '') : `invalid target config:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'TargetConfigError';
  }
}
