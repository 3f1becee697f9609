import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importPromptfoo } from '../../shared/scenarios/promptfoo.ts';
import { ScenarioError } from '../../shared/scenarios/errors.ts';
import { targetConfigSchema } from '../../shared/targets/index.ts';

const FILE = path.join(import.meta.dirname, 'fixtures/promptfooconfig.yaml');
const text = readFileSync(FILE, 'utf8');

describe('importPromptfoo', () => {
  const r = importPromptfoo(text, { fileName: FILE, setId: 'promptfoo' });

  it('fills each test’s vars into the prompt and maps its assertions (defaultTest first) to checks', () => {
    expect(r.set).toMatchObject({ id: 'promptfoo', name: 'Assistente bandi - regressioni', type: 'single' });
    const [scadenza, lauree, json, domanda, ciao] = r.set.cases;
    expect(scadenza).toMatchObject({ input: "Quando scade il concorso per infermieri dell'ASL Roma 1?", notes: 'scadenza del bando infermieri' });
    expect(scadenza!.checks).toMatchObject([
      { type: 'latency', maxMs: 8000 },
      { type: 'contains', value: '31 gennaio 2027', ignoreCase: true },
      { type: 'not-contains', value: 'non lo so', ignoreCase: false },
    ]);
    expect(lauree!.checks).toMatchObject([
      { type: 'latency' },
      { type: 'keywords', keywords: ['economia', 'giurisprudenza'], mode: 'any', ignoreCase: false },
      { type: 'regex', pattern: 'LM-\\d{2}' },
      { type: 'judge', criterion: 'Elenca le classi di laurea ammesse senza inventarne', weight: 2 },
    ]);
    expect(json!.checks).toMatchObject([{ type: 'latency' }, { type: 'json-schema', schema: { type: 'object', required: ['titolo', 'scadenza'] } }]);
    expect(domanda!.checks).toMatchObject([
      { type: 'latency' },
      { type: 'compare-meaning', value: 'La domanda si presenta online sul portale inPA con SPID.', threshold: 0.8 },
      { type: 'equals', value: 'Sul portale inPA.' },
    ]);
    // Only the defaultTest latency: nothing of its own to check.
    expect(ciao!.checks.map((c) => c.type)).toEqual(['latency']);
  });

  it('refuses code assertions with the reason and lists what has no equivalent', () => {
    expect(r.unmapped).toEqual([
      'tests[2].assert[2]: javascript refused: vaglio never runs code from a test file; write it as a check (regex, json-schema, keywords or judge)',
      'tests[3].assert[3]: rouge-n: no vaglio equivalent',
    ]);
  });

  it('turns the HTTP provider into a valid target: {{prompt}} → {{message}}, env references kept out of the file, the answer path', () => {
    expect(r.target).toEqual({
      type: 'http',
      name: 'assistente-staging',
      url: 'https://staging.example.org/api/chat',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ${env:VAGLIO_TARGET_STAGING_KEY}' },
      body: { message: '{{message}}', channel: 'web' },
      mode: 'stateless',
      response: { answer: '$.data.reply' },
    });
    expect(targetConfigSchema.safeParse(r.target).success).toBe(true);
  });

  it('a test without assertions gets general quality; a code transform and a model provider are reported', () => {
    const other = importPromptfoo(
      [
        'prompts: ["Rispondi: {{q}}"]',
        'providers:',
        '  - openai:chat:gpt-4o-mini',
        '  - id: https://bot.example.org/chat',
        '    config: { transformResponse: "(json) => json.a + json.b", headers: { X-Key: "{{env.BOT_KEY}}" } }',
        'tests:',
        '  - vars: { q: Ciao }',
        '  - vars: { q: Quanti posti? }',
        '    options: { provider: openai:gpt-4o }',
        '    assert: [{ type: python, value: "len(output) > 3" }]',
      ].join('\n'),
      { fileName: 'p.yaml', setId: 'p' },
    );
    expect(other.set.cases.map((c) => [c.input, c.checks.map((x) => x.type)])).toEqual([
      ['Rispondi: Ciao', ['general-quality']],
      ['Rispondi: Quanti posti?', ['general-quality']],
    ]);
    expect(other.target).toMatchObject({ url: 'https://bot.example.org/chat', body: { message: '{{message}}' } });
    expect(other.unmapped).toEqual([
      'tests[1].assert[0]: python refused: vaglio never runs code from a test file; write it as a check (regex, json-schema, keywords or judge)',
      'tests[1].options: not mapped',
      'providers: 2 providers; only the first HTTP one becomes the target',
      'providers: "openai:chat:gpt-4o-mini" is a model provider, not a chatbot endpoint: write a target file for your chatbot (docs/targets.md)',
      'providers.config.transformResponse "(json) => json.a + json.b": only a path like json.output can be mapped (vaglio never runs code from a config); set response.answer in the target file',
      'providers.config.headers.X-Key: vaglio passes only VAGLIO_TARGET_* variables to targets; rename BOT_KEY (or set VAGLIO_TARGET_ENV_ALLOW)',
    ]);
  });

  it('tests kept in another file, or none, are an error naming the field', () => {
    expect(() => importPromptfoo('tests: file://tests.csv\n', { fileName: 'p.yaml', setId: 'p' })).toThrow(ScenarioError);
    expect(() => importPromptfoo('prompts: ["{{q}}"]\n', { fileName: 'p.yaml', setId: 'p' })).toThrow(/no tests to import/);
  });
});
