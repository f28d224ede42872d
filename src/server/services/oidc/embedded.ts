import { createHmac } from 'node:crypto';
import type { Config } from '../../config';

/** The embedded provider's issuer: served by this API under /dev/oidc (never in production). */
export const EMBEDDED_OIDC_PATH = '/dev/oidc';
export const embeddedIssuer = (config: Pick<Config, 'apiUrl'>) => `${config.apiUrl}${EMBEDDED_OIDC_PATH}`;

/** The one client the embedded provider knows: this API. Its secret derives from the dev key. */
export function embeddedClient(devKey: string) {
  return { clientId: 'finu-local', clientSecret: createHmac('sha256', devKey).update('finu embedded oidc client').digest('base64url') };
}

/** Where every provider sends the browser back to; register this URI with Google. */
export const oidcRedirectUri = (config: Pick<Config, 'apiUrl'>) => `${config.apiUrl}/auth/google/callback`;
