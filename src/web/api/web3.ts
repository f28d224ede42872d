import type { NonceResponse, SignInMethodsResponse, Web3AuthRequest, Web3AuthResponse, Web3Me } from '../../contract/identities';
import { defaultMessages } from '../../contract/errors';
import type { ApiCall } from './client';

/** The web3 calls ([spec:7-auth]), plus linking and the sign-in methods Settings shows. */
export function web3Api(call: ApiCall) {
  return {
    /** GET /web3/nonce?wallet_address=, and when that fails, the fallback GET /api/nonce?address=. */
    nonce: async (address: string): Promise<NonceResponse> => {
      try {
        return await call<NonceResponse>('/web3/nonce', { query: { wallet_address: address }, defaultMessage: defaultMessages.nonce, ignoreUnauthorized: true, silent: true });
      } catch {
        return call<NonceResponse>('/api/nonce', { query: { address }, defaultMessage: defaultMessages.nonce, ignoreUnauthorized: true });
      }
    },
    auth: (body: Web3AuthRequest) => call<Web3AuthResponse>('/api/web3/auth', { method: 'POST', body, defaultMessage: defaultMessages.web3Auth, ignoreUnauthorized: true }),
    me: (token?: string) => call<Web3Me>('/api/web3/me', { defaultMessage: defaultMessages.getProfile, ignoreUnauthorized: true, token }),
    link: (body: Web3AuthRequest) => call<SignInMethodsResponse>('/api/web3/link', { method: 'POST', body, defaultMessage: 'Failed to link the wallet' }),
    signInMethods: () => call<SignInMethodsResponse>('/users/me/sign-in-methods', { defaultMessage: 'Failed to fetch sign-in methods' }),
    unlink: (identityId: string) => call<SignInMethodsResponse>(`/users/me/sign-in-methods/${encodeURIComponent(identityId)}`, { method: 'DELETE', defaultMessage: 'Failed to unlink the sign-in method' }),
    linkGoogle: () => call<{ url: string }>('/auth/link/google', { method: 'POST', defaultMessage: 'Failed to start linking Google' }),
  };
}
export type Web3Api = ReturnType<typeof web3Api>;
