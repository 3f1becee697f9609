/**
 * Candidate response paths, found by inspecting the raw replies of a target whose mapping does not find
 * the answer or the tool calls yet. No name is assumed: the answer is the natural-language text present in
 * the most replies (longest first) outside tool calls, and the tool calls are arrays of objects with a
 * name-like and an arguments-like key, filtered by the array's discriminator (`type`, `kind`…) when it mixes
 * steps. Returned as RFC 9535 JSONPath, ready for the target file.
 */
const NAME_KEYS = ['name', 'tool', 'tool_name', 'toolName', 'action', 'plugin', 'function_name'];
const ARG_KEYS = ['arguments', 'args', 'input', 'parameters', 'params', 'tool_input', 'query'];
const RESULT_KEYS = ['result', 'output', 'observation', 'response', 'content', 'return', 'value'];
const DISCRIMINATORS = ['type', 'kind', 'event', 'role', 'step_type', 'category'];
/** Discriminator values of steps that are not the reply. */
const NOT_REPLY = /thought|reason|notice|status|progress|log|debug|typing|system|trace|tool|error|meta|usage|done/i;
const REPLY = /^(text|message|answer|reply|assistant|content|delta|output_text|bot)$/i;

export interface ToolCallsCandidate {
  path: string;
  name: string;
  arguments: string;
  result?: string;
}

export interface PathCandidates {
  answer?: string;
  toolCalls?: ToolCallsCandidate;
}

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const member = (k: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`);

function discriminator(items: Json[]): string | undefined {
  return DISCRIMINATORS.find((d) => items.some((i) => typeof i[d] === 'string'));
}

/** The keys that make `o` a tool call (name, arguments, result), or undefined. */
function toolShape(o: Json): { name: string; arguments: string; result?: string } | undefined {
  if (isRecord(o.function) && typeof o.function.name === 'string') {
    return { name: 'function.name', arguments: 'function.arguments', ...(o.output !== undefined ? { result: 'output' } : {}) };
  }
  const name = NAME_KEYS.find((k) => typeof o[k] === 'string' && o[k] !== '');
  const args = ARG_KEYS.find((k) => k !== name && (isRecord(o[k]) || (typeof o[k] === 'string' && /^\s*\{/.test(o[k]))));
  if (!name || !args) return undefined;
  const result = RESULT_KEYS.find((k) => k !== name && k !== args && o[k] !== undefined);
  return { name, arguments: args, ...(result ? { result } : {}) };
}

interface Found {
  answers: Map<string, number>; // generalized path → text length in this reply
  tools: Map<string, ToolCallsCandidate>;
}

function walk(v: unknown, path: string, found: Found): void {
  if (typeof v === 'string') {
    if (/\p{L}{2,}\s+\p{L}/u.test(v) && !/^https?:\/\//.test(v)) found.answers.set(path, (found.answers.get(path) ?? 0) + v.length);
    return;
  }
  if (Array.isArray(v)) {
    if (v.every((x) => typeof x === 'string')) {
      for (const x of v) walk(x, `${path}[*]`, found);
      return;
    }
    const items = v.filter(isRecord);
    const d = discriminator(items);
    for (const item of items) {
      const sel = d && typeof item[d] === 'string' ? `${path}[?@.${d}==${JSON.stringify(item[d])}]` : `${path}[*]`;
      const shape = toolShape(item);
      if (shape) {
        found.tools.set(sel, { path: sel, ...shape });
        continue; // a tool call's output is not the reply
      }
      // Tool calls one level down (a stream event's `data`, a step's `call`).
      let inner = false;
      for (const [k, child] of Object.entries(item)) {
        const childShape = isRecord(child) ? toolShape(child) : undefined;
        if (childShape) {
          found.tools.set(`${sel}${member(k)}`, { path: `${sel}${member(k)}`, ...childShape });
          inner = true;
        }
      }
      if (!inner) walk(item, sel, found);
    }
    return;
  }
  if (isRecord(v)) for (const [k, child] of Object.entries(v)) walk(child, `${path}${member(k)}`, found);
}

function replyWeight(path: string): number {
  const values = [...path.matchAll(/==("[^"]*")/g)].map((m) => JSON.parse(m[1] ?? '""') as string);
  if (values.some((x) => NOT_REPLY.test(x) && !REPLY.test(x))) return 0.05;
  return values.some((x) => REPLY.test(x)) ? 2 : 1;
}

/** Candidate answer and tool-call paths over several raw replies (JSON bodies, or lists of stream events). */
export function inferPaths(raws: unknown[]): PathCandidates {
  const presence = new Map<string, { replies: number; length: number }>();
  const tools = new Map<string, { c: ToolCallsCandidate; replies: number }>();
  for (const raw of raws) {
    const found: Found = { answers: new Map(), tools: new Map() };
    walk(raw, '$', found);
    for (const [p, len] of found.answers) {
      const s = presence.get(p) ?? { replies: 0, length: 0 };
      presence.set(p, { replies: s.replies + 1, length: s.length + len });
    }
    for (const [p, c] of found.tools) tools.set(p, { c, replies: (tools.get(p)?.replies ?? 0) + 1 });
  }
  const score = (s: { replies: number; length: number }, p: string) => (s.replies * 1000 + Math.min(s.length, 999)) * replyWeight(p);
  const answer = [...presence.entries()].sort((a, b) => score(b[1], b[0]) - score(a[1], a[0]))[0]?.[0];
  const tool = [...tools.values()].sort((a, b) => b.replies - a.replies)[0]?.c;
  return { ...(answer ? { answer } : {}), ...(tool ? { toolCalls: tool } : {}) };
}
