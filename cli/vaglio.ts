/**
 * vaglio's command line. `npm run vaglio -- <command> [options]`; `npm run demo` is `vaglio demo`.
 * Each command lives in cli/commands/<name>.ts and is registered in the table below.
 */
import { ConfigError } from '../shared/config.ts';
import { ValidationError } from '../shared/engine/errors.ts';
import { MissingInfraError } from '../shared/bootstrap.ts';
import { ZodError } from 'zod';
import { COMMANDS } from './commands/index.ts';

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return `usage: vaglio <command> [options]\n\ncommands:\n${lines.join('\n')}\n\nvaglio <command> --help for its options.`;
}

const [name, ...args] = process.argv.slice(2);
if (!name || name === '--help' || name === '-h' || name === 'help') {
  process.stdout.write(`${usage()}\n`);
  process.exit(name ? 0 : 2);
}
const command = COMMANDS[name];
if (!command) {
  process.stderr.write(`unknown command "${name}"\n\n${usage()}\n`);
  process.exit(2);
}
try {
  const code = await command.run(args);
  process.exit(code);
} catch (err) {
  if (err instanceof ConfigError || err instanceof MissingInfraError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  if (err instanceof ZodError) {
    const problems = err.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`);
    process.stderr.write(`invalid input:\n${problems.map((p) => `  - ${p}`).join('\n')}\nnothing was enqueued.\n`);
    process.exit(2);
  }
  // Loader errors name file, line and field themselves.
  if (err instanceof Error && ['ScenarioError', 'TargetConfigError', 'CsvError', 'RedteamLoadError'].includes(err.name)) {
    process.stderr.write(`${err.message}\nnothing was enqueued.\n`);
    process.exit(2);
  }
  if (err instanceof ValidationError) {
    process.stderr.write(`invalid input:\n${err.problems.map((p) => `  - ${p}`).join('\n')}\nnothing was enqueued.\n`);
    process.exit(2);
  }
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
}
