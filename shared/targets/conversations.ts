/**
 * What an adapter must remember between the turns of one conversation (the values a start request
 * extracted, a Direct Line token and watermark), keyed by the session id it hands back to the runner,
 * which sends it again on the next turn. A case is played in one task in one process, so memory is
 * enough; the bound keeps a long-lived worker's footprint flat (the oldest conversations go first).
 */
import type { TargetConfig } from './registry.ts';

/**
 * The target knows only the history each turn carries (an http target in stateless mode without a handshake, an
 * OpenAI-compatible endpoint): no session id is ever sent back, so a shorter history is a conversation that never
 * had the dropped turns. Any other target may remember the conversation itself.
 */
export function historyOnly(config: TargetConfig): boolean {
  return config.type === 'openai' || (config.type === 'http' && config.mode === 'stateless' && !config.start);
}

export class ConversationStore<T> {
  private readonly map = new Map<string, T>();
  constructor(private readonly max = 10_000) {}

  get(id: string | undefined): T | undefined {
    if (id === undefined) return undefined;
    const v = this.map.get(id);
    if (v !== undefined) {
      this.map.delete(id); // most recently used goes last
      this.map.set(id, v);
    }
    return v;
  }

  set(id: string, value: T): void {
    this.map.delete(id);
    this.map.set(id, value);
    while (this.map.size > this.max) {
      const oldest = this.map.keys().next().value;
      if (oldest === undefined) break;
      this.map.delete(oldest);
    }
  }
}
