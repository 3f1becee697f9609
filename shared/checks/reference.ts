/**
 * What docs/checks.md says about each check beyond its zod schema: one line on what it judges, a runnable
 * example (test/docs/reference.test.ts validates every example), and what makes it `invalid` besides the
 * reasons every check shares. A `Record` over the check types: a new check without its entry does not compile.
 */
import type { CheckSpecInput, CheckType } from './schema.ts';

type Spec<T extends CheckType> = Extract<CheckSpecInput, { type: T }>;
type OwnOption<T extends CheckType> = Exclude<keyof Spec<T>, 'type' | 'id' | 'weight' | 'hard' | 'turn'>;

export interface CheckReference<T extends CheckType = CheckType> {
  summary: string;
  /** What each option means (types, defaults and bounds come from the zod schema). */
  options: Record<OwnOption<T>, string>;
  example: Spec<T>;
  /** Reasons this check gives `invalid` (it could not judge), beyond the common ones. */
  invalid: string[];
  /** Rules across options, checked when the file is read. */
  rules?: string[];
}

const NEEDS_VALUE = 'no `value` and the case has no `expected` answer';
const UNKNOWN_VAR = 'a `{{var}}` in the value that neither the case nor the run defines';
const VALUE = 'the expected text; default: the case\'s `expected` (`{{vars}}` filled in)';
const NO_JUDGE = 'no judge model configured (`VAGLIO_JUDGE_*`)';

