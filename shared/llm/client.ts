/**
 * One client per role on the `openai` package, pointed by base URL at OpenAI, Azure OpenAI (its /openai/v1
 * endpoint), Ollama, vLLM or llama.cpp. Every call goes through the same path: cache lookup, the shared
 * per-provider limiter, our own retry policy (the package's retries are off), a per-call timeout, and one
 * row in llm_calls with tokens, cost and latency.
 */
import OpenAI from 'openai';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { storable } from '../db/storable.ts';
import { providerKey, type Limiter, type LimiterFactory, type ProviderLimit } from './limiter.ts';
import { costUsd, loadPriceTable, type PriceTable } from './prices.ts';
import { DEFAULT_RETRY, LlmTimeoutError, describeError, retryDelay, sleep, type RetryPolicy } from './retry.ts';
import { roleSettings, unconfiguredReason, type LlmRole, type RoleSettings, type StructuredOutputMode } from './roles.ts';
import { cacheGet, cacheKey, cachePut, recordCall } from './store.ts';
import { completeStructured, type StructuredArgs, type StructuredResult } from './structured.ts';

export interface LlmDeps {
  /** Where calls are recorded and responses cached; without it nothing is stored. */
  db?: Db;
  /** Builds the shared limiter of a provider (see redisLimiterFactory); without it calls are not limited. */
  limiterFactory?: LimiterFactory;
  /** Limits per provider key (host:port), with `default` for the rest. */
  limits?: Record<string, ProviderLimit>;
  /** Overrides VAGLIO_LLM_CACHE. */
  cache?: boolean;
  prices?: PriceTable;
  /** JSON file merged over the default price table (ignored when `prices` is given). */
  pricesPath?: string;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** How each role's server is asked for structured output (default json_schema). */
  structuredOutput?: Partial<Record<LlmRole, StructuredOutputMode>>;
  logger?: Logger;
}

export interface CallContext {
  runId?: string;
  taskKey?: string;
  signal?: AbortSignal;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompleteArgs {
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  responseFormat?: OpenAI.ChatCompletionCreateParams['response_format'];
  /** Distinguishes otherwise identical calls (k-sample voting) so the cache does not collapse them. */
  sample?: number;
  ctx?: CallContext;
}

export interface Completion {
  text: string;
  model: string;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
  latencyMs: number;
  cached: boolean;
}

interface CachedChat {
  text: string;
  tokensIn: number;
  tokensOut: number;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

/** A client bound to one role's model and endpoint. Build it with `llmForRole` or `createLlm().forRole`. */
export class RoleClient {
  readonly model: string;
  readonly structuredOutput: StructuredOutputMode;
  private readonly openai: OpenAI;
  private readonly retry: RetryPolicy;
  private readonly timeoutMs: number;

  constructor(
    readonly settings: RoleSettings,
    private readonly shared: SharedState,
  ) {
    this.model = settings.model;
    this.structuredOutput = shared.deps.structuredOutput?.[settings.role] ?? 'json_schema';
    this.retry = { ...DEFAULT_RETRY, ...shared.deps.retry };
    this.timeoutMs = shared.deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.openai = new OpenAI({
      baseURL: settings.baseURL,
      // Local servers (Ollama, llama.cpp) need no key, but the package insists on one.
      apiKey: settings.apiKey ?? 'not-needed',
      maxRetries: 0,
      timeout: this.timeoutMs + 1_000,
    });
  }

  get role(): LlmRole {
    return this.settings.role;
  }

  /** Default temperature: 0 for judges (reproducible verdicts), the server's default otherwise. */
  private temperature(t: number | undefined): number | undefined {
    return t ?? (this.role === 'judge' ? 0 : undefined);
  }

  async complete(args: CompleteArgs): Promise<Completion> {
    const temperature = this.temperature(args.temperature);
    const params = { temperature, maxTokens: args.maxTokens, responseFormat: args.responseFormat, sample: args.sample };
    return this.run<CachedChat>(
      { kind: 'chat', model: this.model, messages: args.messages, params },
      args.ctx,
      async (signal) => {
        const res = await this.openai.chat.completions.create(
          {
            model: this.model,
            messages: args.messages,
            ...(temperature !== undefined ? { temperature } : {}),
            ...(args.maxTokens !== undefined ? { max_tokens: args.maxTokens } : {}),
            ...(args.responseFormat ? { response_format: args.responseFormat } : {}),
          },
          { signal },
        );
        return {
          text: res.choices[0]?.message?.content ?? '',
          tokensIn: res.usage?.prompt_tokens ?? 0,
          tokensOut: res.usage?.completion_tokens ?? 0,
        };
      },
    ).then(({ value, ...meta }) => ({ text: value.text, ...meta }));
  }

  /** JSON validated by `schema`, with one repair retry (see structured.ts). */
  completeStructured<T>(args: StructuredArgs<T>): Promise<StructuredResult<T>> {
    return completeStructured(this, args);
  }

