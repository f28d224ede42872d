import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { atMost, text } from './fields';

/** The account rules a form checks (register, reset, change password, profile); the server's schemas use these. */

export const email = z.pipe(z.string().check(z.trim(), z.toLowerCase(), atMost('email', 254)), z.email('email must be a valid email address'));

export const newPassword = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

export const loginRequest = z.object({
  email,
  password: z.string().check(z.minLength(1, 'password is required'), z.maxLength(PASSWORD_MAX_LENGTH)),
});

/** Forgot password and resend verification: just the email. */
export const emailOnly = z.object({ email });

const fullName = text('full_name', z.trim(), atMost('full_name', 100));

export const signupRequest = z.object({
  email,
  password: newPassword,
  full_name: z.optional(fullName),
});

export const resetPasswordRequest = z.object({
  token: z.string().check(z.minLength(1, 'token is required'), z.maxLength(512)),
  new_password: newPassword,
});

/** Whether an emailed reset link still works, asked when the page opens (before a password is typed). */
export const resetLinkCheckRequest = z.object({
  token: z.string().check(z.minLength(1, 'token is required'), z.maxLength(512)),
});

export const changePasswordRequest = z.object({
  current_password: z.string().check(z.minLength(1, 'current_password is required'), z.maxLength(PASSWORD_MAX_LENGTH)),
  new_password: newPassword,
});

export const currencyCode = z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{3}$/, 'currency must be a three-letter ISO 4217 code'));

export const updateProfileRequest = z.strictObject({
  full_name: z.optional(z.nullable(fullName)),
  currency: z.optional(currencyCode),
  /** Stored with the onboarding answers (the coach and dashboard read it from there). */
  monthly_income: z.optional(
    z.number({ error: 'monthly_income must be a number' }).check(z.gte(0, 'monthly_income cannot be negative'), z.lte(10_000_000, 'monthly_income is too large')),
  ),
});

export const signupResponse = z.object({
  message: z.string(),
  user_id: z.string(),
  email: z.string(),
});

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user_id: z.string(),
  expires_in: z.number().check(z.int()),
});

export const verifyEmailQuery = z.object({ token: z.string().check(z.minLength(1, 'token is required'), z.maxLength(512)) });
export const verifyEmailResponse = z.extend(tokenResponse, {
  success: z.literal(true),
  message: z.string(),
});

/** The one-time token of the email-verification callback, exchanged at once for a session token. */
export const sessionExchangeRequest = z.object({ token: z.string().check(z.minLength(1, 'token is required'), z.maxLength(2048)) });
export const messageResponse = z.object({ message: z.string() });

export const changePasswordResponse = z.extend(tokenResponse, { message: z.string() });

export const user = z.object({
  user_id: z.string(),
  /** Null for an account made with a wallet. */
  email: z.nullable(z.string()),
  full_name: z.nullable(z.string()),
  email_verified: z.boolean(),
  created_at: z.string(),
});

export const userProfile = z.extend(user, {
  currency: z.string(),
  onboarding_completed: z.boolean(),
  onboarding_skipped: z.boolean(),
  onboarding: z.nullable(z.record(z.string(), z.unknown())),
  /** False for accounts made with Google or a wallet: they confirm deletion with a typed phrase. */
  has_password: z.boolean(),
  /** Filled by the subscription feature; null until a user has any subscription state. */
  subscription: z.nullable(z.record(z.string(), z.unknown())),
  /** Present (true) while the amounts stored in an earlier base currency are being recomputed in `currency`. */
  base_amounts_recomputing: z.optional(z.boolean()),
});

export type SignupRequest = z.infer<typeof signupRequest>;
export type LoginRequest = z.infer<typeof loginRequest>;
export type TokenResponse = z.infer<typeof tokenResponse>;
export type User = z.infer<typeof user>;
export type UserProfile = z.infer<typeof userProfile>;
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;
