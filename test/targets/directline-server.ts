/**
 * A local server speaking the Direct Line 3.0 REST protocol (start conversation, post activity, get
 * activities with a watermark), with a scripted bot behind it: each user message gets the activities the
 * test's `bot` function returns, appended after `delayMs` (one by one, `gapMs` apart), as a real channel does.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BotActivity {
  type: string;
  text?: string;
  name?: string;
  value?: unknown;
  /** Sent without replyToId (some channels do). */
  noReplyTo?: boolean;
}

export interface DirectLineServer {
  url: string;
  /** Every request received: method, path and Authorization header. */
  requests: { method: string; path: string; auth: string | undefined }[];
  /** Every conversation's activities, as stored. */
  conversations: Map<string, Record<string, unknown>[]>;
  close(): Promise<void>;
}

export async function startDirectLineServer(opts: {
  secret: string;
  bot: (text: string, turn: number) => BotActivity[];
  delayMs?: number;
  gapMs?: number;
}): Promise<DirectLineServer> {
  const conversations = new Map<string, Record<string, unknown>[]>();
  const tokens = new Map<string, string>();
  const requests: DirectLineServer['requests'] = [];
  let n = 0;
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const handle = (req: IncomingMessage, res: ServerResponse, text: string) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const auth = req.headers.authorization;
    requests.push({ method: req.method ?? '', path: url.pathname + url.search, auth });
    if (req.method === 'POST' && url.pathname === '/v3/directline/conversations') {
      if (auth !== `Bearer ${opts.secret}`) return send(res, 403, { error: { code: 'BadArgument', message: 'Invalid token or secret' } });
      n++;
      const id = `DL${n}abc-us`;
      const token = `tok.${n}.${Math.random().toString(36).slice(2)}`;
      tokens.set(id, token);
      conversations.set(id, []);
      return send(res, 201, { conversationId: id, token, expires_in: 1800, streamUrl: `wss://example/${id}` });
    }
    const m = /^\/v3\/directline\/conversations\/([^/]+)\/activities$/.exec(url.pathname);
    const id = decodeURIComponent(m?.[1] ?? '');
    const list = conversations.get(id);
    if (!m || !list) return send(res, 404, { error: { code: 'BadArgument', message: 'Conversation not found' } });
    if (auth !== `Bearer ${tokens.get(id)}`) return send(res, 403, { error: { code: 'TokenExpired', message: 'Token not valid for this conversation' } });
    if (req.method === 'GET') {
      const from = Number(url.searchParams.get('watermark') ?? '0');
      return send(res, 200, { activities: list.slice(from), watermark: String(list.length) });
    }
    if (req.method !== 'POST') return send(res, 405, {});
    const activity = JSON.parse(text) as { type?: string; text?: string; from?: { id?: string } };
    if (activity.type !== 'message' || typeof activity.text !== 'string' || !activity.from?.id) {
      return send(res, 400, { error: { code: 'BadArgument', message: 'activity type, text and from.id are required' } });
    }
    const userActivity = { ...activity, id: `${id}|${String(list.length).padStart(7, '0')}`, timestamp: new Date().toISOString() };
    list.push(userActivity);
    const turn = list.filter((a) => (a.from as { id: string }).id === activity.from?.id).length;
    const replies = opts.bot(activity.text, turn);
    replies.forEach((r, i) => {
      setTimeout(() => {
        const { noReplyTo, ...rest } = r;
        list.push({
          ...rest,
          id: `${id}|${String(list.length).padStart(7, '0')}`,
          from: { id: 'copilot-bot', name: 'Sportello' },
          ...(noReplyTo ? {} : { replyToId: userActivity.id }),
          timestamp: new Date().toISOString(),
        });
      }, (opts.delayMs ?? 30) + i * (opts.gapMs ?? 10));
    });
    return send(res, 200, { id: userActivity.id });
  };
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => handle(req, res, text));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v3/directline`,
    requests,
    conversations,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