  async embed(texts: string[], ctx?: CallContext): Promise<number[][]> {
    const { value } = await this.run<{ vectors: number[][]; tokensIn: number; tokensOut: number }>(
      { kind: 'embeddings', model: this.model, input: texts },
      ctx,
      async (signal) => {
        // float, not the package's default base64: Ollama and llama.cpp servers do not all speak base64.
        const res = await this.openai.embeddings.create(
          { model: this.model, input: texts, encoding_format: 'float' },
          { signal },
        );
        const vectors = [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
        return { vectors, tokensIn: res.usage?.prompt_tokens ?? 0, tokensOut: 0 };
      },
    );
    return value.vectors;
  }

  /** Cache → limiter → retries with timeout → ledger row. A fresh reply is returned as storable, like a cached one. */
  private async run<T extends { tokensIn: number; tokensOut: number }>(
    keyParts: unknown,
    ctx: CallContext | undefined,
    send: (signal: AbortSignal) => Promise<T>,
  ): Promise<Omit<Completion, 'text'> & { value: T }> {
    const { db } = this.shared.deps;
    const useCache = db !== undefined && this.shared.cacheEnabled;
    const key = cacheKey(keyParts);
    const started = performance.now();
    if (useCache) {
      const hit = (await cacheGet(db, key)) as T | undefined;
      if (hit !== undefined) {
        const latencyMs = performance.now() - started;
        await this.record(ctx, { tokensIn: 0, tokensOut: 0, costUsd: 0, latencyMs, cached: true });
        return { value: hit, model: this.model, tokensIn: 0, tokensOut: 0, costUsd: 0, latencyMs, cached: true };
      }
    }
    try {
      // What the cache would give back on the next identical call (a NUL as ␀, see store.ts `cachePut`), with the
      // cache on or off: the same call gives the same text the first time and every time after.
      const value = storable(await this.withRetries(send, ctx?.signal));
      const latencyMs = performance.now() - started;
      const cost = costUsd(this.shared.prices, this.model, value.tokensIn, value.tokensOut);
      if (useCache) await cachePut(db, key, this.model, value);
      const meta = { tokensIn: value.tokensIn, tokensOut: value.tokensOut, costUsd: cost, latencyMs, cached: false };
      await this.record(ctx, meta);
      return { value, model: this.model, ...meta };
    } catch (err) {
      const latencyMs = performance.now() - started;
      const error = describeError(err);
      await this.record(ctx, { tokensIn: 0, tokensOut: 0, costUsd: 0, latencyMs, cached: false, error });
      throw err;
    }
  }

  private async withRetries<T>(send: (signal: AbortSignal) => Promise<T>, callerSignal?: AbortSignal): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const release = await this.shared.limiterFor(this.settings.baseURL)?.acquire(callerSignal);
      const timeout = AbortSignal.timeout(this.timeoutMs);
      const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
      const released = () =>
        release?.().catch((e: unknown) => this.shared.deps.logger?.warn({ role: this.role, error: describeError(e) }, 'llm limiter release failed'));
      let error: unknown;
      try {
        const value = await send(signal);
        // The reply is in hand: it goes on to the cache now, not after a round trip to the limiter; and a limiter
        // out of reach (its lease expires by itself) never turns an answered, paid call into a retry.
        void released();
        return value;
      } catch (err) {
        error = timeout.aborted && !callerSignal?.aborted ? new LlmTimeoutError(this.timeoutMs) : err;
      }
      await released();
      const delay = retryDelay(error, attempt, this.retry);
      if (delay === undefined) throw error;
      this.shared.deps.logger?.warn({ role: this.role, attempt, delay, error: describeError(error) }, 'llm call retry');
      await sleep(delay, callerSignal);
    }
  }

  private async record(
    ctx: CallContext | undefined,
    m: { tokensIn: number; tokensOut: number; costUsd: number; latencyMs: number; cached: boolean; error?: string },
  ): Promise<void> {
    const { db } = this.shared.deps;
    if (!db) return;
    await recordCall(db, { runId: ctx?.runId, taskKey: ctx?.taskKey, role: this.role, model: this.model, ...m });
  }
}

class SharedState {
  readonly prices: PriceTable;
  readonly cacheEnabled: boolean;
  private readonly limiters = new Map<string, Limiter>();

  constructor(
    config: Config,
    readonly deps: LlmDeps,
  ) {
    this.prices = deps.prices ?? loadPriceTable(deps.pricesPath);
    this.cacheEnabled = deps.cache ?? config.VAGLIO_LLM_CACHE;
  }

  limiterFor(baseURL: string | undefined): Limiter | undefined {
    const factory = this.deps.limiterFactory;
    if (!factory) return undefined;
    const key = providerKey(baseURL);
    let limiter = this.limiters.get(key);
    if (!limiter) {
      limiter = factory(key, this.deps.limits?.[key] ?? this.deps.limits?.default ?? {});
      this.limiters.set(key, limiter);
    }
    return limiter;
  }
}

/** The LLM layer of one process: role clients sharing prices, cache settings and provider limiters. */
export interface Llm {
  forRole(role: LlmRole): RoleClient | undefined;
  /** Structured call by role; an unconfigured role gives `{ ok: false, kind: 'unconfigured' }`. */
  completeStructured<T>(args: StructuredArgs<T> & { role: LlmRole }): Promise<StructuredResult<T>>;
}

export function createLlm(config: Config, deps: LlmDeps = {}): Llm {
  const shared = new SharedState(config, deps);
  const clients = new Map<LlmRole, RoleClient | undefined>();
  return {
    forRole(role) {
      if (!clients.has(role)) {
        const settings = roleSettings(config, role);
        clients.set(role, settings ? new RoleClient(settings, shared) : undefined);
      }
      return clients.get(role);
    },
    async completeStructured(args) {
      const client = this.forRole(args.role);
      if (client) return client.completeStructured(args);
      const usage = { tokensIn: 0, tokensOut: 0, costUsd: 0, calls: 0 };
      return { ok: false, kind: 'unconfigured', error: unconfiguredReason(args.role), attempts: [], usage };
    },
  };
}

/** The client of one role, or undefined when that role has no model (report `unconfiguredReason(role)`). */
export function llmForRole(config: Config, role: LlmRole, deps: LlmDeps = {}): RoleClient | undefined {
  return createLlm(config, deps).forRole(role);
}
