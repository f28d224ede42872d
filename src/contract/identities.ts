import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH } from './constants';
import { userProfile } from './auth';

/** An Ethereum address as a wallet gives it (any letter case). */
export const ethereumAddress = z.string().check(z.trim(), z.regex(/^0x[0-9a-fA-F]{40}$/, 'address must be a 0x-prefixed 40-hex-digit Ethereum address'));

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
  chain_ids: z.array(z.number().check(z.int())),
  statement: z.string(),
});

export const web3AuthRequest = z.object({
  address: ethereumAddress,
  signature: z
    .string()
    .check(z.trim(), z.regex(/^0x[0-9a-fA-F]*$/, 'signature must be 0x-prefixed hex'), z.minLength(4, 'signature is required'), z.maxLength(8192, 'signature is too long')),
  message: z.string().check(z.minLength(1, 'message is required'), z.maxLength(4096, 'message must be at most 4096 characters')),
});

export const web3AuthResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user_id: z.string(),
  expires_in: z.number().check(z.int()),
  address: z.string(),
});

/** GET /api/web3/me: the wallet user's profile, with the address they signed in with. */
export const web3Me = z.extend(userProfile, {
  address: z.string(),
  wallets: z.array(z.string()),
});

export const signInMethod = z.object({
  identity_id: z.string(),
  kind: z.enum(['google', 'wallet']),
  /** The account's name or email (Google), the checksummed address (wallet). */
  label: z.string(),
  email: z.nullable(z.string()),
  address: z.nullable(z.string()),
  created_at: z.string(),
  last_used_at: z.string(),
});

export const signInMethodsResponse = z.object({
  /** True when the account has a password it can log in with (its email is verified). */
  password: z.boolean(),
  email: z.nullable(z.string()),
  /** Whether 'Continue with Google' is available on this server. */
  google_available: z.boolean(),
  methods: z.array(signInMethod),
});

export const identityParams = z.object({ id: z.uuid('id must be a UUID') });

export const linkGoogleResponse = z.object({ url: z.string() });

/** Back from a Google link flow, the app redeems the one-time code from /settings?link_code=… with the session that prepared it. */
export const completeGoogleLinkRequest = z.object({ code: z.string().check(z.minLength(1, 'code is required'), z.maxLength(256)) });

/** Confirming the password again before a sensitive change (sign-in methods, a wallet backup). */
export const reauthenticateRequest = z.object({ password: z.string().check(z.minLength(1, 'password is required'), z.maxLength(PASSWORD_MAX_LENGTH)) });
export const reauthenticateResponse = z.object({ message: z.string(), reauthenticated_until: z.string() });

export type NonceResponse = z.infer<typeof nonceResponse>;
export type Web3AuthRequest = z.infer<typeof web3AuthRequest>;
export type Web3AuthResponse = z.infer<typeof web3AuthResponse>;
export type Web3Me = z.infer<typeof web3Me>;
export type SignInMethod = z.infer<typeof signInMethod>;
export type SignInMethodsResponse = z.infer<typeof signInMethodsResponse>;
export type ReauthenticateResponse = z.infer<typeof reauthenticateResponse>;
