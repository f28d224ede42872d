import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { userProfile } from './auth';
export * from '../identities';


/** An Ethereum address as a wallet gives it (any letter case). */
export const ethereumAddress = z.string().trim().regex(/^0x[0-9a-fA-F]{40}$/, 'address must be a 0x-prefixed 40-hex-digit Ethereum address');

export const walletNonceQuery = z.object({ wallet_address: ethereumAddress });
export const fallbackNonceQuery = z.object({ address: ethereumAddress });

/** What the wallet signs is built from this (EIP-4361). */
export const nonceResponse = z.object({
  nonce: z.string(),
  address: z.string(),
  expires_at: z.string(),
  /** The message's `domain` must be this (the app's host). */
  domain: z.string(),
  /** The message's `URI` must be on this origin. */
  uri: z.string(),
  /** Chain ids the message may name. */
  chain_ids: z.array(z.number().int()),
  statement: z.string(),
});

export const web3AuthRequest = z.object({
  address: ethereumAddress,
  signature: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]*$/, 'signature must be 0x-prefixed hex')
    .min(4, 'signature is required')
    .max(8192, 'signature is too long'),
  message: z.string().min(1, 'message is required').max(4096, 'message must be at most 4096 characters'),
});

export const web3AuthResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user_id: z.string(),
  expires_in: z.number().int(),
  address: z.string(),
});

/** GET /api/web3/me: the wallet user's profile, with the address they signed in with. */
export const web3Me = userProfile.extend({
  address: z.string(),
  wallets: z.array(z.string()),
});

export const signInMethod = z.object({
  identity_id: z.string(),
  kind: z.enum(['google', 'wallet']),
  /** The account's name or email (Google), the checksummed address (wallet). */
  label: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
});

export const signInMethodsResponse = z.object({
  /** True when the account has a password it can log in with (its email is verified). */
  password: z.boolean(),
  email: z.string().nullable(),
  /** Whether 'Continue with Google' is available on this server. */
  google_available: z.boolean(),
  methods: z.array(signInMethod),
});

export const identityParams = z.object({ id: z.uuid('id must be a UUID') });

export const linkGoogleResponse = z.object({ url: z.string() });

/** Back from a Google link flow, the app redeems the one-time code from /settings?link_code=… with the session that prepared it. */
export const completeGoogleLinkRequest = z.object({ code: z.string().min(1, 'code is required').max(256) });

/** Confirming the password again before a sensitive change (sign-in methods, a wallet backup). */
export const reauthenticateRequest = z.object({ password: z.string().min(1, 'password is required').max(PASSWORD_MAX_LENGTH) });
export const reauthenticateResponse = z.object({ message: z.string(), reauthenticated_until: z.string() });
