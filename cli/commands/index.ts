import type { Command } from './types.ts';
import { cancelCommand, migrateCommand, pruneCommand, resumeCommand, startCommand, statusCommand } from './engine-ops.ts';
import { demoCommand } from './demo.ts';
import { runCommand } from './run.ts';
import { captureCommand } from './capture.ts';
import { dailyCommand, importCommand, judgeCommand } from './misc.ts';

export const COMMANDS: Record<string, Command> = {
  demo: demoCommand,
  run: runCommand,
  capture: captureCommand,
  daily: dailyCommand,
  import: importCommand,
  judge: judgeCommand,
  migrate: migrateCommand,
  start: startCommand,
  resume: resumeCommand,
  cancel: cancelCommand,
  status: statusCommand,
  prune: pruneCommand,
};
