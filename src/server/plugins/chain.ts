import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CHAIN_UNAVAILABLE, UnavailableError } from '../errors';
import type { Chain } from '../services/chain';
import type { TransferWorker } from '../services/chain/transfers';
import { resolveEmbeddedTreasuryKey } from '../services/secrets';

declare module 'fastify' {
  interface FastifyInstance {
    /** The EVM node with FINU on it, or null while it is not configured or not reachable. */
    chain(): Chain | null;
    /** The same, or a 503 the client can show. */
    requireChain(): Chain;
    /** Pays out conversions; null without a chain. */
    transferWorker(): TransferWorker | null;
  }
}

export { CHAIN_UNAVAILABLE };

/**
 * Connects to the EVM node (CHAIN_RPC_URL, or the embedded anvil start.ts runs), makes sure FINU is
 * deployed and runs the transfer worker. An unreachable node does not stop the API: chain reads answer
 * 503 and conversions wait (points already debited, transfers recorded) until it is back.
 */
export default fp(
  async function chainPlugin(app: FastifyInstance) {
    const { chain: config } = app.config;
    let chain: Chain | null = null;
    let worker: TransferWorker | null = null;
    let retry: NodeJS.Timeout | null = null;
    let closed = false;

    app.decorate('chain', () => chain);
    app.decorate('requireChain', () => {
      if (!chain) throw new UnavailableError(CHAIN_UNAVAILABLE);
      return chain;
    });
    app.decorate('transferWorker', () => worker);

    const rpcUrl = config.rpcUrl;
    if (!rpcUrl) {
      app.log.info('no chain configured: FINU balances and transfers are off (npm start runs an embedded node)');
      return;
    }
    const treasuryPrivateKey = config.treasuryPrivateKey ?? (config.embedded ? resolveEmbeddedTreasuryKey(app.config) : undefined);
    if (!treasuryPrivateKey) throw new Error('TREASURY_PRIVATE_KEY is required with CHAIN_RPC_URL');

    const connect = async () => {
      try {
        // The chain code (and ethers with it) loads only when a chain is configured (docs/performance.md, memory).
        const [{ connectChain }, { createTransferWorker }] = await Promise.all([import('../services/chain'), import('../services/chain/transfers')]);
        const connected = await connectChain({ ...config, rpcUrl, treasuryPrivateKey }, app.repos.rewards.chainState, (msg) => app.log.info(msg));
        if (closed) return connected.close();
        chain = connected;
        worker = createTransferWorker({ chain, repo: app.repos.rewards, log: app.log });
        worker.start();
        app.log.info({ chainId: chain.chainId, token: chain.tokenAddress, treasury: chain.treasury.address }, 'chain ready');
      } catch (error) {
        if (closed) return;
        app.log.error({ err: (error as Error).message }, 'chain not reachable; retrying in 5 s');
        retry = setTimeout(() => void connect(), 5000);
        retry.unref();
      }
    };

    app.addHook('onReady', connect);
    app.addHook('onClose', async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await worker?.stop();
      chain?.close();
    });
  },
  { name: 'chain', dependencies: ['repositories'] },
);
