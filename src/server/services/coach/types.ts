import type { ToolContext } from './tools';

/** What the coach knows about the person it talks to (from the profile and onboarding answers). */
export interface CoachProfile {
  name: string | null;
  currency: string;
  monthlyIncome: number | null;
  mainGoal: string | null;
  helpWith: string[];
}

export interface CoachTurn {
  role: 'user' | 'assistant';
  content: string;
  /** What the engine saved with an answer: the built-in coach's frame (what it measured, of what, over when) for follow-ups. */
  meta?: Record<string, unknown> | null;
}

export interface CoachRequest {
  question: string;
  /** Earlier messages of the conversation, oldest first (the question itself not included). */
  history: CoachTurn[];
  profile: CoachProfile;
  /** The user's data, today's date and currency: what every tool reads. */
  tools: ToolContext;
  /** False when the answer is handed over whole: nobody watches it being written, so it is not paced. */
  paced?: boolean;
}

/** What an engine streams: pieces of the answer, the tools it runs, and facts to save with the answer. */
export type CoachEvent =
  | { type: 'text'; text: string }
  | { type: 'tool'; name: string }
  | { type: 'meta'; meta: Record<string, unknown> };

/** One coach implementation (spec: built-in by default, an OpenAI-compatible LLM when configured). */
export interface CoachEngine {
  readonly name: 'builtin' | 'openai-compatible';
  /** Streams an answer; stops soon after `signal` aborts. */
  answer(request: CoachRequest, signal: AbortSignal): AsyncIterable<CoachEvent>;
}
