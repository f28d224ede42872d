import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRewardsService, type RewardsService } from '../services/rewards';
import { resolveWalletKey } from '../services/secrets';

declare module 'fastify' {
  interface FastifyInstance {
    /** Awards points for what users do; routes call `rewards.record` and put the answer in `reward`. */
    rewards: RewardsService;
    /** The AES-256-GCM key of the custodial wallets. */
    walletKey: Buffer;
  }
}

export default fp(
  async function rewardsPlugin(app: FastifyInstance) {
    app.decorate('rewards', createRewardsService(app.repos.rewards, app.log));
    app.decorate('walletKey', resolveWalletKey(app.config));
  },
  { name: 'rewards', dependencies: ['repositories'] },
);
