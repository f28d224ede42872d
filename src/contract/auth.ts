import type { z } from 'zod';
import type { loginRequest, signupRequest, tokenResponse, updateProfileRequest, user, userProfile } from './schemas/auth';

export type SignupRequest = z.infer<typeof signupRequest>;
export type LoginRequest = z.infer<typeof loginRequest>;
export type TokenResponse = z.infer<typeof tokenResponse>;
export type User = z.infer<typeof user>;
export type UserProfile = z.infer<typeof userProfile>;
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;
