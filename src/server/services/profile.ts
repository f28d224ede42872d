import type { z } from 'zod';
import type { UserProfile, User } from '../../contract/auth';
import type { onboardingRequest } from '../../contract/onboarding';
import type { Reward } from '../../contract/rewards';
import type { SubscriptionStatus } from '../../contract/subscription';
import { badRequest, notFound } from '../errors';
import type { IssuedToken } from '../plugins/auth';
import type { UserRow, UsersRepository } from '../repositories/users';
import { hashPassword, verifyPassword } from './passwords';
import { assertStrongPassword } from './passwordPolicy';
import type { RewardsService } from './rewards';

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
    ...(row.baseRecomputeSince ? { base_amounts_recomputing: true } : {}),
  };
}

const USER_NOT_FOUND = 'User not found';

/**
 * The signed-in user's own account: who they are, the profile with onboarding and subscription
 * state, onboarding answers (and the points they earn), the password. Throws domain errors.
 */
export function profileService(deps: {
  users: UsersRepository;
  subscriptionStatus: (userId: string) => Promise<SubscriptionStatus>;
  rewards: Pick<RewardsService, 'record'>;
  issueToken: (userId: string, tokenVersion: number) => Promise<IssuedToken>;
}) {
  const { users, subscriptionStatus, rewards } = deps;
  const found = (row: UserRow | undefined) => {
    if (!row) throw notFound(USER_NOT_FOUND);
    return row;
  };
  const profileOf = async (row: UserRow | undefined) => {
    const user = found(row);
    return toProfile(user, await subscriptionStatus(user.id));
  };

  return {
    me: async (userId: string): Promise<User> => toUser(found(await users.findById(userId))),

    profile: async (userId: string): Promise<UserProfile> => profileOf(await users.findById(userId)),

    update: async (userId: string, patch: { fullName?: string | null; currency?: string; monthlyIncome?: number }): Promise<UserProfile> =>
      profileOf(await users.updateProfile(userId, patch)),

    /** Completing stores the answers (and the currency) and earns points; skipping does the opposite. */
    async onboarding(userId: string, body: z.output<typeof onboardingRequest>): Promise<UserProfile & { reward?: Reward }> {
      const row = found(body.action === 'complete' ? await users.completeOnboarding(userId, body.answers) : await users.skipOnboarding(userId));
      const reward = body.action === 'complete' ? await rewards.record(row.id, { type: 'onboarding.completed' }) : undefined;
      return { ...toProfile(row, await subscriptionStatus(row.id)), ...(reward ? { reward } : {}) };
    },

    /** Every token issued before the change stops working; the answer is a fresh one. */
    async changePassword(userId: string, currentPassword: string, newPassword: string): Promise<IssuedToken> {
      const row = found(await users.findById(userId));
      if (!(await verifyPassword(row.passwordHash, currentPassword))) throw badRequest('Current password is incorrect');
      if (currentPassword === newPassword) throw badRequest('The new password must differ from the current one');
      await assertStrongPassword('new_password', newPassword, [row.email, row.fullName]);
      const updated = await users.setPassword(row.id, await hashPassword(newPassword));
      return deps.issueToken(row.id, updated!.tokenVersion);
    },
  };
}

export type ProfileService = ReturnType<typeof profileService>;
