import type { UserProfile, User } from '../../contract/schemas/auth';
import type { UserRow } from '../repositories/users';

export function toUser(row: UserRow): User {
  return {
    user_id: row.id,
    email: row.email,
    full_name: row.fullName,
    email_verified: row.emailVerifiedAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export function toProfile(row: UserRow, subscription: Record<string, unknown> | null = null): UserProfile {
  return {
    ...toUser(row),
    currency: row.currency,
    onboarding_completed: row.onboardingCompleted,
    onboarding_skipped: row.onboardingSkipped,
    onboarding: row.onboarding ?? null,
    has_password: row.passwordHash !== null,
    subscription,
  };
}
