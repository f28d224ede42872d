import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../contract/errors';
import { backupRequest, backupResponse, signMessageRequest, signMessageResponse, walletBalance, walletInfo } from '../../contract/rewards';
import { confirmPassword } from '../services/userAuth';
import { keystoreOf, signerOf, walletRow } from '../services/wallet';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 422: errorBody, 503: errorBody };
const tags = ['wallet'];
const security = [{ bearerAuth: [] }];

/** The wallet calls ([spec:7-wallet-rewards]): the custodial wallet, created on first use. The private key never leaves the server in the clear. */
export default async function walletRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRequest', fastify.authenticate);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repos } = fastify;
  const wallet = (userId: string) => walletRow(repos.rewards, fastify.walletKey, userId);

  app.get('/api/wallet/info', { schema: { tags, security, summary: 'The user’s custodial wallet (created on first use)', response: { 200: walletInfo, ...errors } } }, async (request) => {
    const row = await wallet(request.userId);
    const chain = fastify.chain();
    return { address: row.address, created_at: row.createdAt.toISOString(), chain_id: chain?.chainId ?? fastify.config.chain.chainId, token_address: chain?.tokenAddress ?? null, symbol: 'FINU' as const, custodial: true as const };
  });

  app.get('/api/wallet/balance', { schema: { tags, security, summary: 'FINU and ETH on the wallet, and the points balance', response: { 200: walletBalance, ...errors } } }, async (request) => {
    const row = await wallet(request.userId);
    const chain = fastify.requireChain();
    // ethers loads on first use, not at start (docs/performance.md, memory).
    const { formatEther, formatUnits } = await import('ethers');
    const [wei, eth, account] = await Promise.all([chain.balanceOf(row.address), chain.provider.getBalance(row.address), repos.rewards.account(request.userId)]);
    return {
      address: row.address,
      balance: formatUnits(wei, 18),
      balance_wei: wei.toString(),
      symbol: 'FINU' as const,
      decimals: 18 as const,
      token_address: chain.tokenAddress,
      chain_id: chain.chainId,
      eth_balance: formatEther(eth),
      points_balance: account.balance,
    };
  });

  app.post(
    '/api/wallet/sign-message',
    {
      schema: {
        tags,
        security,
        summary: 'Sign a message with the wallet (EIP-191 personal_sign)',
        description: 'Verifiable with ethers.verifyMessage(message, signature) === address.',
        body: signMessageRequest,
        response: { 200: signMessageResponse, ...errors },
      },
    },
    async (request) => {
      const row = await wallet(request.userId);
      const signature = await (await signerOf(row, fastify.walletKey)).signMessage(request.body.message);
      return { address: row.address, message: request.body.message, signature };
    },
  );

  app.post(
    '/api/wallet/backup',
    {
      // Scrypt is deliberately slow: a handful per minute is plenty for a person and bounds the CPU.
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'An encrypted JSON keystore of the wallet under the user’s password',
        description:
          'Web3 Secret Storage (v3), importable into MetaMask and other wallets. The raw key is never returned. Needs the owner: `account_password`, unless this session signed in or confirmed its password within 5 minutes (428 otherwise; a wrong one is a 400). The key derivation runs off the event loop.',
        body: backupRequest,
        response: { 200: backupResponse, 428: errorBody, 429: errorBody, ...errors },
      },
    },
    async (request) => {
      const { password, account_password } = request.body;
      if (account_password) await confirmPassword(repos, request.userId, request.session!, account_password);
      await fastify.requireRecentSignIn(request);
      const row = await wallet(request.userId);
      const keystore = await keystoreOf(row, fastify.walletKey, password);
      return { address: row.address, filename: `finu-wallet-${row.address.slice(2, 10).toLowerCase()}.json`, keystore };
    },
  );
}
