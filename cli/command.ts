/**
 * How a command is declared. Each cli/commands/<name>.ts exports a `CliCommand` (name, summary, arguments,
 * options, examples, action) and cli/commands/index.ts lists them; cli/vaglio.ts turns the list into a
 * commander program. Parsing, --help, did-you-mean and "bad value for --flag" (exit 2) are commander's job, so
 * an action only ever sees values that already passed their option's parser.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { InvalidArgumentError, Option } from 'commander';

export interface CliCommand<A extends unknown[] = unknown[], O = Record<string, unknown>> {
  name: string;
  /** One line, shown in `vaglio --help` and at the top of `vaglio <name> --help`. */
  summary: string;
  /** Commander argument syntax: '<runId> [taskKey]', '[files...]'. */
  args?: string;
  options?: Option[];
  /** Shown under "Examples:" in `vaglio <name> --help`: whole command lines. */
  examples: string[];
  /** Nested commands (`vaglio judge calibrate`); a command has either these or an action. */
  subcommands?: CliCommand[];
  /** Returns the process exit code. `args` are the declared arguments in order (variadic ones as arrays). */
  action?(args: A, opts: O): Promise<number>;
}

/** Keeps the argument and option types of one command while letting the list hold them all. */
export function defineCommand<A extends unknown[], O>(c: CliCommand<A, O>): CliCommand {
  return c as unknown as CliCommand;
}

interface NumberRule {
  min?: number;
  max?: number;
  integer?: boolean;
}

/** A parser for a numeric flag: the error names the flag and the range, and guesses a percentage meant as a rate. */
export function parseNumber(flag: string, rule: NumberRule): (value: string) => number {
  return (value) => {
    const n = Number(value.trim().replace(/%$/, ''));
    const range =
      rule.min !== undefined && rule.max !== undefined ? `between ${rule.min} and ${rule.max}` : rule.min !== undefined ? `at least ${rule.min}` : `at most ${rule.max}`;
    if (value.trim() === '' || !Number.isFinite(n)) throw new InvalidArgumentError(`${flag} must be a number${rule.min !== undefined || rule.max !== undefined ? ` ${range}` : ''}.`);
    if (rule.integer && !Number.isInteger(n)) throw new InvalidArgumentError(`${flag} must be a whole number.`);
    const tooLow = rule.min !== undefined && n < rule.min;
    const tooHigh = rule.max !== undefined && n > rule.max;
    if (tooLow || tooHigh) {
      // 95 for a 0..1 rate is almost always "95 %".
      const hint = rule.max === 1 && rule.min === 0 && n > 1 && n <= 100 ? ` (did you mean ${n / 100}?)` : '';
      throw new InvalidArgumentError(`${flag} must be ${range}${hint}.`);
    }
    return n;
  };
}

/** A repeatable option restricted to a list of values (`--fault a --fault b`), naming the flag and the choices. */
export function repeatableChoice(flags: string, description: string, choices: readonly string[]): Option {
  const flag = flags.split(/[ ,]/)[0]!;
  return new Option(flags, `${description} (repeatable; one of: ${choices.join(', ')})`)
    .argParser((value: string, previous: string[] | undefined) => {
      if (!choices.includes(value)) throw new InvalidArgumentError(`${flag} "${value}" is not one of: ${choices.join(', ')}.`);
      return [...(previous ?? []), value];
    })
    .default([]);
}

/** An option whose value must match a pattern (dates, ages); `what` says what it should look like. */
export function parsePattern(flag: string, pattern: RegExp, what: string): (value: string) => string {
  return (value) => {
    if (!pattern.test(value)) throw new InvalidArgumentError(`${flag} must be ${what}.`);
    return value;
  };
}

export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Writes an output file a flag named, creating its folders (`-o reports/new/x.yaml` must not crash). */
export async function writeOutput(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  await writeFile(file, text);
}
