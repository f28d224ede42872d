import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ConfigError } from '../config';
import { createCoachEngine, type CoachEngine } from '../services/coach';

declare module 'fastify' {
  interface FastifyInstance {
    /** The AI coach engine chosen from config: built-in, or an OpenAI-compatible LLM with the built-in one as fallback. */
    coach: CoachEngine;
  }
}

export default fp(
  async function coachPlugin(app: FastifyInstance) {
    const { llm } = app.config.coach;
    if (llm && !llm.model) throw new ConfigError('Invalid configuration: COACH_LLM_MODEL is required with COACH_LLM_URL');
    const engine = createCoachEngine(app.config.coach, app.log);
    app.decorate('coach', engine);
    app.log.info({ engine: engine.name, ...(llm ? { llm: new URL(llm.url).host, model: llm.model } : {}) }, 'AI coach ready');
  },
  { name: 'coach', dependencies: ['repositories', 'billing'] },
);
