import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { isUuid } from '../../contract/fields';
import { unauthorized } from '../errors';
import { resolveJwtSecret } from '../services/secrets';

export interface IssuedToken {
  access_token: string;
  token_type: 'bearer';
  user_id: string;
  expires_in: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: rejects a request without a valid, current bearer token. */
    authenticate(request: FastifyRequest): Promise<void>;
    issueToken(userId: string, tokenVersion: number): Promise<IssuedToken>;
    /** A short-lived token for one purpose (e.g. the billing portal link); not a session. */
    signScopedToken(userId: string, scope: string, ttlSeconds: number): Promise<string>;
    /** The user id of a valid scoped token, else undefined. */
    verifyScopedToken(token: string, scope: string): Promise<string | undefined>;
  }
  interface FastifyRequest {
    userId: string;
  }
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    const secret = resolveJwtSecret(app.config);
    const ttl = app.config.jwtTtlSeconds;
    app.decorateRequest('userId', '');

    app.decorate('issueToken', async (userId: string, tokenVersion: number): Promise<IssuedToken> => {
      const token = await new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${ttl}s`)
        .sign(secret);
      return { access_token: token, token_type: 'bearer', user_id: userId, expires_in: ttl };
    });

    app.decorate('signScopedToken', (userId: string, scope: string, ttlSeconds: number) =>
      new SignJWT({ scope }).setProtectedHeader({ alg: 'HS256' }).setSubject(userId).setIssuedAt().setExpirationTime(`${ttlSeconds}s`).sign(secret),
    );
    app.decorate('verifyScopedToken', async (token: string, scope: string) => {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        return payload.scope === scope ? payload.sub : undefined;
      } catch {
        return undefined;
      }
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(.+)$/i.exec(header);
      if (!match) throw unauthorized('Not authenticated');
      let sub: string | undefined;
      let ver: unknown;
      try {
        const { payload } = await jwtVerify(match[1]!, secret, { algorithms: ['HS256'] });
        sub = payload.sub;
        ver = payload.ver;
      } catch {
        throw unauthorized('Session expired or invalid. Please log in again.');
      }
      // A token signed with our secret but naming no user id (a forged or foreign sub) is no session.
      if (!sub || !isUuid(sub)) throw unauthorized('Session expired or invalid. Please log in again.');
      const current = await app.repos.users.tokenVersion(sub);
      if (current === undefined || current !== ver) throw unauthorized('Session expired or invalid. Please log in again.');
      request.userId = sub;
    });
  },
  { name: 'auth', dependencies: ['repositories'] },
);
