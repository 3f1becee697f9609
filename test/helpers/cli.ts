/** Spawns the real CLI (tsx) and collects its exit code and output. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../../cli/paths.ts';

// Nothing listens on port 9: any attempt to reach Postgres or Redis fails loudly.
export const CLI_ENV = { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none', VAGLIO_REDIS_URL: 'redis://127.0.0.1:9', VAGLIO_LOG_LEVEL: 'warn' };

export function vaglio(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'cli/vaglio.ts'), ...args], { cwd: opts.cwd ?? ROOT, env: opts.env ?? CLI_ENV });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}
