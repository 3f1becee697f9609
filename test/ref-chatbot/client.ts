// A small client for the reference chatbot's HTTP API, used by its tests.
export interface ToolStep { kind: 'tool'; call_id: string; tool: string; input: Record<string, unknown>; output: string }
export type Step = ToolStep | { kind: 'thought' | 'notice'; text: string; code?: string };

export interface Turn {
  status: number;
  text: string;
  language: string;
  steps: Step[];
  tools: ToolStep[];
  meter: { tokens: { input: number; output: number }; cost_eur: number };
}

export async function openConversation(url: string): Promise<string> {
  const res = await fetch(`${url}/v1/conversations`, { method: 'POST' });
  const body = (await res.json()) as { conversation: { handle: string } };
  return body.conversation.handle;
}

export async function send(url: string, handle: string, text: string): Promise<Turn> {
  const res = await fetch(`${url}/v1/conversations/${handle}/turns`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ input: { text } }),
  });
  const body = (await res.json()) as {
    reply: { language: string; parts: { type: string; text: string }[] };
    trace: { steps: Step[] };
    meter: Turn['meter'];
  };
  const steps = body.trace.steps;
  return {
    status: res.status,
    text: body.reply.parts.map((p) => p.text).join('\n'),
    language: body.reply.language,
    steps,
    tools: steps.filter((s): s is ToolStep => s.kind === 'tool'),
    meter: body.meter,
  };
}

/** Sends each message in a new conversation, in order; returns every turn. */
export async function converse(url: string, messages: string[]): Promise<Turn[]> {
  const handle = await openConversation(url);
  const turns: Turn[] = [];
  for (const m of messages) turns.push(await send(url, handle, m));
  return turns;
}

export interface SseEvent { event: string; data: unknown }

export function parseSse(raw: string): SseEvent[] {
  return raw.split('\n\n').filter((b) => b.trim() !== '').map((block) => {
    const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
    const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
    return { event, data: JSON.parse(data) as unknown };
  });
}
