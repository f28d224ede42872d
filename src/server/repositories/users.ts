import { isUuid } from '../../contract/fields';
import { and, eq, sql } from 'drizzle-orm';
import type { OnboardingAnswers } from '../../contract/onboarding';
import type { Db } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
/** A user found or made by email address: the address is there. */
export type EmailUserRow = UserRow & { email: string };

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

/** A base-currency change marks the user's stored base amounts for the recompute job (SET reads the old currency). */
const recomputeIfChanged = (currency: string | undefined) =>
  currency === undefined ? undefined : sql`case when ${users.currency} is distinct from ${currency} then now() else ${users.baseRecomputeSince} end`;

export function usersRepository(db: Db) {
  return {
    async create(input: { email: string; passwordHash: string; fullName?: string | null }): Promise<EmailUserRow | undefined> {
      const rows = await db
        .insert(users)
        .values({ email: input.email, passwordHash: input.passwordHash, fullName: input.fullName ?? null })
        .onConflictDoNothing()
        .returning();
      return rows[0] as EmailUserRow | undefined;
    },
    async findByEmail(email: string): Promise<EmailUserRow | undefined> {
      const rows = await db.select().from(users).where(byEmail(email)).limit(1);
      return rows[0] as EmailUserRow | undefined;
    },
    async findById(id: string): Promise<UserRow | undefined> {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0];
    },
    async tokenVersion(id: string): Promise<number | undefined> {
      if (!isUuid(id)) return undefined;
      const rows = await db.select({ v: users.tokenVersion }).from(users).where(eq(users.id, id)).limit(1);
      return rows[0]?.v;
    },
    async remove(id: string): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },
    async markVerified(id: string): Promise<UserRow | undefined> {
      const rows = await db
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return rows[0];
    },
    /** Sets a new password hash and bumps the token version so older tokens stop working. */
    async setPassword(id: string, passwordHash: string): Promise<UserRow | undefined> {
      const rows = await db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return rows[0];
    },
    async completeOnboarding(id: string, answers: OnboardingAnswers): Promise<UserRow | undefined> {
      const rows = await db
        .update(users)
        .set({ onboardingCompleted: true, onboardingSkipped: false, onboarding: answers, currency: answers.currency, baseRecomputeSince: recomputeIfChanged(answers.currency), updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return rows[0];
    },
    /** Skipping never un-completes a finished user (revisiting the answers): they keep completed. */
    async skipOnboarding(id: string): Promise<UserRow | undefined> {
      const rows = await db
        .update(users)
        .set({ onboardingCompleted: false, onboardingSkipped: true, updatedAt: sql`now()` })
        .where(and(eq(users.id, id), eq(users.onboardingCompleted, false)))
        .returning();
      return rows[0] ?? (await this.findById(id));
    },
    async updateProfile(id: string, patch: { fullName?: string | null; currency?: string; monthlyIncome?: number }): Promise<UserRow | undefined> {
      const set: Partial<Record<keyof typeof users.$inferInsert, unknown>> = {};
      if (patch.fullName !== undefined) set.fullName = patch.fullName;
      if (patch.currency !== undefined) {
        set.currency = patch.currency;
        set.baseRecomputeSince = recomputeIfChanged(patch.currency);
      }
      // The income lives with the onboarding answers; the currency answer follows the profile's.
      if (patch.monthlyIncome !== undefined || patch.currency !== undefined) {
        const merge: Record<string, unknown> = {};
        if (patch.monthlyIncome !== undefined) merge.monthly_income = patch.monthlyIncome;
        if (patch.currency !== undefined) merge.currency = patch.currency;
        set.onboarding =
          patch.monthlyIncome !== undefined
            ? sql`coalesce(${users.onboarding}, '{}'::jsonb) || ${JSON.stringify(merge)}::jsonb`
            : sql`case when ${users.onboarding} is null then null else ${users.onboarding} || ${JSON.stringify(merge)}::jsonb end`;
      }
      const rows = await db
        .update(users)
        .set({ ...(set as Partial<typeof users.$inferInsert>), updatedAt: sql`now()` })
        .where(and(eq(users.id, id)))
        .returning();
      return rows[0];
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
