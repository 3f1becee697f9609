/** pino loggers with bound fields (service, queue, runId, taskKey, jobId); data goes in the object arg. */
import { pino, type Logger } from 'pino';
import { config } from './config.ts';
import { serializeLoggedError } from './log-error.ts';

let root: Logger | undefined;
let sink: ((line: string) => void) | undefined;

/**
 * While an interactive display owns the terminal (cli/progress.ts), log lines go to it, so it can print them
 * above its progress line instead of inside it. `undefined` gives them back to stdout.
 */
export function setLogSink(fn: ((line: string) => void) | undefined): ((line: string) => void) | undefined {
  const previous = sink;
  sink = fn;
  return previous;
}

export function logger(): Logger {
  root ??= pino({
    level: config().VAGLIO_LOG_LEVEL,
    base: { pid: process.pid },
    // Errors are logged by class, code and table, never by a database error's text (its query parameters).
    serializers: { err: serializeLoggedError, error: serializeLoggedError },
    // Belt and braces: secrets are never put in log objects, and these paths are censored if they are.
    redact: {
      paths: ['*.apiKey', '*.token', '*.password', '*.authorization', '*.Authorization', 'headers.*', '*.headers.*'],
      censor: '***',
    },
  }, logDestination());
  return root;
}

export function childLogger(bindings: Record<string, unknown>): Logger {
  return logger().child(bindings);
}

export type { Logger };

/** pino's own synchronous stdout writer, unless a sink is set. */
function logDestination(): { write(line: string): void } {
  const stdout = pino.destination({ dest: 1, sync: true });
  return { write: (line) => (sink ? sink(line) : stdout.write(line)) };
}

/** Quieter logs for interactive commands (the demo prints its own progress). */
export function setLogLevel(level: string): void {
  logger().level = level;
}
