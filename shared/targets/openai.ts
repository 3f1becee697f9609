/**
 * Targets that speak the OpenAI chat-completions protocol (POST {baseUrl}/chat/completions).
 * Stateless by nature: system prompt + history + the user's message go out every turn; the assistant
 * message (text and `tool_calls`, arguments parsed from their JSON strings) and usage come back.
 * Uses fetch through request.ts rather than the `openai` SDK so timeouts, retries, rate limits and
 * error kinds behave exactly like the http adapter's.
 */
import { z } from 'zod';
import type { TargetReply } from '../transcript.ts';
import { TargetError } from './errors.ts';
import { parseArguments } from './response-mapping.ts';
import { sendRequest, snippet } from './request.ts';
import { stripSecrets } from './secrets.ts';
import { placeholdersIn, renderString, renderValue, unknownPlaceholders, type ChatMessage, type TemplateContext } from './template.ts';
import { commonTargetShape, targetLimiter, type Target, type TargetDeps, type TargetInput } from './types.ts';

export const openaiTargetSchema = z
  .object({
    type: z.literal('openai'),
    ...commonTargetShape,
    /** e.g. http://chatbot.example/v1 (the part before /chat/completions). */
    baseUrl: z.string().url(),
    model: z.string().min(1),
    /** Usually `${env:NAME}`; sent as `Authorization: Bearer …`. */
    apiKey: z.string().optional(),
    headers: z.record(z.string(), z.string()).default({}),
    /** May use `{{vars.X}}`. */
    systemPrompt: z.string().optional(),
    temperature: z.number().min(0).max(2).optional(),
    maxTokens: z.number().int().positive().optional(),
    /** Extra request fields (e.g. `tools`, `user`); a template like the http body. */
    extraBody: z.record(z.string(), z.unknown()).default({}),
  })
  .superRefine((c, ctx) => {
    const startOnly = placeholdersIn([c.systemPrompt, c.extraBody, c.headers]).filter((n) => n.startsWith('start.'));
    for (const n of [...unknownPlaceholders([c.systemPrompt, c.extraBody, c.headers]), ...startOnly]) {
      ctx.addIssue({ code: 'custom', path: ['systemPrompt'], message: `unknown placeholder {{${n}}}` });
    }
  });
export type OpenAiTargetConfig = z.infer<typeof openaiTargetSchema>;

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullable().optional(),
          tool_calls: z
            .array(z.object({ function: z.object({ name: z.string().min(1), arguments: z.unknown().optional() }) }))
            .optional(),
        }),
      }),
    )
    .min(1),
  usage: z
    .object({
      prompt_tokens: z.number().int().nonnegative().optional(),
      completion_tokens: z.number().int().nonnegative().optional(),
      // What the gateway billed for the call, when it says (OpenRouter, LiteLLM): it wins over `pricing`.
      cost: z.number().nonnegative().optional(),
    })
    .optional(),
});

export function createOpenAiTarget(config: OpenAiTargetConfig, deps: TargetDeps): Target {
  const endpoint = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const limiter = targetLimiter(config, endpoint, deps);

  return {
    async send(input: TargetInput, signal: AbortSignal): Promise<TargetReply> {
      const ctx: TemplateContext = {
        message: input.message,
        history: input.history,
        messages: [...input.history, { role: 'user', content: input.message }],
        vars: input.vars,
      };
      const secrets: string[] = [];
      const messages: ChatMessage[] = [];
      if (config.systemPrompt) messages.push({ role: 'system', content: renderString(config.systemPrompt, ctx, secrets) });
      messages.push(...ctx.messages);
      const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
      for (const [k, v] of Object.entries(config.headers)) headers[k.toLowerCase()] = renderString(v, ctx, secrets);
      if (config.apiKey) headers.authorization = `Bearer ${renderString(config.apiKey, ctx, secrets)}`;
      const extra = renderValue(config.extraBody, ctx, secrets) as Record<string, unknown>;
      const body = JSON.stringify({
        ...extra,
        model: config.model,
        messages,
        ...(config.temperature === undefined ? {} : { temperature: config.temperature }),
        ...(config.maxTokens === undefined ? {} : { max_tokens: config.maxTokens }),
      });

      const res = await sendRequest(
        { url: endpoint, method: 'POST', headers, body },
        { ...config, limiter, secrets },
        signal,
      );
      const bad = (why: string) =>
        new TargetError('malformed', stripSecrets(`${config.name ?? config.model}: ${why}`, secrets), {
          retryable: false,
          status: res.status,
          attempts: res.attempts,
        });
      let json: unknown;
      try {
        json = JSON.parse(res.text);
      } catch {
        throw bad(`response is not JSON: ${snippet(res.text, secrets)}`);
      }
      const parsed = completionSchema.safeParse(json);
      if (!parsed.success) {
        throw bad(`not a chat completion: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      }
      const message = parsed.data.choices[0]?.message;
      const toolCalls = (message?.tool_calls ?? []).map((c) => ({
        name: c.function.name,
        arguments: parseArguments(c.function.arguments),
      }));
      if (typeof message?.content !== 'string' && toolCalls.length === 0) throw bad('the assistant message has no content');
      const usage = parsed.data.usage;
      return stripSecrets(
        {
          text: message?.content ?? '',
          toolCalls,
          ...(usage
            ? { usage: { tokensIn: usage.prompt_tokens ?? 0, tokensOut: usage.completion_tokens ?? 0, ...(usage.cost === undefined ? {} : { costUsd: usage.cost }) } }
            : {}),
          ...(input.sessionId ? { sessionId: input.sessionId } : {}),
          raw: json,
          latencyMs: Math.round(res.latencyMs),
        },
        secrets,
      );
    },
  };
}
