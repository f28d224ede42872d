import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../contract/errors';
import { fallbackNonceQuery, nonceResponse, signInMethodsResponse, walletNonceQuery, web3AuthRequest, web3AuthResponse, web3Me } from '../../contract/identities';
import { badRequest, conflict, notFound } from '../errors';
import { linkIdentity, signInWithIdentity } from '../services/signIn';
import { toProfile } from '../services/profile';
import { NONCE_TTL_MS, SIWE_STATEMENT, verifySiwe } from '../services/siwe';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 422: errorBody, 429: errorBody };
const ETHEREUM = 'eip155';

/** Sign-In with Ethereum ([spec:7-auth]): nonces, the signed message, and the wallet user's profile. */
export default async function web3Routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, repos } = fastify;
  const authLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const appUrl = new URL(config.appUrl);

  const issueNonce = async (given: string) => {
    // ethers and siwe load on first use, not at start (docs/performance.md, memory).
    const [{ getAddress }, { generateNonce }] = await Promise.all([import('ethers'), import('siwe')]);
    const address = getAddress(given.toLowerCase());
    const nonce = generateNonce();
    const expiresAt = await repos.identities.nonces.issue(nonce, address, NONCE_TTL_MS);
    return { nonce, address, expires_at: expiresAt.toISOString(), domain: appUrl.host, uri: appUrl.origin, chain_ids: config.siweChainIds, statement: SIWE_STATEMENT };
  };
  const description = 'A single-use nonce for this address, valid 10 minutes, and what the EIP-4361 message must name: domain, URI origin, allowed chain ids.';
  app.get(
    '/web3/nonce',
    { config: authLimit, schema: { tags: ['auth'], summary: 'A Sign-In with Ethereum nonce', description, querystring: walletNonceQuery, response: { 200: nonceResponse, ...errors } } },
    async (request) => issueNonce(request.query.wallet_address),
  );
  app.get(
    '/api/nonce',
    { config: authLimit, schema: { tags: ['auth'], summary: 'A Sign-In with Ethereum nonce (fallback of GET /web3/nonce)', description, querystring: fallbackNonceQuery, response: { 200: nonceResponse, ...errors } } },
    async (request) => issueNonce(request.query.address),
  );

  const verify = (body: { address: string; signature: string; message: string }, refusal: 'unauthenticated' | 'invalid') =>
    verifySiwe(body, {
      domain: appUrl.host,
      origin: appUrl.origin,
      chainIds: config.siweChainIds,
      rpcUrl: config.chain.rpcUrl,
      consumeNonce: (nonce, address) => repos.identities.nonces.consume(nonce, address),
      refusal,
    });

  app.post(
    '/api/web3/auth',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a signed Sign-In with Ethereum message',
        description: 'A first-time address gets a new account without email; a linked address signs into its account. Then GET /api/web3/me.',
        body: web3AuthRequest,
        response: { 200: web3AuthResponse, ...errors },
      },
    },
    async (request) => {
      const address = await verify(request.body, 'unauthenticated');
      const result = await signInWithIdentity(repos, { identity: { kind: 'ethereum', issuer: ETHEREUM, subject: address.toLowerCase(), label: address }, email: null, emailVerified: false, fullName: null });
      if (!result.ok) throw badRequest(result.detail);
      return { ...(await fastify.issueToken(result.user.id, result.user.tokenVersion)), address };
    },
  );

  const authed = { onRequest: fastify.authenticate };
  const walletsOf = async (request: FastifyRequest) =>
    (await repos.identities.listForUser(request.userId)).filter((i) => i.kind === 'ethereum').sort((a, b) => b.lastUsedAt.getTime() - a.lastUsedAt.getTime());

  app.get(
    '/api/web3/me',
    {
      ...authed,
      schema: {
        tags: ['auth'],
        security: [{ bearerAuth: [] }],
        summary: 'The signed-in wallet user: address, user_id and profile',
        description: '`address` is the wallet last used to sign in; `wallets` lists every linked address. 404 when no wallet is linked.',
        response: { 200: web3Me, ...errors },
      },
    },
    async (request) => {
      const user = await repos.users.findById(request.userId);
      if (!user) throw notFound('User not found');
      const wallets = await walletsOf(request);
      if (wallets.length === 0) throw notFound('No wallet is linked to this account');
      return { ...toProfile(user, await fastify.subscriptionStatus(user.id)), address: wallets[0]!.label ?? wallets[0]!.subject, wallets: wallets.map((w) => w.label ?? w.subject) };
    },
  );

  app.post(
    '/api/web3/link',
    {
      ...authed,
      preHandler: fastify.requireRecentSignIn,
      config: authLimit,
      schema: {
        tags: ['auth'],
        security: [{ bearerAuth: [] }],
        summary: 'Link a wallet to the signed-in user',
        description:
          'The same signed message as POST /api/web3/auth (nonce from GET /web3/nonce). Verification failures are 400 here, so they never read as an expired session. 428 unless this session signed in or confirmed its password (POST /users/me/reauthenticate) within 5 minutes. The owner is mailed. Answers the sign-in methods.',
        body: web3AuthRequest,
        response: { 200: signInMethodsResponse, ...errors, 428: errorBody },
      },
    },
    async (request) => {
      const address = await verify(request.body, 'invalid');
      const identity = { kind: 'ethereum' as const, issuer: ETHEREUM, subject: address.toLowerCase(), label: address };
      const problem = await linkIdentity(repos, request.userId, identity);
      if (problem) throw conflict(problem);
      return fastify.signInMethods.linked(request.userId, identity);
    },
  );
}
