import type { SignInMethodsResponse } from '../../contract/identities';
import { conflict, notFound } from '../errors';
import { passwordWorks, type IdentitiesRepository } from '../repositories/identities';
import type { UsersRepository } from '../repositories/users';
import { signInMethodMail } from './mail/templates';
import type { Mailer } from './mail/types';
import { methodName } from './signIn';

export const LAST_METHOD = 'This is your only way to sign in. Link another method (or set a password with “Forgot password”) before removing it.';

interface SignInMethodsDeps {
  users: UsersRepository;
  identities: IdentitiesRepository;
  mailer: Mailer;
  log: { error(details: object, message: string): void };
  /** Google sign-in is configured. */
  googleAvailable: boolean;
  appUrl: string;
}

/** The ways a user can sign in, as Settings lists them; unlinking one (never the last); the owner's mail on each change. */
export function signInMethodsService(deps: SignInMethodsDeps) {
  async function list(userId: string): Promise<SignInMethodsResponse> {
    const user = await deps.users.findById(userId);
    if (!user) throw notFound('User not found');
    const rows = await deps.identities.listForUser(userId);
    return {
      password: passwordWorks(user),
      email: user.email,
      google_available: deps.googleAvailable,
      methods: rows.map((r) => ({
        identity_id: r.id,
        kind: r.kind === 'oidc' ? ('google' as const) : ('wallet' as const),
        label: r.label ?? r.email ?? r.subject,
        email: r.email,
        address: r.kind === 'ethereum' ? (r.label ?? r.subject) : null,
        created_at: r.createdAt.toISOString(),
        last_used_at: r.lastUsedAt.toISOString(),
      })),
    };
  }

  /** Mails the owner (when the account has an email) that a way to sign in was added or removed. */
  async function mailOwner(userId: string, change: 'linked' | 'removed', method: string): Promise<void> {
    const user = await deps.users.findById(userId);
    if (!user?.email) return;
    try {
      await deps.mailer.send(signInMethodMail(user.email, change, method, deps.appUrl));
    } catch (error) {
      // The change is made; a mail that could not go is logged, not a failed request.
      deps.log.error({ err: error }, 'sign-in method mail failed');
    }
  }

  return {
    list,
    /** After a method was linked: the owner is mailed; answers the methods. */
    async linked(userId: string, identity: Parameters<typeof methodName>[0]): Promise<SignInMethodsResponse> {
      await mailOwner(userId, 'linked', methodName(identity));
      return list(userId);
    },
    /** Unlinks a method (409 for the last one); the owner is mailed; answers the remaining methods. */
    async remove(userId: string, identityId: string): Promise<SignInMethodsResponse> {
      const target = (await deps.identities.listForUser(userId)).find((i) => i.id === identityId);
      const result = await deps.identities.remove(userId, identityId);
      if (result === 'not_found' || !target) throw notFound('Sign-in method not found');
      if (result === 'last_method') throw conflict(LAST_METHOD);
      await mailOwner(userId, 'removed', methodName(target));
      return list(userId);
    },
  };
}

export type SignInMethodsService = ReturnType<typeof signInMethodsService>;
