import { z } from 'zod';
import { text } from './fields';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'email must be at most 254 characters')
  .pipe(z.email('email must be a valid email address'));

const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const signupRequest = z.object({
  email,
  password: newPassword,
  full_name: text('full_name').trim().max(100, 'full_name must be at most 100 characters').optional(),
});
export type SignupRequest = z.infer<typeof signupRequest>;

export const signupResponse = z.object({
  message: z.string(),
  user_id: z.string(),
  email: z.string(),
});

export const loginRequest = z.object({
  email,
  password: z.string().min(1, 'password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user_id: z.string(),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const verifyEmailQuery = z.object({ token: z.string().min(1, 'token is required').max(512) });
export const verifyEmailResponse = tokenResponse.extend({
  success: z.literal(true),
  message: z.string(),
});

export const emailOnly = z.object({ email });

/** The one-time token of the email-verification callback, exchanged at once for a session token. */
export const sessionExchangeRequest = z.object({ token: z.string().min(1, 'token is required').max(2048) });
export const messageResponse = z.object({ message: z.string() });

export const resetPasswordRequest = z.object({
  token: z.string().min(1, 'token is required').max(512),
  new_password: newPassword.describe('The new password'),
});

export const changePasswordRequest = z.object({
  current_password: z.string().min(1, 'current_password is required').max(PASSWORD_MAX_LENGTH),
  new_password: newPassword,
});
export const changePasswordResponse = tokenResponse.extend({ message: z.string() });

export const user = z.object({
  user_id: z.string(),
  /** Null for an account made with a wallet. */
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  email_verified: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof user>;

export const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'currency must be a three-letter ISO 4217 code');

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
export type UserProfile = z.infer<typeof userProfile>;

export const updateProfileRequest = z
  .object({
    full_name: text('full_name').trim().max(100, 'full_name must be at most 100 characters').nullable().optional(),
    currency: currencyCode.optional(),
    /** Stored with the onboarding answers (the coach and dashboard read it from there). */
    monthly_income: z.number({ error: 'monthly_income must be a number' }).min(0, 'monthly_income cannot be negative').max(10_000_000, 'monthly_income is too large').optional(),
  })
  .strict();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;
