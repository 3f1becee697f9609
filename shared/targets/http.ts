/**
 * The generic HTTP target: a URL, headers (with `${env:NAME}` secrets), a JSON body template, and a
 * response mapping (path expressions) or a transform module.
 * mode 'stateful': the target keeps the conversation; `{{sessionId}}` carries the id it gave (or, with
 *   `clientSessionId`, one vaglio makes up on the first turn) and `{{history}}` is empty.
 * mode 'stateless': the target remembers nothing; `{{history}}` / `{{messages}}` carry the whole
 *   conversation every turn and `{{sessionId}}` is left out.
 * `start` (start.ts): a handshake request run once per conversation; its values fill `{{start.X}}`.
 * `stream` (stream.ts): the reply is a stream of events (SSE or JSON lines), mapped as a list.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { TargetReply } from '../transcript.ts';
import { TargetError } from './errors.ts';
import { ConversationStore } from './conversations.ts';
import { STREAM_JOIN, mapResponse, responseMappingSchema, type MappedReply } from './response-mapping.ts';
import { renderRequest, sendRequest, snippet } from './request.ts';
import { stripSecrets } from './secrets.ts';
import { runStart, startRequestSchema } from './start.ts';
import { parseStream, STREAM_KINDS } from './stream.ts';
import { placeholdersIn, unknownPlaceholders, type TemplateContext } from './template.ts';
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
    /** A handshake run once per conversation; its extracted values fill `{{start.X}}` (start.ts). */
    start: startRequestSchema.optional(),
    /** The reply is a stream of events: server-sent events or JSON lines (stream.ts). */
    stream: z.enum(STREAM_KINDS).optional(),
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
    const used = placeholdersIn([c.url, c.headers, c.body]);
    for (const n of used.filter((x) => x.startsWith('start.'))) {
      if (!c.start) problem(['start'], `{{${n}}} is used but the target has no start request`);
      else if (!Object.hasOwn(c.start.extract, n.slice(6))) problem(['start', 'extract'], `{{${n}}} is used but start.extract has no "${n.slice(6)}"`);
    }
    if (c.stream && c.transform) problem(['stream'], 'a streamed reply is read with a response mapping, not a transform');
    // With a start request, its values identify the conversation: no {{sessionId}} needed.
    if (c.mode === 'stateful' && !c.start) {
      if (!used.includes('sessionId')) {
        problem(['mode'], 'a stateful target needs {{sessionId}} in the url, a header or the body (or a start request)');
      }
      if (!c.clientSessionId && !c.transform && !c.response?.sessionId) {
        problem(['response', 'sessionId'], 'a stateful target needs response.sessionId (or clientSessionId: true)');
      }
    }
  });
export type HttpTargetConfig = z.infer<typeof httpTargetSchema>;

function malformed(message: string, status: number, attempts: number, raw?: unknown): TargetError {
  return new TargetError('malformed', message, { retryable: false, status, attempts, raw });
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

  // Per conversation (start request only): the extracted values and the target's own session id.
  const conversations = new ConversationStore<{ start: Record<string, string>; sessionId?: string }>();

  return {
    async send(input: TargetInput, signal: AbortSignal): Promise<TargetReply> {
      const stateful = config.mode === 'stateful';
      const secrets: string[] = [];
      let conversationKey: string | undefined;
      let conversation: { start: Record<string, string>; sessionId?: string } | undefined;
      if (config.start) {
        conversation = conversations.get(input.sessionId);
        if (!conversation && input.sessionId !== undefined && input.history.length > 0) {
          // Starting over would silently drop the conversation so far: fail the turn instead.
          throw new TargetError('malformed', `${config.name ?? 'target'}: conversation ${input.sessionId} is unknown to this worker (its start values were lost)`, { retryable: true });
        }
        conversationKey = input.sessionId;
        if (!conversation) {
          conversation = { start: await runStart(config.start, input.vars, policy, secrets, signal) };
          conversationKey = (config.start.sessionId && conversation.start[config.start.sessionId]) || randomUUID();
          conversations.set(conversationKey, conversation);
        }
      }
      const givenSession = conversation ? conversation.sessionId : input.sessionId;
      const sessionId = stateful ? (givenSession ?? (config.clientSessionId ? randomUUID() : undefined)) : undefined;
      const history = stateful ? [] : input.history;
      const ctx: TemplateContext = {
        message: input.message,
        history,
        messages: [...history, { role: 'user', content: input.message }],
        sessionId,
        vars: input.vars,
        ...(conversation ? { start: conversation.start } : {}),
      };
      const accept = config.stream === 'sse' ? 'text/event-stream' : 'application/json';
      const res = await sendRequest(renderRequest(config, ctx, secrets, accept), { ...policy, secrets }, signal);
      let parsed: unknown;
      let isJson = true;
      try {
        parsed = config.stream ? parseStream(config.stream, res.text) : JSON.parse(res.text);
      } catch (err) {
        if (config.stream) throw malformed(stripSecrets(`${config.name ?? 'target'}: ${(err as Error).message}`, secrets), res.status, res.attempts);
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
        else mapped = mapResponse(config.response, parsed, { defaultJoin: config.stream ? STREAM_JOIN : '\n' });
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        throw malformed(stripSecrets(`${config.name ?? 'target'}: ${why}`, secrets), res.status, res.attempts, stripSecrets(parsed, secrets));
      }
      const nextSession = mapped.sessionId ?? sessionId;
      if (conversation && conversationKey) conversation.sessionId = nextSession;
      const replySession = conversationKey ?? nextSession;
      return stripSecrets(
        {
          text: mapped.text,
          toolCalls: mapped.toolCalls,
          ...(mapped.usage ? { usage: mapped.usage } : {}),
          ...(replySession ? { sessionId: replySession } : {}),
          raw: parsed,
          latencyMs: Math.round(res.latencyMs),
        },
        secrets,
      );
    },
  };
}
