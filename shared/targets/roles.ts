/**
 * Tool roles: which of the target's own tools plays which part, so that generated tests, check defaults,
 * captures, detectors and mutation operators never name a tool. A target file says, for example:
 *
 *   roles:
 *     tender: { tool: leggi_bando, idArg: codice }          # reads one bando's text; idArg holds its id
 *     search: { tool: cerca, queryArg: testo, results: { regex: "\\b(BND-\\d+)\\b" } }
 *     knowledge: { tool: faq }                              # general FAQ / knowledge base
 *   confidential:
 *     canary: "ZEBRA-7781"                                  # a token planted in the system prompt
 *     systemPromptFile: ./system-prompt.txt                 # or systemPrompt: "…" (text), or fingerprints
 *
 * `results` says where the search tool's output lists tender ids: `path` is an RFC 9535 JSONPath into the
 * tool's JSON output (e.g. `$[*].id`, `$.hits[*].tender.code`), `regex` a pattern over its text output whose
 * first capture group (or whole match) is an id.
 */
import { z } from 'zod';
import { pathProblem } from './path.ts';

const toolName = z.string().min(1, 'a tool name is required');

export const tenderRoleSchema = z
  .object({
    tool: toolName,
    /** The argument holding the tender id (dotted for nested arguments, e.g. `query.id`). */
    idArg: z.string().min(1).default('id'),
  })
  .strict();

/** A JSONPath checked when the target file is read (the error names the field). */
const jsonPathField = z.string().min(1).superRefine((p, ctx) => {
  const problem = pathProblem(p);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A regular expression (JavaScript syntax, applied with the `u` flag) checked when the file is read. */
const regexField = z.string().min(1).superRefine((r, ctx) => {
  try {
    new RegExp(r, 'gu');
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: `bad regular expression: ${err instanceof Error ? err.message : String(err)}` });
  }
});

export const searchResultsSchema = z.union([
  z.object({ path: jsonPathField }).strict(),
  z.object({ regex: regexField }).strict(),
]);

export const searchRoleSchema = z
  .object({
    tool: toolName,
    /** The argument holding the free-text query, when the tool has one. */
    queryArg: z.string().min(1).optional(),
    /** Where the output lists tender ids. Default: a JSON array of objects with `id` (`$[*].id`). */
    results: searchResultsSchema.default({ path: '$[*].id' }),
  })
  .strict();

export const knowledgeRoleSchema = z.object({ tool: toolName }).strict();

export const targetRolesSchema = z
  .object({
    tender: tenderRoleSchema.optional(),
    search: searchRoleSchema.optional(),
    knowledge: knowledgeRoleSchema.optional(),
  })
  .strict();
export type TargetRoles = z.infer<typeof targetRolesSchema>;
export type TargetRolesInput = z.input<typeof targetRolesSchema>;
export type ToolRole = keyof TargetRoles;
export const TOOL_ROLES = ['tender', 'search', 'knowledge'] as const satisfies readonly ToolRole[];

/** What the chatbot must never reveal; the leak detectors' context. Nothing here is ever sent to the target. */
export const confidentialSchema = z
  .object({
    /** A token planted in the bot's system prompt: any form of it in an answer is a leak. */
    canary: z.string().min(4).optional(),
    /** The system prompt's text (or `systemPromptFile`, relative to the target file). */
    systemPrompt: z.string().min(1).optional(),
    systemPromptFile: z.string().min(1).optional(),
    /** Distinctive sentences of the system prompt, when the operator will not hand over the whole of it. */
    fingerprints: z.array(z.string().min(8)).optional(),
  })
  .strict()
  .refine((c) => !(c.systemPrompt && c.systemPromptFile), {
    message: 'give systemPrompt or systemPromptFile, not both',
    path: ['systemPromptFile'],
  });
export type Confidential = z.infer<typeof confidentialSchema>;

/** The tool name playing `role`, or undefined when the target declared none. */
export function toolFor(roles: TargetRoles | undefined, role: ToolRole): string | undefined {
  return roles?.[role]?.tool;
}

/** Every tool name the roles declare (the "allowed tools" of the tool-misuse detectors). */
export function declaredTools(roles: TargetRoles | undefined): string[] {
  return TOOL_ROLES.map((r) => roles?.[r]?.tool).filter((t): t is string => !!t);
}
