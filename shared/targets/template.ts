/**
 * Request templates: `{{message}}`, `{{history}}`, `{{messages}}`, `{{sessionId}}`, `{{vars.X}}`
 * placeholders and `${env:NAME}` secret references.
 * - A string that is exactly one placeholder keeps the value's type (`"{{history}}"` becomes an array);
 *   an undefined value (no session yet) drops the key from its object.
 * - Inside a longer string, strings are inserted as is and other values as JSON.
 * - `${env:NAME}` is only read from the template's own text, never from inserted values, so a chat
 *   message that says `${env:HOME}` cannot pull a server variable into the request. Each resolved value
 *   is pushed onto `secrets` so the caller can strip it from whatever it keeps.
 */
import { envSecret, targetEnvRefusal } from '../config.ts';
import { TargetConfigError } from './errors.ts';

export interface ChatMessage {
  role: 'user' | 'assistant' | 'system';
  content: string;
}

export interface TemplateContext {
  message: string;
  history: ChatMessage[];
  /** history + the current user message. */
  messages: ChatMessage[];
  sessionId?: string;
  vars: Record<string, string>;
  /** Values the conversation's start request extracted (`{{start.X}}`, http targets with `start`). */
  start?: Record<string, string>;
}

const TOKEN = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}|\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;
const WHOLE = /^\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}$/;
const NAMES = new Set(['message', 'history', 'messages', 'sessionId']);

function isKnown(name: string): boolean {
  return NAMES.has(name) || /^vars\.[A-Za-z0-9_.-]+$/.test(name) || /^start\.[A-Za-z0-9_-]+$/.test(name);
}

/** Every placeholder name used anywhere in a template (strings, arrays, object values). */
export function placeholdersIn(template: unknown): string[] {
  const found = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string') {
      for (const m of v.matchAll(TOKEN)) if (m[1]) found.add(m[1]);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(walk);
  };
  walk(template);
  return [...found];
}

/** Placeholder names in a template that no context can fill (config validation). */
export function unknownPlaceholders(template: unknown): string[] {
  return placeholdersIn(template).filter((n) => !isKnown(n));
}

function lookup(name: string, ctx: TemplateContext): unknown {
  if (name.startsWith('vars.')) {
    const key = name.slice(5);
    if (!Object.hasOwn(ctx.vars, key)) {
      throw new TargetConfigError([`the target template uses {{${name}}} but this case has no var "${key}"`]);
    }
    return ctx.vars[key];
  }
  if (name.startsWith('start.')) {
    const key = name.slice(6);
    // The schema ties every {{start.X}} to a declared extract; missing here means no start ran.
    if (!ctx.start || !Object.hasOwn(ctx.start, key)) throw new TargetConfigError([`{{${name}}} is used but no start request extracted "${key}"`]);
    return ctx.start[key];
  }
  if (!isKnown(name)) throw new TargetConfigError([`unknown placeholder {{${name}}}`]);
  return ctx[name as keyof Omit<TemplateContext, 'vars' | 'start'>];
}

/** Every `${env:NAME}` referenced anywhere in a value (a target config), in order, without repeats. */
export function envRefsIn(value: unknown): string[] {
  const found = new Set<string>();
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      for (const m of v.matchAll(TOKEN)) if (m[2]) found.add(m[2]);
    } else if (Array.isArray(v)) stack.push(...v);
    else if (typeof v === 'object' && v !== null) stack.push(...Object.values(v));
  }
  return [...found];
}

/** The problems with a target config's `${env:…}` references (names the operator did not allow). */
export function envScopeProblems(value: unknown, allow?: readonly string[]): string[] {
  return envRefsIn(value).flatMap((n) => targetEnvRefusal(n, allow) ?? []);
}

/**
 * The refused `${env:…}` references of every target config in a run request (any value under a `target` key:
 * a plan's target, a task payload's), each naming where it is. Only target configs are looked at: a test
 * message that happens to contain `${env:X}` is text, never resolved.
 */
export function requestEnvProblems(body: unknown, root = 'body', allow?: readonly string[]): string[] {
  const problems: string[] = [];
  const stack: { v: unknown; at: string }[] = [{ v: body, at: root }];
  while (stack.length) {
    const { v, at } = stack.pop()!;
    if (Array.isArray(v)) v.forEach((x, i) => stack.push({ v: x, at: `${at}[${i}]` }));
    else if (typeof v === 'object' && v !== null) {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'target') problems.push(...envScopeProblems(x, allow).map((p) => `${at}.target: ${p}`));
        else stack.push({ v: x, at: `${at}.${k}` });
      }
    }
  }
  return problems;
}

function resolveEnv(name: string, secrets: string[]): string {
  // Checked again at send time: a payload can carry a target that no submit-time check saw.
  const refused = targetEnvRefusal(name);
  if (refused) throw new TargetConfigError([refused]);
  const value = envSecret(name);
  if (value === undefined) {
    throw new TargetConfigError([`the target config references \${env:${name}} but ${name} is not set`]);
  }
  secrets.push(value);
  return value;
}

/** Render one template string; `encode` is applied to inserted placeholder values (e.g. for URLs). */
export function renderString(
  template: string,
  ctx: TemplateContext,
  secrets: string[],
  encode: (s: string) => string = (s) => s,
): string {
  return template.replace(TOKEN, (_all, name: string | undefined, env: string | undefined) => {
    if (env) return resolveEnv(env, secrets);
    const v = lookup(name ?? '', ctx);
    if (v === undefined || v === null) return '';
    return encode(typeof v === 'string' ? v : JSON.stringify(v));
  });
}

/** Render a JSON template value (see the module comment for the typing rules). */
export function renderValue(template: unknown, ctx: TemplateContext, secrets: string[]): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE.exec(template);
    if (whole?.[1]) return lookup(whole[1], ctx);
    return renderString(template, ctx, secrets);
  }
  if (Array.isArray(template)) return template.map((v) => renderValue(v, ctx, secrets) ?? null);
  if (typeof template === 'object' && template !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(template)) {
      const r = renderValue(v, ctx, secrets);
      if (r !== undefined) out[k] = r;
    }
    return out;
  }
  return template;
}
