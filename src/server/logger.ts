import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

const SECRET_PARAMS = /([?&](?:token|access_token|password|code|session_id)=)[^&#]*/gi;

/** Strips credentials that travel in query strings (verification and reset tokens). */
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[redacted]');

/** pino options: never log passwords, tokens or authorization headers. */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.new_password', '*.current_password', '*.access_token', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: redactUrl(request.url), ip: request.ip };
      },
    },
  };
}
