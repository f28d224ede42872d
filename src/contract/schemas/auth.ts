import { z } from 'zod';
import { changePasswordRequest, currencyCode, emailOnly, loginRequest, resetLinkCheckRequest, resetPasswordRequest, signupRequest, updateProfileRequest } from '../rules/auth';
export { changePasswordRequest, currencyCode, emailOnly, loginRequest, resetLinkCheckRequest, resetPasswordRequest, signupRequest, updateProfileRequest };
export * from '../auth';

export const signupResponse = z.object({
  message: z.string(),
  user_id: z.string(),
  email: z.string(),
});


export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user_id: z.string(),
  expires_in: z.number().int(),
});

export const verifyEmailQuery = z.object({ token: z.string().min(1, 'token is required').max(512) });
export const verifyEmailResponse = tokenResponse.extend({
  success: z.literal(true),
  message: z.string(),
});


/** The one-time token of the email-verification callback, exchanged at once for a session token. */
export const sessionExchangeRequest = z.object({ token: z.string().min(1, 'token is required').max(2048) });
export const messageResponse = z.object({ message: z.string() });

export const changePasswordResponse = tokenResponse.extend({ message: z.string() });

export const user = z.object({
  user_id: z.string(),
  /** Null for an account made with a wallet. */
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  email_verified: z.boolean(),
  created_at: z.string(),
});

export const userProfile = user.extend({
  currency: z.string(),
  onboarding_completed: z.boolean(),
  onboarding_skipped: z.boolean(),
  onboarding: z.record(z.string(), z.unknown()).nullable(),
  /** False for accounts made with Google or a wallet: they confirm deletion with a typed phrase. */
  has_password: z.boolean(),
  /** Filled by the subscription feature; null until a user has any subscription state. */
  subscription: z.record(z.string(), z.unknown()).nullable(),
});
