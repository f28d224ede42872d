import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tokensService, type TokensService } from '../services/rewards/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** The token calls' reads: balance, history, statistics, available rewards, milestones, FINU on chain. */
    tokens: TokensService;
  }
}

/**
 * The services routes call, built once from the repositories and the plugins they need; a route takes
 * `fastify.<service>` and calls one method. Add a service here with one line.
 */
export default fp(
  async function servicesPlugin(app: FastifyInstance) {
    app.decorate('tokens', tokensService({ repo: app.repos.rewards, walletKey: app.walletKey, requireChain: () => app.requireChain() }));
  },
  { name: 'services', dependencies: ['repositories', 'rewards', 'chain'] },
);