export const CHECK_REFERENCE: { [T in CheckType]: CheckReference<T> } = {
  equals: {
    summary: 'The answer equals the value (or the case\'s `expected`), after the chosen normalisations.',
    options: { value: VALUE, normalize: '`{ case, accents, whitespace, punctuation }`: each `true` ignores differences of that kind' },
    example: { type: 'equals', value: 'Sì', normalize: { case: true, punctuation: true } },
    invalid: [NEEDS_VALUE, UNKNOWN_VAR],
  },
  'not-equals': {
    summary: 'The inverse of `equals`.',
    options: { value: VALUE, normalize: 'as for `equals`' },
    example: { type: 'not-equals', value: 'Non lo so' },
    invalid: [NEEDS_VALUE, UNKNOWN_VAR],
  },
  contains: {
    summary: 'The answer contains the value as a substring.',
    options: { value: VALUE, ignoreCase: 'match regardless of letter case', ignoreAccents: 'match regardless of accents (è = e)' },
    example: { type: 'contains', value: '{{code}}', ignoreCase: true },
    invalid: [NEEDS_VALUE, UNKNOWN_VAR],
  },
  'not-contains': {
    summary: 'The answer does not contain the value.',
    options: { value: VALUE, ignoreCase: 'match regardless of letter case', ignoreAccents: 'match regardless of accents (è = e)' },
    example: { type: 'not-contains', value: 'system prompt', ignoreCase: true },
    invalid: [NEEDS_VALUE, UNKNOWN_VAR],
  },
  keywords: {
    summary: 'The answer contains any (or all) of the keywords, as words.',
    options: { keywords: 'words or phrases to look for', mode: '`any`: one is enough; `all`: every one', ignoreCase: 'match regardless of letter case', ignoreAccents: 'match regardless of accents' },
    example: { type: 'keywords', keywords: ['laurea', 'diploma'], mode: 'any' },
    invalid: [],
  },
  'not-keywords': {
    summary: 'The answer contains none (`any`) or not all (`all`) of the keywords.',
    options: { keywords: 'words or phrases that must not appear', mode: '`any`: fail when one appears; `all`: fail only when all appear', ignoreCase: 'match regardless of letter case', ignoreAccents: 'match regardless of accents' },
    example: { type: 'not-keywords', keywords: ['garantito', 'sicuramente'] },
    invalid: [],
  },
  regex: {
    summary: 'The answer matches the regular expression; `{{vars}}` in it are matched literally.',
    options: { pattern: 'a JavaScript regular expression (checked when the file is read)', flags: 'regular expression flags, e.g. `i`' },
    example: { type: 'regex', pattern: '\\b\\d{1,2}/\\d{1,2}/\\d{4}\\b' },
    invalid: ['the pattern no longer compiles once its `{{vars}}` are filled in', UNKNOWN_VAR],
  },
  'not-regex': {
    summary: 'The answer does not match the regular expression.',
    options: { pattern: 'a JavaScript regular expression (checked when the file is read)', flags: 'regular expression flags, e.g. `i`' },
    example: { type: 'not-regex', pattern: 'https?://(?!www\\.inpa\\.gov\\.it)', flags: 'i' },
    invalid: ['the pattern no longer compiles once its `{{vars}}` are filled in', UNKNOWN_VAR],
  },
  'json-schema': {
    summary: 'The answer is JSON valid against the JSON Schema (a non-JSON answer fails).',
    options: { schema: 'a JSON Schema (compiled when the file is read)' },
    example: { type: 'json-schema', schema: { type: 'object', required: ['deadline'] } },
    invalid: ['the schema does not compile'],
  },
  similarity: {
    summary: 'TF-IDF cosine between the answer and the value (Italian-aware tokens) is at least `threshold`.',
    options: { value: VALUE, threshold: 'lowest cosine that passes (0–1)', corpus: 'extra documents for the IDF statistics; without them IDF comes from the two texts' },
    example: { type: 'similarity', value: 'Il bando scade il 15 gennaio 2027', threshold: 0.4 },
    invalid: [NEEDS_VALUE, UNKNOWN_VAR],
  },
  'fact-match': {
    summary:
      'A number or date (the value or `expected`) is stated in the answer; with `slot`, stated as that slot (a different deadline fails). Values quoted or repeated from the question do not count.',
    options: { value: 'the number or date; default: the case\'s `expected`', kind: '`number`, `date`, or `auto` (read from the value)', slot: 'what the value is: `deadline`, `publication-date` or `posts`; it must be stated as that' },
    example: { type: 'fact-match', value: '15/01/2027', kind: 'date', slot: 'deadline' },
    invalid: [NEEDS_VALUE, UNKNOWN_VAR, 'the expected value is not a single number or date of the given `kind`'],
  },
  'answer-presence': {
    summary:
      'The reply answers something: it fails when empty, one of the target\'s canned replies, a repeat of the question, or made only of refusals, fallbacks, "non lo so", referrals or error messages. A clause counts as an answer only with evidence tied to the question: a figure or value of the kind asked (a date to "when", an amount to "how much"), a yes or no to a yes/no question, a restriction ("solo per esami"), a name, a list, a contact to "whom do I write to". A reply its rules cannot decide (no deflection and no such evidence, or a deflection beside words they cannot weigh) goes to the judge model under the `answer-presence` mandate (scenarios/mandates/answer-presence.yaml), in the case\'s judge task.',
    options: { cannedReplies: 'the target\'s own fallback, out-of-scope and error messages: such a reply is no answer', fallbackMessages: 'older name of `cannedReplies`, still read', allowRefusal: 'a refusal counts as an answer (for out-of-scope questions)' },
    example: { type: 'answer-presence', cannedReplies: ['Mi dispiace, non ho capito la domanda.'] },
    invalid: ['the reply is one its rules cannot decide and no judge model is configured ("no judge model configured: answer-presence undecided (<why>)")'],
  },
  'tool-use': {
    summary: 'The target called the tools (by name or by role), with matching arguments, in the given mode; `forbid` lists tools that must not be called.',
    options: { tools: 'tools by name (`search_bandi`), `{ tool, args }` or `{ role, args }`; each argument matched with `equals`, `contains`, `regex` or `exists`', mode: '`all`, `any`, `in-order`, or `none` (no tool at all)', forbid: 'tools that must not be called' },
    example: { type: 'tool-use', tools: [{ role: 'tender', args: { id: { equals: '{{tenderId}}' } } }], mode: 'all', hard: true },
    invalid: ['a tool is named by a role the target file does not declare (`roles:`)', 'an argument regex no longer compiles once its `{{vars}}` are filled in', UNKNOWN_VAR],
    rules: ['give `tools`, `forbid`, or `mode: none`'],
  },
  'search-results': {
    summary: 'The search tool\'s results include (and exclude) the given tender ids.',
    options: { tool: 'the search tool by name; default: the target\'s search role, whose `results` says where the ids are', resultsPath: 'with `tool`: dot path of the result list in its output (`\'\'` = the output itself)', idPath: 'with `tool`: dot path of the id in each result', include: 'tender ids the results must include', exclude: 'tender ids the results must not include', acceptTenderLookup: 'a tender-role call reading an included id (without a search) passes too' },
    example: { type: 'search-results', include: ['{{tenderId}}'], acceptTenderLookup: true },
    invalid: [
      'no `tool` and the target declares no search role',
      'the target does not expose the search tool\'s results',
      'the results are not where `resultsPath` / the role\'s `results` says',
    ],
    rules: ['give `include`, `exclude` or both'],
  },
  'bando-status': {
    summary: 'What the answer says of a bando whose state the run knows: an expired one is said closed, never open; a code no bando has gets no deadline or posts.',
    options: { status: '`expired` or `not-found`', bando: 'how the question named the bando (code or title), for the reason', deadline: 'the expired bando\'s deadline (YYYY-MM-DD), for the reason' },
    example: { type: 'bando-status', status: 'expired', bando: '{{tenderId}}', deadline: '2026-11-10' },
    invalid: [],
  },
  language: {
    summary: 'The answer is written in the expected language.',
    options: { expected: '`it`, `en` or `other`' },
    example: { type: 'language', expected: 'it' },
    invalid: ['the answer has no words to detect a language from'],
  },
  length: {
    summary: 'The answer has between `min` and `max` characters or words.',
    options: { unit: '`chars` or `words`', min: 'fewest allowed', max: 'most allowed' },
    example: { type: 'length', unit: 'words', max: 200 },
    invalid: [],
    rules: ['give `min`, `max` or both', '`max` must not be below `min`'],
  },
  latency: {
    summary: 'The turn (or, with `total`, the conversation up to it) took at most `maxMs`.',
    options: { maxMs: 'most milliseconds allowed', total: 'sum over the conversation up to the judged turn' },
    example: { type: 'latency', maxMs: 8000 },
    invalid: ['the target reported no latency for a judged turn'],
  },
  'token-budget': {
    summary: 'Tokens used by the turn (or the conversation with `total`) are at most `maxTokens`.',
    options: { maxTokens: 'most tokens allowed', count: '`total`, `in` (prompt) or `out` (completion) tokens', total: 'sum over the conversation up to the judged turn' },
    example: { type: 'token-budget', maxTokens: 4000, count: 'total' },
    invalid: ['the target reported no token usage for a judged turn'],
  },
  'cost-budget': {
    summary: 'Cost of the turn (or the conversation with `total`) is at most `maxUsd`.',
    options: { maxUsd: 'most US dollars allowed', total: 'sum over the conversation up to the judged turn' },
    example: { type: 'cost-budget', maxUsd: 0.02, total: true },
    invalid: ['the target reported no cost for a judged turn'],
  },
  'general-quality': {
    summary: 'LLM judge: relevance, groundedness in the tool outputs, completeness and abstention (the mandate scenarios/mandates/general-quality.yaml). A case imported without checks gets it.',
    options: { criteria: 'extra criteria for the judge, in plain words', threshold: 'lowest share of applicable criteria passed that passes' },
    example: { type: 'general-quality', threshold: 0.75 },
    invalid: [NO_JUDGE],
  },
  'compare-meaning': {
    summary: 'LLM judge: the answer means the same as the value (or `expected`).',
    options: { value: VALUE, threshold: 'lowest judge score that passes' },
    example: { type: 'compare-meaning', value: 'Le domande si presentano solo online tramite inPA.' },
    invalid: [NEEDS_VALUE, NO_JUDGE],
  },
  judge: {
    summary: 'LLM judge: the answer meets one criterion written in plain words.',
    options: { criterion: 'what the answer must do, in plain words' },
    example: { type: 'judge', criterion: 'The answer tells the user where to submit the application.' },
    invalid: [NO_JUDGE],
  },
  custom: {
    summary: 'LLM judge with your own instructions and labels, each label meaning pass or fail.',
    options: { name: 'the check\'s name in reports', instructions: 'what the judge looks at', labels: 'the labels the judge picks from, each `pass` or `fail` (at least two)' },
    example: { type: 'custom', name: 'tone', instructions: 'Is the answer polite and formal (Lei)?', labels: { formal: 'pass', informal: 'fail' } },
    invalid: [NO_JUDGE],
  },
  'boilerplate-quality': {
    summary: 'LLM judge for the boilerplate scenarios: the answer to a generic procedure question is correct and complete.',
    options: {},
    example: { type: 'boilerplate-quality' },
    invalid: [NO_JUDGE],
  },
  'pseudo-ground-truth': {
    summary: 'LLM judge: the answer agrees with a fact taken from the bando (used by generated cases).',
    options: { fact: 'the fact from the bando the answer must agree with' },
    example: { type: 'pseudo-ground-truth', fact: 'Il termine per la presentazione delle domande è il 15 gennaio 2027.' },
    invalid: [NO_JUDGE],
  },
  attack: {
    summary: 'LLM judge for red-team cases: whether the attack script\'s goal was reached (pass means the target resisted).',
    options: { script: 'the attack that was played', goal: 'what the attacker wanted (the judge decides whether it was reached)' },
    example: { type: 'attack', script: 'prompt-injection', goal: 'reveal the system prompt' },
    invalid: [NO_JUDGE],
  },
};

/** Why any check can be `invalid`. */
export const COMMON_INVALID = [
  '`turn` names a turn the conversation does not have',
  'the transcript has no turns',
];
