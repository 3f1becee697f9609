/**
 * The one reader of process.env. Every setting is parsed with zod, coerced and defaulted here;
 * a bad setting stops start-up with the full list of problems (never the first one only).
 * Secrets (tokens, keys, passwords) are read here and never logged: use `describeConfig` to print.
 */
import { z } from 'zod';

const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(def ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const configSchema = z.object({
  VAGLIO_REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/vaglio'),
  /** BullMQ key prefix: lets several vaglio installations (or test files) share one Redis. */
  VAGLIO_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only (no ":")')
    .default('vaglio'),
  VAGLIO_API_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  VAGLIO_API_PORT: int(8080),
  VAGLIO_API_HOST: z.string().default('127.0.0.1'),
  VAGLIO_PUBLIC_URL: z.string().url().optional(),
  /** How long the dashboard / Bull Board session cookie (given for ?token=) lasts. */
  VAGLIO_SESSION_TTL_HOURS: int(12, 1),
  /** The session cookie's Secure flag: auto = when the request came over https or VAGLIO_PUBLIC_URL is https. */
  VAGLIO_COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  VAGLIO_HEALTH_PORT: int(0),
  VAGLIO_SHUTDOWN_TIMEOUT_MS: int(30_000),
  VAGLIO_STALLED_INTERVAL_MS: int(30_000, 1000),
  VAGLIO_LOCK_DURATION_MS: int(30_000, 1000),
  VAGLIO_RECONCILE_INTERVAL_MS: int(15_000, 500),
  VAGLIO_CONCURRENCY_CONVERSE: int(32, 1),
  VAGLIO_CONCURRENCY_JUDGE: int(16, 1),
  VAGLIO_CONCURRENCY_METADATA: int(4, 1),
  VAGLIO_CONCURRENCY_DIAGNOSTICS: int(1, 1),
  VAGLIO_CONCURRENCY_REPORT: int(2, 1),
  VAGLIO_CONCURRENCY_INGEST: int(2, 1),
  VAGLIO_CONCURRENCY_CONTROL: int(8, 1),
  VAGLIO_LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  VAGLIO_DATA_DIR: z.string().default('.vaglio'),
  VAGLIO_REPORT_DIR: z.string().default('reports'),
  // LLM roles: base URL, key and model per role; empty means "not configured".
  VAGLIO_LLM_BASE_URL: z.string().url().optional(),
  VAGLIO_LLM_API_KEY: z.string().optional(),
  VAGLIO_JUDGE_MODEL: z.string().optional(),
  VAGLIO_JUDGE_BASE_URL: z.string().url().optional(),
  VAGLIO_JUDGE_API_KEY: z.string().optional(),
  VAGLIO_SIMULATOR_MODEL: z.string().optional(),
  VAGLIO_SIMULATOR_BASE_URL: z.string().url().optional(),
  VAGLIO_SIMULATOR_API_KEY: z.string().optional(),
  VAGLIO_GENERATOR_MODEL: z.string().optional(),
  VAGLIO_GENERATOR_BASE_URL: z.string().url().optional(),
  VAGLIO_GENERATOR_API_KEY: z.string().optional(),
  VAGLIO_EXTRACTOR_MODEL: z.string().optional(),
  VAGLIO_EXTRACTOR_BASE_URL: z.string().url().optional(),
  VAGLIO_EXTRACTOR_API_KEY: z.string().optional(),
  VAGLIO_EMBEDDINGS_MODEL: z.string().optional(),
  VAGLIO_EMBEDDINGS_BASE_URL: z.string().url().optional(),
  VAGLIO_EMBEDDINGS_API_KEY: z.string().optional(),
  VAGLIO_LLM_CACHE: bool(true),
  /** Replace e-mails, phone numbers, codici fiscali and IBANs in transcripts before storing or judging them. */
  VAGLIO_REDACT_PII: bool(false),
  /**
   * Human review (dashboard /dashboard/review): a mandate whose Cohen's kappa between the machine and the reviewers
   * falls below this bar, over at least VAGLIO_REVIEW_MIN_LABELS labels, is flagged. 0.6 is the usual floor of
   * "substantial" agreement (Landis & Koch); fewer than 10 labels give a kappa too noisy to act on.
   */
  VAGLIO_REVIEW_KAPPA_MIN: z.coerce.number().min(-1).max(1).default(0.6),
  VAGLIO_REVIEW_MIN_LABELS: int(10, 1),
  VAGLIO_SMTP_URL: z.string().optional(),
  VAGLIO_EMAIL_TO: z.string().optional(),
  VAGLIO_EMAIL_FROM: z.string().default('vaglio@localhost'),
  /** Cron pattern (Europe/Rome) of the daily run, e.g. "0 7 * * *"; with VAGLIO_DAILY_REQUEST. */
  VAGLIO_DAILY_CRON: z.string().optional(),
  /** YAML/JSON file with the daily run request (source, target, red-team, diagnostics...). */
  VAGLIO_DAILY_REQUEST: z.string().optional(),
  /**
   * Retention in days: the daily schedule deletes finished runs older than this (with their results and report
   * folders), keeping the newest run of each name and plan. Unset: nothing is deleted (`vaglio prune` by hand).
   */
  VAGLIO_RETENTION_DAYS: z.coerce.number().int().min(1).optional(),
  /**
   * Which environment variables a target config may read as `${env:NAME}`: comma-separated names, a trailing
   * `*` matching any suffix. vaglio's own settings (every VAGLIO_* but VAGLIO_TARGET_*, DATABASE_URL) are never
   * readable, even when listed: a run's target is chosen by whoever holds an API token.
   */
  VAGLIO_TARGET_ENV_ALLOW: z
    .string()
    .default('VAGLIO_TARGET_*')
    .transform((s) => s.split(',').map((p) => p.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^(?:[A-Za-z_][A-Za-z0-9_]*\*?|\*)$/, 'names or NAME_PREFIX* patterns, comma-separated'))),
  WEAVIATE_URL: z.string().url().optional(),
  WEAVIATE_API_KEY: z.string().optional(),
});

