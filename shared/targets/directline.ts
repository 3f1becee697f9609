/**
 * Copilot Studio / Bot Framework agents through the Direct Line 3.0 REST API:
 *   POST {baseUrl}/conversations                         (Bearer secret or token) → { conversationId, token }
 *   POST {baseUrl}/conversations/{id}/activities          a `message` activity from the user → { id }
 *   GET  {baseUrl}/conversations/{id}/activities?watermark=W   polled until the bot has replied
 * The reply ends at the first bot `message` activity answering ours (then `settleMs` more for follow-ups),
 * or fails as a `timeout` after `replyTimeoutMs`. The bot's activities of the turn (replies to ours) are
 * mapped with the usual JSONPath response mapping over their list: tool calls often arrive as `event` or
 * `trace` activities, e.g. `toolCalls: { path: '$[?@.type=="event" && @.name=="tool"].value', ... }`.
 */
import { z } from 'zod';
import type { TargetReply } from '../transcript.ts';
import { ConversationStore } from './conversations.ts';
import { TargetError } from './errors.ts';
import { mapResponse, responseMappingSchema } from './response-mapping.ts';
import { sendRequest, snippet, type HttpResponse } from './request.ts';
import { sleep } from '../ratelimit/index.ts';
import { stripSecrets } from './secrets.ts';
import { renderString } from './template.ts';
import { commonTargetShape, targetLimiter, type Target, type TargetDeps, type TargetInput } from './types.ts';

export const directlineTargetSchema = z
  .object({
    type: z.literal('directline'),
    ...commonTargetShape,
    baseUrl: z.string().url().default('https://directline.botframework.com/v3/directline'),
    /** The Direct Line secret, or a token: write `${env:NAME}`, never the value. */
    secret: z.string().min(1),
    /** The `from.id` of vaglio's activities; bot activities are the others. */
    userId: z.string().min(1).default('vaglio-user'),
    locale: z.string().min(2).optional(),
    /** Direct Line throttles polling; once a second is what Microsoft's clients do. */
    pollIntervalMs: z.number().int().min(10).default(1000),
    /** How long to wait for the bot's reply before a `timeout` error. */
    replyTimeoutMs: z.number().int().positive().default(30_000),
    /** After the first reply message, keep collecting this long (bots that answer in several messages). */
    settleMs: z.number().int().min(0).default(0),
    /** Over the list of the bot's activities for the turn. Default: the text of its message activities. */
    response: responseMappingSchema.default({ answer: '$[?@.type=="message"].text' }),
  })
  .strict();
export type DirectLineTargetConfig = z.infer<typeof directlineTargetSchema>;

const startedSchema = z.object({ conversationId: z.string().min(1), token: z.string().optional() });
const activitySchema = z.looseObject({
  type: z.string(),
  id: z.string().optional(),
  from: z.looseObject({ id: z.string() }).optional(),
  replyToId: z.string().optional(),
});
const activitySetSchema = z.object({ activities: z.array(activitySchema), watermark: z.string().nullish() });
type Activity = z.infer<typeof activitySchema>;

interface Conversation {
  id: string;
  token: string;
  watermark?: string;
}

