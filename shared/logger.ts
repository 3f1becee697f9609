/** pino loggers with bound fields (service, queue, runId, taskKey, jobId); data goes in the object arg. */
import { pino, type Logger } from 'pino';
import { config } from './config.ts';

let root: Logger | undefined;

export function logger(): Logger {
  root ??= pino({
    level: config().VAGLIO_LOG_LEVEL,
    base: { pid: process.pid },
    // Belt and braces: secrets are never put in log objects, and these paths are censored if they are.
    redact: {
      paths: ['*.apiKey', '*.token', '*.password', '*.authorization', '*.Authorization', 'headers.*', '*.headers.*'],
      censor: '***',
    },
  });
  return root;
}

export function childLogger(bindings: Record<string, unknown>): Logger {
  return logger().child(bindings);
}

export type { Logger };

/** Quieter logs for interactive commands (the demo prints its own progress). */
export function setLogLevel(level: string): void {
  logger().level = level;
}
