import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

const SECRET_PARAMS = /([?&](?:token|access_token|password|code|session_id)=)[^&#]*/gi;

/** Strips credentials that travel in query strings (verification and reset tokens). */
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[redacted]');

interface LoggedError extends Error {
  code?: unknown;
  statusCode?: unknown;
}

/**
 * Errors as logged: type, message, stack, code and cause. Database errors keep their SQL but never
 * their parameter values (emails, password hashes, mail text) nor the driver's `detail` (row values).
 */
export function serializeError(error: unknown, depth = 0): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const e = error as LoggedError;
  const type = e.constructor?.name ?? e.name;
  // Drizzle puts the values after the SQL: "Failed query: <sql>\nparams: <values>".
  const message = e.message.replace(/\nparams: [\s\S]*$/, '');
  const frames = e.stack?.indexOf('\n    at ') ?? -1;
  return {
    type,
    message,
    stack: `${type}: ${message}${frames >= 0 ? e.stack!.slice(frames) : ''}`,
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(e.statusCode !== undefined ? { statusCode: e.statusCode } : {}),
    ...(e.cause !== undefined && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

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
      err: (error: unknown) => serializeError(error),
    },
  };
}
