/**
 * The generic HTTP target: a URL, headers (with `${env:NAME}` secrets), a JSON body template, and a
 * response mapping (path expressions) or a transform module.
 * mode 'stateful': the target keeps the conversation; `{{sessionId}}` carries the id it gave (or, with
 *   `clientSessionId`, one vaglio makes up on the first turn) and `{{history}}` is empty.
 * mode 'stateless': the target remembers nothing; `{{history}}` / `{{messages}}` carry the whole
 *   conversation every turn and `{{sessionId}}` is left out.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { TargetReply } from '../transcript.ts';
import { TargetError } from './errors.ts';
import { mapResponse, responseMappingSchema, type MappedReply } from './response-mapping.ts';
import { sendRequest, snippet } from './request.ts';
import { stripSecrets } from './secrets.ts';
import { placeholdersIn, renderString, renderValue, unknownPlaceholders, type TemplateContext } from './template.ts';
import { applyTransform, loadTransform } from './transform.ts';
import { commonTargetShape, targetLimiter, type Target, type TargetDeps, type TargetInput } from './types.ts';

export const httpTargetSchema = z
  .object({
    type: z.literal('http'),
    ...commonTargetShape,
    /** May hold placeholders (URL-encoded when inserted) and `${env:NAME}`. */
    url: z.string().min(1),
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH']).default('POST'),
    /** Values may hold `${env:NAME}` (resolved at send time, never stored) and placeholders. */
    headers: z.record(z.string(), z.string()).default({}),
    /** JSON body template; sent as JSON. */
    body: z.unknown().optional(),
    mode: z.enum(['stateful', 'stateless']).default('stateless'),
    /** Stateful targets that expect the client to pick the session id. */
    clientSessionId: z.boolean().default(false),
    response: responseMappingSchema.optional(),
    /** Module path (absolute, or relative to the config file when loaded with loadTargetConfig). */
    transform: z.string().min(1).optional(),
  })
  .superRefine((c, ctx) => {
    const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (!c.response && !c.transform) problem(['response'], 'give a response mapping or a transform module');
    if (c.response && c.transform) problem(['transform'], 'give a response mapping or a transform, not both');
    if (c.method === 'GET' && c.body !== undefined) problem(['body'], 'a GET request has no body');
    for (const n of unknownPlaceholders(c.url)) problem(['url'], `unknown placeholder {{${n}}}`);
    for (const n of unknownPlaceholders(c.body)) problem(['body'], `unknown placeholder {{${n}}}`);
    for (const [k, v] of Object.entries(c.headers)) {
      for (const n of unknownPlaceholders(v)) problem(['headers', k], `unknown placeholder {{${n}}}`);
    }
    if (c.mode === 'stateful') {
      if (!placeholdersIn([c.url, c.headers, c.body]).includes('sessionId')) {
        problem(['mode'], 'a stateful target needs {{sessionId}} in the url, a header or the body');
      }
      if (!c.clientSessionId && !c.transform && !c.response?.sessionId) {
        problem(['response', 'sessionId'], 'a stateful target needs response.sessionId (or clientSessionId: true)');
      }
    }
  });
export type HttpTargetConfig = z.infer<typeof httpTargetSchema>;

function malformed(message: string, status: number, attempts: number, cause?: unknown): TargetError {
  return new TargetError('malformed', message, { retryable: false, status, attempts, cause });
}

export function createHttpTarget(config: HttpTargetConfig, deps: TargetDeps): Target {
  const limiter = targetLimiter(config, config.url, deps);
  const policy = {
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    retryBaseMs: config.retryBaseMs,
    maxRetryAfterMs: config.maxRetryAfterMs,
    limiter,
  };

  return {
    async send(input: TargetInput, signal: AbortSignal): Promise<TargetReply> {
      const stateful = config.mode === 'stateful';
      const sessionId = stateful ? (input.sessionId ?? (config.clientSessionId ? randomUUID() : undefined)) : undefined;
      const history = stateful ? [] : input.history;
      const ctx: TemplateContext = {
        message: input.message,
        history,
        messages: [...history, { role: 'user', content: input.message }],
        sessionId,
        vars: input.vars,
      };
      const secrets: string[] = [];
      const url = renderString(config.url, ctx, secrets, encodeURIComponent);
      const headers: Record<string, string> = { accept: 'application/json' };
      for (const [k, v] of Object.entries(config.headers)) headers[k.toLowerCase()] = renderString(v, ctx, secrets);
      let body: string | undefined;
      if (config.body !== undefined) {
        body = JSON.stringify(renderValue(config.body, ctx, secrets));
        headers['content-type'] ??= 'application/json';
      }

      const res = await sendRequest({ url, method: config.method, headers, body }, { ...policy, secrets }, signal);
      let parsed: unknown;
      let isJson = true;
      try {
        parsed = JSON.parse(res.text);
      } catch {
        isJson = false;
        parsed = res.text;
      }
      // Loaded before the try: a broken transform module is a config error, not a malformed reply.
      const transform = config.transform ? await loadTransform(config.transform) : undefined;
      let mapped: MappedReply;
      try {
        if (transform) mapped = await applyTransform(transform, parsed);
        else if (!isJson) throw new Error(`response is not JSON: ${snippet(res.text, secrets)}`);
        else if (!config.response) throw new Error('no response mapping'); // ruled out by the schema
        else mapped = mapResponse(config.response, parsed);
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        throw malformed(stripSecrets(`${config.name ?? 'target'}: ${why}`, secrets), res.status, res.attempts);
      }
      return stripSecrets(
        {
          text: mapped.text,
          toolCalls: mapped.toolCalls,
          ...(mapped.usage ? { usage: mapped.usage } : {}),
          ...((mapped.sessionId ?? sessionId) ? { sessionId: mapped.sessionId ?? sessionId } : {}),
          raw: parsed,
          latencyMs: Math.round(res.latencyMs),
        },
        secrets,
      );
    },
  };
}
