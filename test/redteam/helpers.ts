/** Builds small scenarios and transcripts for detector tests. */
import type { ToolCall, Transcript } from '../../shared/transcript.ts';
import { runDetector } from '../../shared/redteam/detectors/index.ts';
import { redteamScenarioSchema, type DetectorSpec, type RedteamScenario } from '../../shared/redteam/schema.ts';

export interface Exchange {
  user: string;
  assistant: string | null;
  attack?: boolean;
  recovery?: boolean;
  toolCalls?: ToolCall[];
}

/** A scenario whose turns match the exchanges (attack unless marked otherwise). */
export function scenarioFor(exchanges: Exchange[], detectors: DetectorSpec[] = [{ type: 'recovery-failed', params: {} }]): RedteamScenario {
  return redteamScenarioSchema.parse({
    id: 'rt.test.scenario.direct.none',
    branch: 'role-register',
    owasp: ['LLM01:2025'],
    technique: 'pirate',
    transform: 'none',
    pattern: 'direct',
    turns: exchanges.map((e) => ({
      user: e.user,
      isAttack: e.recovery ? false : (e.attack ?? true),
      isRecovery: e.recovery ?? false,
    })),
    goal: 'a test scenario',
    detectors,
  });
}

export function transcriptOf(exchanges: Exchange[]): Transcript {
  return {
    turns: exchanges.map((e, index) => ({
      index,
      user: e.user,
      assistant: e.assistant,
      toolCalls: e.toolCalls ?? [],
      latencyMs: 10,
    })),
  };
}

/** One answer to one user message, judged by one detector. */
export function runOnAnswer(spec: DetectorSpec, answer: string, opts = {}, user = 'domanda') {
  const exchanges: Exchange[] = [{ user, assistant: answer }];
  return runDetector(spec, transcriptOf(exchanges), scenarioFor(exchanges, [spec]), opts);
}
