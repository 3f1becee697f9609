/**
 * vaglio import <file>: the test files people already have → a vaglio scenario file. A Copilot Studio CSV/TXT
 * (`,` or `;`), a JSON eval set (`[{ id, input, expected }]`), or a promptfoo config, whose HTTP provider also
 * becomes a target file; whatever could not be carried over is listed, never dropped silently.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Option } from 'commander';
import { defineCommand, writeOutput as write } from '../command.ts';


export const importCommand = defineCommand<[string], { out?: string; id?: string; targetOut?: string }>({
  name: 'import',
  summary: 'turn a Copilot Studio CSV, a JSON eval set or a promptfoo config into a vaglio scenario (and target) file',
  args: '<file>',
  options: [
    new Option('-o, --out <file.yaml>', 'where to write the scenario file (folders are created); without it, printed'),
    new Option('--id <setId>', 'the set id (default: from the file name)'),
    new Option('--target-out <file.yaml>', "promptfoo: where to write the target made from its HTTP provider (default: beside --out, <name>.target.yaml)"),
  ],
  examples: [
    'vaglio import tests.csv -o scenarios/copilot.yaml',
    'vaglio import domande.csv --id bandi-faq > scenarios/faq.yaml',
    'vaglio import evals.json -o scenarios/evals.yaml',
    'vaglio import promptfooconfig.yaml -o scenarios/promptfoo.yaml --target-out scenarios/targets/bot.yaml',
  ],
  async action([file], values) {
    const { importCopilotStudioFile, importJsonEvalSet, exportScenarioYaml } = await import('../../shared/scenarios/index.ts');
    const { isJsonEvalSet } = await import('../../shared/scenarios/eval-set.ts');
    const { importPromptfoo, isPromptfooConfig } = await import('../../shared/scenarios/promptfoo.ts');
    const { setIdFromFile } = await import('../../shared/scenarios/load.ts');
    const { parse, stringify } = await import('yaml');
    const opts = { fileName: file, setId: values.id ?? setIdFromFile(file) };
    const ext = path.extname(file).toLowerCase();
    let set;
    let target: Record<string, unknown> | undefined;
    let unmapped: string[] = [];
    // A CSV is streamed (a large export never sits in memory as text); the other formats are small documents.
    if (ext === '.csv' || ext === '.txt') set = await importCopilotStudioFile(file, opts);
    else {
      const text = (await readFile(file)).toString('utf8');
      let data: unknown;
      try {
        data = parse(text);
      } catch {
        data = undefined;
      }
      if (isJsonEvalSet(data)) set = importJsonEvalSet(text, opts);
      else if (isPromptfooConfig(data)) ({ set, target, unmapped } = importPromptfoo(text, opts));
      else {
        process.stderr.write(`${file}: not a Copilot Studio CSV/TXT, a JSON eval set ([{ id, input, expected }]) or a promptfoo config (tests, prompts, providers)\n`);
        return 2;
      }
    }
    const yaml = exportScenarioYaml(set);
    if (values.out) await write(values.out, yaml);
    else process.stdout.write(yaml);
    const notes = [`${set.cases.length} cases imported${values.out ? ` into ${values.out}` : ''}`];
    if (target) {
      const targetOut = values.targetOut ?? (values.out ? values.out.replace(/(\.ya?ml)?$/i, '.target.yaml') : undefined);
      if (targetOut) {
        await write(targetOut, `# From ${path.basename(file)}'s HTTP provider: check the url, headers and response.answer, then\n# vaglio target probe ${targetOut}\n${stringify(target)}`);
        notes.push(`target written to ${targetOut}`);
      } else notes.push('the provider was mapped to a target, but not written: give -o or --target-out');
    }
    if (unmapped.length) notes.push(`not imported (${unmapped.length}):\n${unmapped.map((u) => `  - ${u}`).join('\n')}`);
    process.stderr.write(`${notes.join('\n')}\n`);
    return 0;
  },
});
