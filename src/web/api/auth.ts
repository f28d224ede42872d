import type { z } from 'zod';
import type { signupResponse, tokenResponse, user, userProfile, verifyEmailResponse, messageResponse, changePasswordResponse, UpdateProfileRequest } from '../../contract/auth';
import { callbackErrors, defaultMessages } from '../../contract/errors';
import type { OnboardingAnswers } from '../../contract/onboarding';
import { ApiError, type ApiCall } from './client';

type TokenResponse = z.infer<typeof tokenResponse>;

/** The sign-in and account calls ([spec:7-auth]). */
export function authApi(call: ApiCall) {
  return {
    login: (body: { email: string; password: string }) =>
      call<TokenResponse>('/users/login', { method: 'POST', body, defaultMessage: defaultMessages.login, ignoreUnauthorized: true }),
    signup: (body: { email: string; password: string; full_name?: string }) =>
      call<z.infer<typeof signupResponse>>('/users/signup', { method: 'POST', body, defaultMessage: defaultMessages.register, ignoreUnauthorized: true }),
    verifyEmail: (token: string) =>
      call<z.infer<typeof verifyEmailResponse>>('/users/verify-email', { query: { token }, defaultMessage: defaultMessages.verifyEmail, ignoreUnauthorized: true }),
    /** The verification callback's one-time token, swapped for a session token. */
    exchangeToken: (token: string) =>
      call<TokenResponse>('/users/session', { method: 'POST', body: { token }, defaultMessage: defaultMessages.verifyEmail, ignoreUnauthorized: true }),
    /** Revokes this token server-side; takes it explicitly because the session clears it at once. */
    logout: (token: string) => call<z.infer<typeof messageResponse>>('/users/logout', { method: 'POST', defaultMessage: defaultMessages.logout, ignoreUnauthorized: true, token }),
    logoutEverywhere: () => call<z.infer<typeof messageResponse>>('/users/logout-all', { method: 'POST', defaultMessage: defaultMessages.logoutEverywhere }),
    resendVerification: (email: string) =>
      call<z.infer<typeof messageResponse>>('/users/resend-verification', { method: 'POST', body: { email }, defaultMessage: defaultMessages.resendVerification }),
    forgotPassword: (email: string) =>
      call<z.infer<typeof messageResponse>>('/users/forgot-password', { method: 'POST', body: { email }, defaultMessage: defaultMessages.forgotPassword }),
    checkResetLink: (token: string) =>
      call<z.infer<typeof messageResponse>>('/users/reset-password/check', { method: 'POST', body: { token }, defaultMessage: defaultMessages.resetPassword }),
    resetPassword: (token: string, newPassword: string) =>
      call<z.infer<typeof messageResponse>>('/users/reset-password', { method: 'POST', body: { token, new_password: newPassword }, defaultMessage: defaultMessages.resetPassword }),
    me: () => call<z.infer<typeof user>>('/users/me', { defaultMessage: defaultMessages.notAuthenticated }),
    getProfile: (token?: string) =>
      call<z.infer<typeof userProfile>>('/users/me/profile', { defaultMessage: defaultMessages.getProfile, ignoreUnauthorized: true, token }),
    updateProfile: async (body: UpdateProfileRequest) => {
      const result = await call<unknown>('/users/me/profile', { method: 'PUT', body, defaultMessage: defaultMessages.updateProfile, ignoreUnauthorized: true });
      // [spec:5-profile-object]: a profile update must return an object.
      if (!result || typeof result !== 'object' || Array.isArray(result)) throw new ApiError(callbackErrors.profileFormat, undefined, false);
      return result as z.infer<typeof userProfile>;
    },
    completeOnboarding: (answers: OnboardingAnswers) =>
      call<z.infer<typeof userProfile>>('/users/me/onboarding', { method: 'POST', body: { action: 'complete', answers }, defaultMessage: defaultMessages.completeOnboarding }),
    skipOnboarding: () => call<z.infer<typeof userProfile>>('/users/me/onboarding', { method: 'POST', body: { action: 'skip' }, defaultMessage: defaultMessages.completeOnboarding }),
    changePassword: (body: { current_password: string; new_password: string }) =>
      call<z.infer<typeof changePasswordResponse>>('/users/me/change-password', { method: 'POST', body, defaultMessage: defaultMessages.changePassword }),
  };
}
export type AuthApi = ReturnType<typeof authApi>;
