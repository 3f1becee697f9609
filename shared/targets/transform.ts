/**
 * Custom response handling: a JS/TS module exporting (as default or as `transform`) a function
 * `(body) => { text, toolCalls, usage?, sessionId? }`, for targets no path mapping can describe.
 * `body` is the parsed JSON, or the raw text when the response is not JSON. It may be async.
 */
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { toolCallSchema, usageSchema } from '../transcript.ts';
import { TargetConfigError } from './errors.ts';
import type { MappedReply } from './response-mapping.ts';

const transformOutputSchema = z.object({
  text: z.string(),
  toolCalls: z.array(toolCallSchema).default([]),
  usage: usageSchema.optional(),
  sessionId: z.string().optional(),
});

export type ResponseTransform = (body: unknown) => unknown;

const loaded = new Map<string, Promise<ResponseTransform>>();

/** Import the module once per process; `modulePath` is absolute (loadTargetConfig resolves it). */
export function loadTransform(modulePath: string): Promise<ResponseTransform> {
  let p = loaded.get(modulePath);
  if (!p) {
    p = import(pathToFileURL(modulePath).href).then((mod: Record<string, unknown>) => {
      const fn = typeof mod.default === 'function' ? mod.default : mod.transform;
      if (typeof fn !== 'function') {
        throw new TargetConfigError([`transform module ${modulePath} exports no default or "transform" function`]);
      }
      return fn as ResponseTransform;
    });
    loaded.set(modulePath, p);
    p.catch(() => loaded.delete(modulePath));
  }
  return p;
}

/** Run a transform and check its output; throws a plain Error describing what was wrong. */
export async function applyTransform(fn: ResponseTransform, body: unknown): Promise<MappedReply> {
  const parsed = transformOutputSchema.safeParse(await fn(body));
  if (!parsed.success) {
    throw new Error(`transform returned ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const { text, toolCalls, usage, sessionId } = parsed.data;
  return { text, toolCalls, ...(usage ? { usage } : {}), ...(sessionId ? { sessionId } : {}) };
}
