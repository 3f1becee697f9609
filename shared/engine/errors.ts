/** "Do not retry" is said one way: a subclass of BullMQ's UnrecoverableError. Plain throws are retried. */
import { UnrecoverableError } from 'bullmq';

export class PermanentTaskError extends UnrecoverableError {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentTaskError';
  }
}

/** A request or plan that cannot be accepted; `problems` name each place. Nothing was written. */
export class ValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
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