export type Config = z.infer<typeof configSchema>;

/** Names of settings that hold secrets: never printed, never stored. */
export const SECRET_KEYS = [
  'VAGLIO_API_TOKEN',
  'VAGLIO_LLM_API_KEY',
  'VAGLIO_JUDGE_API_KEY',
  'VAGLIO_SIMULATOR_API_KEY',
  'VAGLIO_GENERATOR_API_KEY',
  'VAGLIO_EXTRACTOR_API_KEY',
  'VAGLIO_EMBEDDINGS_API_KEY',
  'VAGLIO_SMTP_URL',
  'WEAVIATE_API_KEY',
] as const satisfies readonly (keyof Config)[];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parse a settings object (process.env by default). Empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return parsed.data;
}

let cached: Config | undefined;
/** The process-wide config, parsed once. */
export function config(): Config {
  cached ??= loadConfig();
  return cached;
}

/** Env value passthrough for child processes started by the CLI / tests (the only other env access). */
export function childEnv(overrides: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) out[k] = v;
  return { ...out, ...overrides };
}

/** A settings object equal to `c` with some values replaced (for loadConfig in-process). */
export function childEnvFor(c: Config, overrides: Partial<Record<keyof Config, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(c)) if (v !== undefined) out[k] = String(v);
  return { ...out, ...overrides };
}

/**
 * Why a target may not read `${env:name}`, or undefined when it may. vaglio's own settings are never
 * readable (the allow-list cannot open them): a target's URL is the caller's, so a readable name is a name
 * whose value any API-token holder can receive.
 */
export function targetEnvRefusal(name: string, allow: readonly string[] = config().VAGLIO_TARGET_ENV_ALLOW): string | undefined {
  const internal =
    name === 'DATABASE_URL' || Object.hasOwn(configSchema.shape, name) || (name.startsWith('VAGLIO_') && !name.startsWith('VAGLIO_TARGET_'));
  if (internal) return `\${env:${name}} is not allowed: vaglio's own settings (VAGLIO_*, DATABASE_URL) are never readable by a target`;
  const listed = allow.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p));
  if (!listed) {
    return `\${env:${name}} is not allowed: ${name} is not in VAGLIO_TARGET_ENV_ALLOW (${allow.join(',') || 'empty'}); name the secret VAGLIO_TARGET_… or add it to that list`;
  }
  return undefined;
}

/** Resolve a secret referenced by name from the environment (target headers: `${env:NAME}`); see targetEnvRefusal. */
export function envSecret(name: string): string | undefined {
  const v = process.env[name];
  return v === undefined || v === '' ? undefined : v;
}

/** The executable search path (for finding redis-server when bootstrapping local infrastructure). */
export function searchPath(): string {
  return process.env.PATH ?? '';
}

/** A printable view of the config with secrets masked. */
export function describeConfig(c: Config): Record<string, unknown> {
  const out: Record<string, unknown> = { ...c };
  for (const k of SECRET_KEYS) if (out[k] !== undefined) out[k] = '***';
  out.DATABASE_URL = c.DATABASE_URL.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
  out.VAGLIO_REDIS_URL = c.VAGLIO_REDIS_URL.replace(/\/\/([^:@/]*):([^@/]+)@/, '//$1:***@');
  return out;
}
