/**
 * LLM mode: a tool-calling agent loop over any OpenAI-compatible chat-completions endpoint, with the same
 * tools as deterministic mode. At most MAX_TOOL_ROUNDS rounds of tool calls, then the model must answer.
 * Of the conversation faults only `no-tool` applies here (get_tender_text is not offered); the tool-level
 * and data faults apply in both modes.
 */
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { SYSTEM_PROMPT } from './prompt.ts';
import type { Session } from './sessions.ts';
import { callTool, toolNameSchema, TOOLS, type ExecutedToolCall, type ToolContext } from './tools.ts';

export const MAX_TOOL_ROUNDS = 5;
/** Replayed history is capped so a long session cannot outgrow the model's context. */
const HISTORY_MESSAGES = 20;

export interface LlmOptions {
  baseUrl: string;
  model: string;
  apiKey?: string;
}

export interface LlmReply {
  answer: string;
  toolCalls: ExecutedToolCall[];
  usage: { tokensIn: number; tokensOut: number };
}

export function createLlmClient(o: LlmOptions): OpenAI {
  // Local OpenAI-compatible servers often need no key; the client insists on one.
  return new OpenAI({ baseURL: o.baseUrl, apiKey: o.apiKey ?? 'not-needed', maxRetries: 1, timeout: 60_000 });
}

export async function answerWithLlm(
  client: OpenAI,
  model: string,
  ctx: ToolContext,
  session: Session,
  message: string,
): Promise<LlmReply> {
  const tools: ChatCompletionTool[] = toolNameSchema.options
    .filter((name) => !(name === 'get_tender_text' && ctx.faults.has('no-tool')))
    .map((name) => ({ type: 'function', function: { name, description: TOOLS[name].description, parameters: TOOLS[name].parameters } }));
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    ...session.messages.slice(-HISTORY_MESSAGES),
    { role: 'user', content: message },
  ];
  const toolCalls: ExecutedToolCall[] = [];
  const usage = { tokensIn: 0, tokensOut: 0 };
  for (let round = 0; ; round++) {
    const lastRound = round >= MAX_TOOL_ROUNDS;
    const res = await client.chat.completions.create({
      model,
      messages,
      ...(lastRound ? {} : { tools, tool_choice: 'auto' as const }),
    });
    usage.tokensIn += res.usage?.prompt_tokens ?? 0;
    usage.tokensOut += res.usage?.completion_tokens ?? 0;
    const msg = res.choices[0]?.message;
    if (!msg) throw new Error('the model returned no choices');
    const calls = (msg.tool_calls ?? []).filter((c) => c.type === 'function');
    if (calls.length === 0 || lastRound) return { answer: msg.content ?? '', toolCalls, usage };
    messages.push({ role: 'assistant', content: msg.content ?? null, tool_calls: calls });
    for (const c of calls) {
      const name = toolNameSchema.safeParse(c.function.name);
      let content: string;
      if (!name.success || !tools.some((t) => t.type === 'function' && t.function.name === name.data)) {
        content = JSON.stringify({ error: `strumento sconosciuto: ${c.function.name}` });
      } else {
        let args: Record<string, unknown>;
        try {
          args = JSON.parse(c.function.arguments || '{}') as Record<string, unknown>;
        } catch {
          args = { _raw: c.function.arguments };
        }
        try {
          const executed = await callTool(ctx, name.data, args);
          toolCalls.push(executed);
          content = JSON.stringify(executed.result);
        } catch (err) {
          // Bad arguments go back to the model so it can correct itself, as a real agent would.
          toolCalls.push({ name: name.data, arguments: args, result: { error: String(err) } });
          content = JSON.stringify({ error: err instanceof Error ? err.message : String(err) });
        }
      }
      messages.push({ role: 'tool', tool_call_id: c.id, content });
    }
  }
}
