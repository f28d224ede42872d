import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { builtinCoach } from './builtin';
import { openAiCompatibleCoach } from './openai';
import type { CoachEngine } from './types';

export type { CoachEngine, CoachEvent, CoachProfile, CoachRequest, CoachTurn } from './types';

/** Earlier messages of a conversation that an LLM sees with each question. */
export const HISTORY_MESSAGES = 12;

/** The coach chosen once at start-up: the OpenAI-compatible LLM when COACH_LLM_URL is set, else the built-in coach. */
export function createCoachEngine(config: Config['coach'], log: FastifyBaseLogger): CoachEngine {
  const builtin = builtinCoach({ chunkDelayMs: config.streamDelayMs });
  if (!config.llm) return builtin;
  return openAiCompatibleCoach({ ...config.llm, historyMessages: HISTORY_MESSAGES }, builtin, log);
}
