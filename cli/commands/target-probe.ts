/** `vaglio target probe <target.yaml> [--tender ID]`: what the chatbot does with standard questions, and the roles block to paste. */
import { Option } from 'commander';
import { defineCommand, parseNumber } from '../command.ts';
import type { ProbeObservation } from '../../shared/targets/probe/index.ts';

function excerpt(v: unknown, max = 160): string {
  const s = (typeof v === 'string' ? v : JSON.stringify(v) ?? '').replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

export function renderObservation(o: ProbeObservation): string {
  const lines = [`[${o.kind}] ${o.question}`];
  if (o.error) lines.push(`  error: ${excerpt(o.error, 300)}`);
  if (o.answer !== undefined) lines.push(`  answer${o.readWithProposal ? ' (read with the proposed paths)' : ''}: ${excerpt(o.answer, 240)}`);
  if (o.toolCalls.length === 0) lines.push('  tool calls: none seen');
  for (const c of o.toolCalls) {
    lines.push(`  tool ${c.name} ${excerpt(c.arguments, 120)}`);
    if (c.result !== undefined) lines.push(`    → ${excerpt(c.result)}`);
  }
  return lines.join('\n');
}

/** The command's logic, apart from argument parsing (so a later CLI framework only re-registers it). */
export async function runTargetProbe(file: string, opts: { tender?: string; timeoutSec?: number }, out: (s: string) => void): Promise<number> {
  // Loaded on use, like the other commands: `vaglio --help` stays fast.
  const { createTarget, loadTargetConfig } = await import('../../shared/targets/index.ts');
  const { probeTarget } = await import('../../shared/targets/probe/index.ts');
  const config = await loadTargetConfig(file);
  const target = createTarget(config, { prefix: 'probe' });
  const signal = AbortSignal.timeout((opts.timeoutSec ?? 300) * 1000);
  out(`probing ${config.name ?? file} (${config.type}) with a greeting, a general question, a search and a question about one bando\n\n`);
  const report = await probeTarget(target, config, { tenderId: opts.tender, signal, onQuestion: (kind) => out(`asking the ${kind} question…\n`) });
  out('\n');
  for (const o of report.observations) out(`${renderObservation(o)}\n\n`);
  if (report.notes.length) out(`notes:\n${report.notes.map((n) => `  - ${n}`).join('\n')}\n\n`);
  out(`# proposed for ${file}: check it, then paste it into the target file\n${report.yaml}`);
  return report.observations.some((o) => !o.error) || report.response ? 0 : 1;
}

const probeCommand = defineCommand<[string], { tender?: string; timeout?: number }>({
  name: 'probe',
  summary: 'play standard questions, show the tool calls seen, propose the roles block (and response paths) to paste',
  args: '<target.yaml>',
  options: [
    new Option('--tender <id>', 'the bando to ask the content question about (default: the first the search tool lists)'),
    new Option('--timeout <seconds>', 'give up on the whole probe after this long').argParser(parseNumber('--timeout', { min: 1 })).default(300),
  ],
  examples: ['vaglio target probe my-bot.yaml', 'vaglio target probe my-bot.yaml --tender CONC-2026-0101'],
  action: ([file], values) => runTargetProbe(file, { tender: values.tender, timeoutSec: values.timeout }, (s) => process.stdout.write(s)),
});

export const targetCommand = defineCommand<[], object>({
  name: 'target',
  summary: 'target tools: `target probe` shows what your chatbot does and proposes its roles block',
  examples: ['vaglio target probe scenarios/targets/my-bot.yaml'],
  subcommands: [probeCommand],
});
