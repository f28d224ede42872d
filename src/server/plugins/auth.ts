import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { isUuid } from '../../contract/fields';
import { ReauthenticationRequiredError, unauthorized } from '../errors';
import { REAUTH_WINDOW_MS, SIGN_IN_TEXTS } from '../services/signIn';
import { AuthCache } from '../services/authCache';
import { resolveJwtSecret } from '../services/secrets';

export interface IssuedToken {
  access_token: string;
  token_type: 'bearer';
  user_id: string;
  expires_in: number;
}

/** A verified token: whose it is, its id (for revocation) and when it expires. */
export interface TokenClaims {
  userId: string;
  jti: string;
  expiresAt: Date;
  /** When the token was issued: a session signed in a moment ago counts as a fresh sign-in. */
  issuedAt: Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: rejects a request without a valid, current bearer token. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** preHandler after `authenticate`: 428 unless this session signed in, or confirmed the password, within the last few minutes. */
    requireRecentSignIn(request: FastifyRequest): Promise<void>;
    issueToken(userId: string, tokenVersion: number): Promise<IssuedToken>;
    /** A short-lived token for one purpose (the billing portal link, a one-time sign-in); not a session. */
    signScopedToken(userId: string, scope: string, ttlSeconds: number): Promise<string>;
    /** The user id of a valid, current scoped token, else undefined. */
    verifyScopedToken(token: string, scope: string): Promise<string | undefined>;
    /** The claims of a valid, current scoped token, else undefined (for single-use tokens). */
    verifyScopedClaims(token: string, scope: string): Promise<TokenClaims | undefined>;
    /** Each user's token version, revoked token ids and subscription, kept in memory while no change is announced. */
    authCache: AuthCache;
  }
  interface FastifyRequest {
    userId: string;
    /** The bearer token's id and expiry (what `POST /users/logout` revokes). */
    session: TokenClaims | null;
  }
}

const EXPIRED = 'Session expired or invalid. Please log in again.';

/** Tokens whose signature this process has checked, kept at most (the oldest goes first). */
const VERIFIED_TOKENS = 2_000;

/**
 * The claims of tokens whose signature and header already passed `jwtVerify`, by the token's exact
 * text (the per-request floor: jose's HMAC check through WebCrypto was about a fifth of a
 * list request's CPU). A token's text fixes its signature, so a second check of the same text with the
 * same secret can only agree; what changes with time, `exp` and `nbf`, is checked again on every hit,
 * as jose checks it (expired once `exp` ≤ now, in whole seconds). Revocation and the token version are
 * not cached here: the caller checks them against the auth cache on every request.
 */
class VerifiedTokens {
  private readonly claims = new Map<string, JWTPayload>();

  constructor(private readonly max: number) {}

  get(token: string): JWTPayload | undefined {
    const payload = this.claims.get(token);
    if (!payload) return undefined;
    const now = Math.floor(Date.now() / 1000);
    if ((typeof payload.exp === 'number' && payload.exp <= now) || (typeof payload.nbf === 'number' && payload.nbf > now)) {
      this.claims.delete(token);
      return undefined;
    }
    return payload;
  }

  keep(token: string, payload: JWTPayload): void {
    if (this.claims.size >= this.max) this.claims.delete(this.claims.keys().next().value as string);
    this.claims.set(token, payload);
  }
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    const secret = resolveJwtSecret(app.config);
    const ttl = app.config.jwtTtlSeconds;
    const { sessions, subscriptions } = app.repos;
    const notifications = app.dbNotifications('finu_auth');
    const cache = new AuthCache({
      ttlMs: app.config.authCacheTtlMs,
      live: notifications.live,
      load: async (userId) => {
        const state = await sessions.authState(userId);
        if (!state) return { tokenVersion: undefined, revoked: new Set(), subscription: undefined };
        return { tokenVersion: state.tokenVersion, revoked: new Set(state.revoked), subscription: await subscriptions.find(userId) };
      },
    });
    // Every change to a user's token version, revoked tokens or subscription, from any process (migration 0016).
    notifications.on(
      (userId) => cache.forget(userId),
      () => cache.clear(),
    );
    app.decorate('authCache', cache);
    app.decorateRequest('userId', '');
    app.decorateRequest('session', null);

    const sign = (userId: string, claims: Record<string, unknown>, ttlSeconds: number) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(userId).setJti(randomUUID()).setIssuedAt().setExpirationTime(`${ttlSeconds}s`).sign(secret);

    /**
     * A token is good while its signature and expiry hold, its version is the user's current one
     * (a password change or 'log out everywhere' bumps it) and its id is not on the deny-list.
     */
    const verified = new VerifiedTokens(VERIFIED_TOKENS);
    const check = async (token: string, scope: string | undefined): Promise<TokenClaims | undefined> => {
      let payload = verified.get(token);
      if (!payload) {
        try {
          ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] }));
        } catch {
          return undefined;
        }
        verified.keep(token, payload);
      }
      if ((payload.scope ?? undefined) !== scope) return undefined;
      const { sub, jti, exp, ver, iat } = payload;
      // A token signed with our secret but naming no user id (a forged or foreign sub) is no session.
      if (typeof sub !== 'string' || !isUuid(sub) || typeof jti !== 'string' || typeof exp !== 'number') return undefined;
      const state = await cache.get(sub);
      if (state.tokenVersion === undefined || state.tokenVersion !== ver || state.revoked.has(jti)) return undefined;
      return { userId: sub, jti, expiresAt: new Date(exp * 1000), issuedAt: new Date((typeof iat === 'number' ? iat : 0) * 1000) };
    };

    app.decorate('issueToken', async (userId: string, tokenVersion: number): Promise<IssuedToken> => {
      const token = await sign(userId, { ver: tokenVersion }, ttl);
      return { access_token: token, token_type: 'bearer', user_id: userId, expires_in: ttl };
    });

    app.decorate('signScopedToken', async (userId: string, scope: string, ttlSeconds: number) => {
      const ver = (await app.repos.users.tokenVersion(userId)) ?? -1;
      return sign(userId, { scope, ver }, ttlSeconds);
    });
    app.decorate('verifyScopedClaims', (token: string, scope: string) => check(token, scope));
    app.decorate('verifyScopedToken', async (token: string, scope: string) => (await check(token, scope))?.userId);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(.+)$/i.exec(header);
      if (!match) throw unauthorized('Not authenticated');
      const claims = await check(match[1]!, undefined);
      if (!claims) throw unauthorized(EXPIRED);
      request.userId = claims.userId;
      request.session = claims;
    });

    app.decorate('requireRecentSignIn', async (request: FastifyRequest) => {
      const session = request.session;
      if (session && Date.now() - session.issuedAt.getTime() < REAUTH_WINDOW_MS) return;
      if (session && (await sessions.reauthenticated(session.jti, request.userId))) return;
      throw new ReauthenticationRequiredError(SIGN_IN_TEXTS.reauthRequired);
    });
  },
  { name: 'auth', dependencies: ['repositories'] },
);
