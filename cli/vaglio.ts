/**
 * vaglio's command line. `npm run vaglio -- <command> [options]`; `npm run demo` is `vaglio demo`.
 * Each command is declared in cli/commands/<name>.ts (a CliCommand, see cli/command.ts) and listed in
 * cli/commands/index.ts; this file only turns the list into a commander program and maps errors to exit codes:
 * 0 ok, 1 the gate failed (or a bug: then the stack trace is printed), 2 the user's input is wrong.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError } from 'commander';
import { ZodError } from 'zod';
import { COMMANDS } from './commands/index.ts';
import type { CliCommand } from './command.ts';
import { ROOT } from './paths.ts';
import { errorMessage, stackFrames } from '../shared/log-error.ts';

const USER_ERRORS = ['ScenarioError', 'TargetConfigError', 'CsvError', 'RedteamLoadError', 'ImportError', 'OperatorConfigError', 'NotFoundError'];
let exitCode = 0;

function register(parent: Command, def: CliCommand): void {
  const cmd = parent.command(def.name).description(def.summary);
  if (def.args) cmd.arguments(def.args);
  for (const o of def.options ?? []) cmd.addOption(o);
  cmd.addHelpText('after', `\nExamples:\n${def.examples.map((e) => `  $ ${e}`).join('\n')}\n`);
  for (const sub of def.subcommands ?? []) register(cmd, sub);
  const action = def.action;
  if (action) {
    cmd.action(async (...all: unknown[]) => {
      const self = all.at(-1) as Command;
      exitCode = await action(self.processedArgs, self.opts());
    });
  }
}

function buildProgram(): Command {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const program = new Command('vaglio')
    .description('evaluate and red-team tool-using RAG chatbots')
    .version(pkg.version, '-V, --version')
    .showSuggestionAfterError(true)
    .showHelpAfterError('(add --help for usage and examples)')
    // Commander's own errors (unknown command or flag, bad value, missing argument) are the user's: exit 2.
    .exitOverride((err: CommanderError) => process.exit(err.exitCode === 0 ? 0 : 2));
  program.addHelpText('after', '\nvaglio <command> --help shows its options and examples.');
  for (const def of COMMANDS) register(program, def);
  return program;
}

/** The message for an error the user can fix (exit 2), or undefined for a bug. Loaded lazily: only errors need them. */
async function userError(err: unknown): Promise<string | undefined> {
  const { ConfigError } = await import('../shared/config.ts');
  const { MissingInfraError } = await import('../shared/bootstrap.ts');
  const { ValidationError } = await import('../shared/engine/errors.ts');
  if (err instanceof ConfigError || err instanceof MissingInfraError) return err.message;
  if (err instanceof ZodError) {
    const problems = err.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`);
    return `invalid input:\n${problems.map((p) => `  - ${p}`).join('\n')}\nnothing was enqueued.`;
  }
  // Loader errors name file, line and field themselves.
  if (err instanceof Error && USER_ERRORS.includes(err.name)) return `${err.message}\nnothing was enqueued.`;
  if (err instanceof ValidationError) return `invalid input:\n${err.problems.map((p) => `  - ${p}`).join('\n')}\nnothing was enqueued.`;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') return (err as Error).message;
  return undefined;
}

try {
  await buildProgram().parseAsync(process.argv);
  process.exit(exitCode);
} catch (err) {
  const message = await userError(err);
  // A database error is named by class, SQLSTATE and table: its text carries the query's parameters.
  process.stderr.write(`${message ?? [errorMessage(err), stackFrames(err)].filter(Boolean).join('\n')}\n`);
  process.exit(message === undefined ? 1 : 2);
}
