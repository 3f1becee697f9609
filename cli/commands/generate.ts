/**
 * vaglio generate --from-description "<what the agent does>": a quick question set written by the configured
 * generator model, as a scenario file. Without a generator model it says which settings to give (exit 2).
 */
import { Option } from 'commander';
import { defineCommand, parseNumber, writeOutput } from '../command.ts';

export const generateCommand = defineCommand<[], { fromDescription: string; out?: string; id: string; count: number }>({
  name: 'generate',
  summary: 'write a quick question set for a chatbot described in a sentence (needs a generator model)',
  options: [
    new Option('--from-description <text>', 'what the chatbot does and for whom, in a sentence or two').makeOptionMandatory(),
    new Option('-o, --out <file.yaml>', 'where to write the scenario file (folders are created); without it, printed'),
    new Option('--id <setId>', 'the set id').default('quick-questions'),
    new Option('--count <n>', 'how many questions').argParser(parseNumber('--count', { min: 1, max: 100, integer: true })).default(12),
  ],
  examples: [
    'vaglio generate --from-description "Assistente del portale inPA: aiuta i cittadini a trovare bandi di concorso e a capirne requisiti e scadenze" -o scenarios/quick.yaml',
    'VAGLIO_GENERATOR_MODEL=gpt-4o-mini VAGLIO_LLM_BASE_URL=https://api.openai.com/v1 vaglio generate --from-description "HR helpdesk for employees" --count 20',
  ],
  async action(_args, values) {
    const description = values.fromDescription.trim();
    if (description.length < 10) {
      process.stderr.write('--from-description: describe the chatbot in a sentence (what it does, for whom).\n');
      return 2;
    }
    const { config } = await import('../../shared/config.ts');
    const { llmForRole, unconfiguredReason, QuickQuestionError } = await import('../../shared/llm/index.ts');
    const llm = llmForRole(config(), 'generator');
    if (!llm) {
      process.stderr.write(
        `${unconfiguredReason('generator')}: set VAGLIO_GENERATOR_MODEL (and VAGLIO_GENERATOR_BASE_URL / VAGLIO_GENERATOR_API_KEY, or VAGLIO_LLM_BASE_URL / VAGLIO_LLM_API_KEY) to an OpenAI-compatible model.\n`,
      );
      return 2;
    }
    const { questionSetFromDescription } = await import('../../shared/generate/from-description.ts');
    const { exportScenarioYaml } = await import('../../shared/scenarios/index.ts');
    let set;
    try {
      set = await questionSetFromDescription(description, llm, { setId: values.id, count: values.count });
    } catch (err) {
      if (!(err instanceof QuickQuestionError)) throw err;
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    const yaml = exportScenarioYaml(set);
    if (values.out) await writeOutput(values.out, yaml);
    else process.stdout.write(yaml);
    const by = (e: string) => set.cases.filter((c) => c.tags?.includes(e)).length;
    process.stderr.write(
      `${set.cases.length} questions (${by('answer')} to answer, ${by('abstain')} to abstain on, ${by('refuse')} to refuse)${values.out ? ` written to ${values.out}` : ''}; the LLM checks need a judge model when run.\n`,
    );
    return 0;
  },
});
