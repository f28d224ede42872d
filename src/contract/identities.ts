import type { z } from 'zod';
import type { nonceResponse, reauthenticateResponse, signInMethod, signInMethodsResponse, web3AuthRequest, web3AuthResponse, web3Me } from './schemas/identities';

export type NonceResponse = z.infer<typeof nonceResponse>;
export type Web3AuthRequest = z.infer<typeof web3AuthRequest>;
export type Web3AuthResponse = z.infer<typeof web3AuthResponse>;
export type Web3Me = z.infer<typeof web3Me>;
export type SignInMethod = z.infer<typeof signInMethod>;
export type SignInMethodsResponse = z.infer<typeof signInMethodsResponse>;
export type ReauthenticateResponse = z.infer<typeof reauthenticateResponse>;
