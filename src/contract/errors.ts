import * as z from 'zod/mini';

/** [spec:8-message]: the default message of each call when the server gives none. */
export const defaultMessages = {
  login: 'Login failed',
  register: 'Registration failed',
  nonce: 'Failed to get nonce',
  web3Auth: 'Web3 authentication failed',
  verifyEmail: 'Email verification failed',
  logout: 'Logout failed',
  logoutEverywhere: 'Failed to log out everywhere',
  resendVerification: 'Failed to resend verification',
  forgotPassword: 'Failed to send password reset',
  resetPassword: 'Password reset failed',
  getProfile: 'Failed to get user profile',
  updateProfile: 'Failed to update profile',
  completeOnboarding: 'Failed to complete onboarding',
  notAuthenticated: 'Not authenticated',
  changePassword: 'Failed to change password',
  getUser: 'Failed to fetch user',
} as const;

/** The global handling texts ([spec:8-401], [spec:8-403], [spec:8-5xx], [spec:8-network]). */
export const globalErrorTexts = {
  sessionExpired: 'Session expired. Please login again.',
  accessDenied: 'Access denied',
  serverError: 'Server error. Please try again later.',
  networkError: 'Network error. Please check your connection.',
} as const;

/** The callback errors ([spec:5-oauth-callback], [spec:5-verify-callback]). */
export const callbackErrors = {
  oauth: 'Invalid OAuth response',
  emailVerification: 'Invalid email verification response',
  profileFormat: 'Invalid response format from server',
} as const;

/** Every error the API answers has this body. */
export const errorBody = z.object({ detail: z.string() }).register(z.globalRegistry, { id: 'Error' });

export type ErrorBody = z.infer<typeof errorBody>;
