import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { badRequest, conflict, notFound } from '../../errors';
import type { IdentitiesRepository } from '../../repositories/identities';
import type { UsersRepository } from '../../repositories/users';
import { LINK_CODE_TTL_MS, linkIdentity, signInWithIdentity, SIGN_IN_TEXTS } from '../signIn';
import type { SignInMethodsService } from '../signInMethods';
import { OidcFailure, type OidcClient } from './client';

export const GOOGLE_TEXTS = {
  notConfigured: 'Google sign-in is not configured on this server.',
  badState: 'This sign-in has expired or was already used. Please try again.',
  noCode: 'The sign-in provider did not send an authorization code. Please try again.',
  linkExpired: 'This link request has expired or was already used. Please try again from Settings.',
  failed: 'Sign-in failed. Please try again.',
} as const;

/** How long a started flow (the state, nonce and PKCE verifier) waits for the provider's return. */
export const FLOW_TTL_MS = 10 * 60_000;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const random = () => randomBytes(32).toString('base64url');

const sameValue = (a: string | undefined, b: string | undefined) => {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Where the browser goes next: the app's sign-in callback or Settings (a link flow), with these query parameters. */
export interface Landing {
  page: 'sign-in' | 'settings';
  params: Record<string, string>;
  /** A provider failure worth a warning in the log. */
  cause?: unknown;
}

/**
 * 'Continue with Google' and linking a Google account: the OpenID Connect flows behind the redirects of
 * routes/auth-google.ts. The route owns the cookie that binds a flow to its browser and the redirects.
 */
export function googleSignInService(deps: {
  users: UsersRepository;
  identities: IdentitiesRepository;
  /** The provider (Google, OIDC_ISSUER or the embedded one); null when none is configured. */
  client: OidcClient | null;
  apiUrl: string;
  /** A token that signs in once (it travels in a URL; the app exchanges it for a session). */
  oneTimeSignIn: (userId: string) => Promise<string>;
  /** After a method was linked: mails the owner, answers the methods. */
  linked: SignInMethodsService['linked'];
}) {
  const { users, identities, client } = deps;
  const login = (params: Record<string, string>, cause?: unknown): Landing => ({ page: 'sign-in', params, cause });
  const settings = (params: Record<string, string>, cause?: unknown): Landing => ({ page: 'settings', params, cause });
  /** A link flow prepared before the password changed (or 'log out everywhere') no longer works. */
  const stillCurrent = async (flow: { userId: string | null; tokenVersion: number | null }) =>
    flow.userId !== null && flow.tokenVersion !== null && (await users.tokenVersion(flow.userId)) === flow.tokenVersion;

  return {
    /** The browser starts a sign-in (or, with `link`, a link prepared by `prepareLink`): the provider's URL and the state to bind to it, or where it lands instead. */
    async begin(link: string | undefined): Promise<{ state: string; url: string } | Landing> {
      const fail = (detail: string, cause?: unknown) => (link ? settings({ link_error: detail }, cause) : login({ error: detail }, cause));
      if (!client) return fail(GOOGLE_TEXTS.notConfigured);
      let state: string;
      let flow: { nonce: string; codeVerifier: string };
      if (link) {
        const row = await identities.oidc.start(hash(link));
        if (!row || !(await stillCurrent(row))) return fail(GOOGLE_TEXTS.linkExpired);
        state = link;
        flow = row;
      } else {
        state = random();
        const { randomNonce, randomPKCECodeVerifier } = await import('openid-client');
        flow = { nonce: randomNonce(), codeVerifier: randomPKCECodeVerifier() };
        await identities.oidc.create({ stateHash: hash(state), ...flow, purpose: 'login', started: true, ttlMs: FLOW_TTL_MS });
      }
      try {
        return { state, url: await client.authorizationUrl({ state, ...flow }) };
      } catch (error) {
        if (!(error instanceof OidcFailure)) throw error;
        return fail(error.message, error.cause ?? error);
      }
    },

    /**
     * The provider sent the browser back. The state must be the one bound to this browser (`cookie`) and is
     * used once. A sign-in lands with a one-time token; a link flow holds the identity under a code that only
     * the session which prepared it redeems (whoever finished the flow may not be the one who started it).
     */
    async finish(query: { code?: string; state?: string; error?: string; error_description?: string }, cookie: string | undefined, returnedTo: URL): Promise<Landing> {
      const { code, state, error, error_description } = query;
      const flow = state && sameValue(state, cookie) ? await identities.oidc.consume(hash(state)) : undefined;
      const fail = (detail: string, cause?: unknown) => (flow?.purpose === 'link' ? settings({ link_error: detail }, cause) : login({ error: detail }, cause));
      if (error) return fail(error_description || error);
      if (!flow || !client) return fail(GOOGLE_TEXTS.badState);
      if (!code) return fail(GOOGLE_TEXTS.noCode);

      let claims;
      try {
        claims = await client.exchange(returnedTo, { state: state!, nonce: flow.nonce, codeVerifier: flow.codeVerifier });
      } catch (failure) {
        if (!(failure instanceof OidcFailure)) throw failure;
        return fail(failure.message, failure.cause ?? failure);
      }
      const identity = { kind: 'oidc' as const, issuer: claims.issuer, subject: claims.subject, email: claims.email, label: claims.name ?? claims.email };

      if (flow.purpose === 'link') {
        if (!(await stillCurrent(flow))) return settings({ link_error: GOOGLE_TEXTS.linkExpired });
        const linkCode = random();
        await identities.links.hold(flow.id, hash(linkCode), { issuer: identity.issuer, subject: identity.subject, email: identity.email ?? null, label: identity.label ?? null });
        return settings({ link_code: linkCode });
      }
      const result = await signInWithIdentity({ users, identities }, { identity, email: claims.email, emailVerified: claims.emailVerified, fullName: claims.name });
      if (!result.ok) return fail(result.detail);
      return login({ token: await deps.oneTimeSignIn(result.user.id), token_type: 'bearer', user_id: result.user.id });
    },

    /** Prepares linking a Google account to this session's user: the URL the browser opens (valid 10 minutes, once). */
    async prepareLink(userId: string, sessionJti: string): Promise<{ url: string }> {
      if (!client) throw notFound(GOOGLE_TEXTS.notConfigured);
      const state = random();
      const tokenVersion = await users.tokenVersion(userId);
      // openid-client loads on first use (services/oidc/client.ts).
      const { randomNonce, randomPKCECodeVerifier } = await import('openid-client');
      await identities.oidc.create({
        stateHash: hash(state),
        nonce: randomNonce(),
        codeVerifier: randomPKCECodeVerifier(),
        purpose: 'link',
        userId,
        sessionJti,
        tokenVersion,
        started: false,
        ttlMs: FLOW_TTL_MS,
      });
      return { url: `${deps.apiUrl}/auth/login/google?link=${encodeURIComponent(state)}` };
    },

    /** The session that prepared the link redeems the code its flow brought back, once; anyone else spends it for nothing. */
    async completeLink(userId: string, sessionJti: string, code: string): ReturnType<SignInMethodsService['linked']> {
      const flow = await identities.links.redeem(hash(code), LINK_CODE_TTL_MS);
      const mine = flow && flow.userId === userId && flow.sessionJti === sessionJti && flow.pendingIdentity && (await stillCurrent(flow));
      if (!mine) throw badRequest(SIGN_IN_TEXTS.linkOtherSession);
      const identity = { kind: 'oidc' as const, ...flow.pendingIdentity! };
      const problem = await linkIdentity({ identities }, userId, identity);
      if (problem) throw conflict(problem);
      return deps.linked(userId, identity);
    },
  };
}

export type GoogleSignInService = ReturnType<typeof googleSignInService>;