export function createDirectLineTarget(config: DirectLineTargetConfig, deps: TargetDeps): Target {
  const base = config.baseUrl.replace(/\/+$/, '');
  const limiter = targetLimiter(config, base, deps);
  const policy = { timeoutMs: config.timeoutMs, retries: config.retries, retryBaseMs: config.retryBaseMs, maxRetryAfterMs: config.maxRetryAfterMs, limiter };
  const conversations = new ConversationStore<Conversation>();
  const name = config.name ?? 'directline';

  function parsed<T>(res: HttpResponse, schema: z.ZodType<T>, what: string, secrets: string[]): T {
    let json: unknown;
    try {
      json = JSON.parse(res.text);
    } catch {
      json = undefined;
    }
    const ok = schema.safeParse(json);
    if (!ok.success) {
      throw new TargetError('malformed', stripSecrets(`${name}: ${what} is not a Direct Line answer: ${snippet(res.text, secrets)}`, secrets), {
        retryable: false,
        status: res.status,
        attempts: res.attempts,
      });
    }
    return ok.data;
  }

  const call = (method: string, path: string, token: string, secrets: string[], signal: AbortSignal, body?: unknown) =>
    sendRequest(
      {
        url: `${base}${path}`,
        method,
        headers: { accept: 'application/json', authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      { ...policy, secrets },
      signal,
    );

  async function open(input: TargetInput, secrets: string[], signal: AbortSignal): Promise<Conversation> {
    const known = conversations.get(input.sessionId);
    if (known) {
      secrets.push(known.token);
      return known;
    }
    if (input.sessionId !== undefined && input.history.length > 0) {
      throw new TargetError('malformed', `${name}: conversation ${input.sessionId} is unknown to this worker (its token was lost)`, { retryable: true });
    }
    const secret = renderString(config.secret, { message: '', history: [], messages: [], vars: input.vars }, secrets);
    const res = await call('POST', '/conversations', secret, secrets, signal);
    const started = parsed(res, startedSchema, 'the new conversation', secrets);
    const conv = { id: started.conversationId, token: started.token ?? secret };
    secrets.push(conv.token);
    conversations.set(conv.id, conv);
    return conv;
  }

  return {
    async send(input: TargetInput, signal: AbortSignal): Promise<TargetReply> {
      const secrets: string[] = [];
      const conv = await open(input, secrets, signal);
      const path = `/conversations/${encodeURIComponent(conv.id)}/activities`;
      const sentAt = performance.now();
      const activity = { type: 'message', from: { id: config.userId }, text: input.message, ...(config.locale ? { locale: config.locale } : {}) };
      const posted = parsed(await call('POST', path, conv.token, secrets, signal, activity), z.object({ id: z.string().optional() }), 'the posted activity', secrets);

      const ours = posted.id;
      const collected: Activity[] = [];
      const deadline = sentAt + config.replyTimeoutMs;
      let repliedAt: number | undefined;
      for (;;) {
        const q = conv.watermark === undefined ? '' : `?watermark=${encodeURIComponent(conv.watermark)}`;
        const set = parsed(await call('GET', `${path}${q}`, conv.token, secrets, signal), activitySetSchema, 'the activity list', secrets);
        if (set.watermark) conv.watermark = set.watermark;
        for (const a of set.activities) {
          if (a.from?.id === config.userId) continue;
          // A late activity answering an earlier turn is not this turn's reply.
          if (ours !== undefined && a.replyToId !== undefined && a.replyToId !== ours) continue;
          collected.push(a);
          if (repliedAt === undefined && a.type === 'message') repliedAt = performance.now();
        }
        const now = performance.now();
        if (repliedAt !== undefined && now - repliedAt >= config.settleMs) break;
        if (now >= deadline) {
          throw new TargetError('timeout', `${name}: no reply message from the bot within ${config.replyTimeoutMs} ms`, { retryable: true });
        }
        await sleep(Math.min(config.pollIntervalMs, Math.max(0, deadline - now)), signal).catch(() => {});
        if (signal.aborted) throw new TargetError('aborted', `${name}: cancelled while waiting for the bot`, { retryable: false, cause: signal.reason });
      }

      let mapped;
      try {
        mapped = mapResponse(config.response, collected, { defaultJoin: '\n' });
      } catch (err) {
        throw new TargetError('malformed', stripSecrets(`${name}: ${(err as Error).message}`, secrets), { retryable: false, raw: stripSecrets(collected, secrets) });
      }
      return stripSecrets(
        {
          text: mapped.text,
          toolCalls: mapped.toolCalls,
          ...(mapped.usage ? { usage: mapped.usage } : {}),
          sessionId: conv.id,
          raw: collected,
          latencyMs: Math.round((repliedAt ?? performance.now()) - sentAt),
        },
        secrets,
      );
    },
  };
}
