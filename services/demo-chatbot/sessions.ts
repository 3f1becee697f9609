/** In-memory conversation sessions: the bando in focus, the last search, the turn count. */
import { randomUUID } from 'node:crypto';

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface Session {
  id: string;
  turns: number;
  /** The bando the conversation is about ("questo bando"). */
  focus?: string;
  /** Ids listed by the last search, for "il secondo". */
  lastSearch: string[];
  /** Set only by the `register-hijack` fault. */
  register?: 'pirate' | 'rhyme';
  /** The conversation so far (LLM mode replays it). */
  messages: ChatMessage[];
}

/** Oldest sessions are dropped past this many: the demo must not grow without bound under a long run. */
const MAX_SESSIONS = 10_000;

export class SessionStore {
  private readonly sessions = new Map<string, Session>();

  /** The session with this id (created, with the given id, when unknown). */
  get(id: string | undefined): Session {
    const existing = id ? this.sessions.get(id) : undefined;
    if (existing) {
      // Re-insert so Map order is least-recently-used first.
      this.sessions.delete(existing.id);
      this.sessions.set(existing.id, existing);
      return existing;
    }
    const session: Session = { id: id ?? randomUUID(), turns: 0, lastSearch: [], messages: [] };
    this.sessions.set(session.id, session);
    if (this.sessions.size > MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value;
      if (oldest !== undefined) this.sessions.delete(oldest);
    }
    return session;
  }

  get size(): number {
    return this.sessions.size;
  }
}
