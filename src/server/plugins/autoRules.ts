import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { autoRulesService, type AutoRulesService } from '../services/autoRules/service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Categorization rules, learned categories, tags and bulk changes (the import runner and the routes share it). */
    autoRules: AutoRulesService;
  }
}

export default fp(
  async function autoRulesPlugin(app: FastifyInstance) {
    app.decorate('autoRules', autoRulesService({ repo: app.repos.autoRules, transactions: app.repos.transactions, rewards: app.rewards }));
  },
  { name: 'auto-rules', dependencies: ['repositories', 'rewards'] },
);
