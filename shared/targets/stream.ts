/**
 * Streamed replies (`stream: sse` or `stream: jsonl` on an http target): the events are collected until
 * the server ends the response, then mapped like a JSON body with the same response mapping, over the
 * list of events: `$[?@.event=="delta"].data.text` (SSE), `$[?@.type=="text"].delta` (JSON lines).
 * - SSE (text/event-stream): each event becomes `{ event, data, id? }`: `event` defaults to "message"
 *   as the spec says, `data` is the parsed JSON when it is JSON, else the text. `data: [DONE]` ends it.
 * - JSON lines (application/x-ndjson, chunked): each non-blank line is one JSON value, kept as is.
 */
export const STREAM_KINDS = ['sse', 'jsonl'] as const;
export type StreamKind = (typeof STREAM_KINDS)[number];

export interface SseEvent {
  event: string;
  data: unknown;
  id?: string;
}

function jsonOrText(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}

export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  let name = '';
  let id: string | undefined;
  let data: string[] = [];
  const dispatch = (): boolean => {
    if (data.length > 0) {
      const payload = data.join('\n');
      if (payload.trim() === '[DONE]') return false;
      events.push({ event: name || 'message', data: jsonOrText(payload), ...(id === undefined ? {} : { id }) });
    }
    name = '';
    data = [];
    return true;
  };
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === '') {
      if (!dispatch()) return events;
      continue;
    }
    if (line.startsWith(':')) continue; // comment / keep-alive
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  }
  dispatch(); // a last event the server did not terminate with a blank line
  return events;
}

/** One JSON value per line; a line that is not JSON throws, naming it. */
export function parseJsonLines(text: string): unknown[] {
  const out: unknown[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      out.push(JSON.parse(line));
    } catch {
      throw new Error(`line ${i + 1} of the JSON-lines stream is not JSON: ${line.slice(0, 80)}`);
    }
  });
  return out;
}

export function parseStream(kind: StreamKind, text: string): unknown[] {
  return kind === 'sse' ? parseSse(text) : parseJsonLines(text);
}
