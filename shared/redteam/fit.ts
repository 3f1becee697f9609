/**
 * Fitting an attack under the target's input limit (`maxInputChars` in the target file): a message made of
 * blank-line-separated blocks (a header, the faked exchanges of a many-shot prompt, the real request) loses
 * exchanges from the start until it fits; any other over-long turn makes the scenario unplayable, said plainly.
 */
import type { RedteamScenario } from './schema.ts';

export type Fitted = { scenario: RedteamScenario; note?: string } | { unplayable: string };

/** The message with the fewest middle blocks dropped so it fits, or undefined when even header + request do not. */
function shrink(message: string, max: number): { text: string; dropped: number } | undefined {
  const blocks = message.split(/\n\n+/);
  if (blocks.length < 3) return undefined;
  const head = blocks[0]!;
  const tail = blocks.at(-1)!;
  const middle = blocks.slice(1, -1);
  for (let dropped = 1; dropped <= middle.length; dropped++) {
    const text = [head, ...middle.slice(dropped), tail].join('\n\n');
    if (text.length <= max) return { text, dropped };
  }
  return undefined;
}

export function fitScenario(s: RedteamScenario, max: number | undefined): Fitted {
  if (max === undefined || s.turns.every((t) => t.user.length <= max)) return { scenario: s };
  const notes: string[] = [];
  const turns = [];
  for (const [i, t] of s.turns.entries()) {
    if (t.user.length <= max) {
      turns.push(t);
      continue;
    }
    const many = s.pattern === 'many-shot' || s.technique === 'many-shot';
    const fitted = many ? shrink(t.user, max) : undefined;
    if (!fitted) {
      return { unplayable: `not played: turn ${i} is ${t.user.length} characters, over the target's maxInputChars ${max}${many ? ' even with one exchange left' : ''}` };
    }
    notes.push(`turn ${i}: ${fitted.dropped} faked exchange(s) dropped to fit maxInputChars ${max}`);
    turns.push({ ...t, user: fitted.text });
  }
  return { scenario: { ...s, turns }, note: notes.join('; ') };
}
