/** Every command of the CLI, in the order `vaglio --help` lists them. Add one: a module exporting a CliCommand, and a line here. */
import type { CliCommand } from '../command.ts';
import { cancelCommand, migrateCommand, pruneCommand, resumeCommand, startCommand, statusCommand } from './engine-ops.ts';
import { demoCommand } from './demo.ts';
import { runCommand } from './run.ts';
import { captureCommand } from './capture.ts';
import { mutateCommand } from './mutate.ts';
import { dailyCommand, judgeCommand } from './misc.ts';
import { importCommand } from './import.ts';
import { targetCommand } from './target-probe.ts';
import { generateCommand } from './generate.ts';

export const COMMANDS: CliCommand[] = [
  demoCommand,
  runCommand,
  importCommand,
  generateCommand,
  captureCommand,
  mutateCommand,
  dailyCommand,
  judgeCommand,
  migrateCommand,
  startCommand,
  resumeCommand,
  cancelCommand,
  statusCommand,
  pruneCommand,
  targetCommand,
];
