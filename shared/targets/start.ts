/**
 * The conversation handshake of an http target, with no code: many chat APIs first create a session
 * or conversation (a request returning a token or an id) and want it back on every turn, as a header,
 * a path segment or a body field. The target declares
 *
 *   start:
 *     url: https://bot.example/api/conversations
 *     headers: { Authorization: "Bearer ${env:VAGLIO_TARGET_KEY}" }
 *     body: { channel: vaglio }
 *     extract: { conv: $.conversation.id, token: "header:X-Session-Token" }
 *
 * and uses `{{start.conv}}`, `{{start.token}}` in the turn's url, headers and body. It runs once per
 * conversation (per case). Its failures are TargetErrors like a turn's (a missing value is `malformed`).
 */
import { z } from 'zod';
import { TargetError } from './errors.ts';
import { pathProblem, selectOne } from './path.ts';
import { jsonType } from './response-mapping.ts';
import { renderRequest, sendRequest, snippet, type RequestPolicy } from './request.ts';
import { placeholdersIn, type TemplateContext } from './template.ts';

const HEADER = /^header:\s*([A-Za-z0-9!#$%&'*+.^_`|~-]+)$/;

export const startRequestSchema = z
  .object({
    /** May hold `${env:NAME}` and `{{vars.X}}`. */
    url: z.string().min(1),
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH']).default('POST'),
    headers: z.record(z.string(), z.string()).default({}),
    body: z.unknown().optional(),
    /** name → an RFC 9535 JSONPath into the start response's JSON body, or `header:<Name>`. */
    extract: z
      .record(z.string().regex(/^[A-Za-z0-9_-]+$/, 'a name of letters, digits, _ or -'), z.string().min(1))
      .refine((e) => Object.keys(e).length > 0, 'extract at least one value'),
    /** Which extracted value identifies the conversation in reports (default: a random id). */
    sessionId: z.string().min(1).optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    for (const [name, source] of Object.entries(s.extract)) {
      if (HEADER.test(source)) continue;
      const bad = pathProblem(source);
      if (bad) problem(['extract', name], `${bad} (or write header:<Name>)`);
    }
    if (s.sessionId && !Object.hasOwn(s.extract, s.sessionId)) problem(['sessionId'], `"${s.sessionId}" is not one of the extracted values`);
    if (s.method === 'GET' && s.body !== undefined) problem(['body'], 'a GET request has no body');
    // The start request runs before any turn: only vars and env are known then.
    const ok = (n: string) => n.startsWith('vars.');
    for (const n of placeholdersIn(s.url).filter((x) => !ok(x))) problem(['url'], `{{${n}}} cannot be used in the start request`);
    for (const n of placeholdersIn(s.body).filter((x) => !ok(x))) problem(['body'], `{{${n}}} cannot be used in the start request`);
    for (const [k, v] of Object.entries(s.headers)) {
      for (const n of placeholdersIn(v).filter((x) => !ok(x))) problem(['headers', k], `{{${n}}} cannot be used in the start request`);
    }
  });
export type StartRequest = z.infer<typeof startRequestSchema>;


/** Run the start request and return the extracted values. `secrets` collects resolved `${env:}` values. */
export async function runStart(
  start: StartRequest,
  vars: Record<string, string>,
  policy: Omit<RequestPolicy, 'secrets'>,
  secrets: string[],
  signal: AbortSignal,
): Promise<Record<string, string>> {
  const ctx: TemplateContext = { message: '', history: [], messages: [], vars };
  const res = await sendRequest(renderRequest(start, ctx, secrets), { ...policy, secrets }, signal);
  const bad = (why: string) =>
    new TargetError('malformed', `start request: ${why}`, { retryable: false, status: res.status, attempts: res.attempts });
  let json: unknown;
  let parsed = false;
  const out: Record<string, string> = {};
  for (const [name, source] of Object.entries(start.extract)) {
    const header = HEADER.exec(source);
    let value: unknown;
    if (header?.[1]) {
      value = res.headers.get(header[1]) ?? undefined;
      if (value === undefined) throw bad(`start.extract.${name}: the response has no ${header[1]} header`);
    } else {
      if (!parsed) {
        try {
          json = JSON.parse(res.text);
        } catch {
          throw bad(`start.extract.${name}: the response is not JSON: ${snippet(res.text, secrets)}`);
        }
        parsed = true;
      }
      value = selectOne(source, json);
      if (value === undefined || value === null) throw bad(`start.extract.${name}: nothing at "${source}" in ${snippet(res.text, secrets)}`);
    }
    if (typeof value !== 'string' && typeof value !== 'number') throw bad(`start.extract.${name}: "${source}" is ${jsonType(value)}, not a string or number`);
    out[name] = String(value);
  }
  return out;
}
