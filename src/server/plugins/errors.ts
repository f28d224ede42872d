import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  HttpError,
  InsufficientFundsError,
  InvalidRequestError,
  LimitReachedError,
  NotFoundError,
  ReauthenticationRequiredError,
  TooLargeError,
  UnauthenticatedError,
  UnavailableError,
  UpstreamError,
  ValidationError,
} from '../errors';

/** The HTTP status of each domain error (services throw them; only this plugin knows HTTP). */
const STATUS = new Map<abstract new (...args: never[]) => DomainError, number>([
  [InvalidRequestError, 400],
  [InsufficientFundsError, 400],
  [UnauthenticatedError, 401],
  [ForbiddenError, 403],
  [ReauthenticationRequiredError, 428],
  [NotFoundError, 404],
  [ConflictError, 409],
  [TooLargeError, 413],
  [ValidationError, 422],
  [LimitReachedError, 429],
  [UpstreamError, 502],
  [UnavailableError, 503],
]);

/** Status and headers of a domain error: its own class's, else the nearest mapped ancestor's, else 400. */
export function httpOf(error: DomainError): { status: number; headers: Record<string, string> } {
  let status = 400;
  for (let proto: object | null = Object.getPrototypeOf(error); proto && proto !== DomainError.prototype; proto = Object.getPrototypeOf(proto)) {
    const found = STATUS.get((proto as { constructor: abstract new (...args: never[]) => DomainError }).constructor);
    if (found) {
      status = found;
      break;
    }
  }
  const headers: Record<string, string> = {};
  if (error instanceof UnauthenticatedError) headers['www-authenticate'] = 'Bearer';
  if (error instanceof LimitReachedError && error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
  return { status, headers };
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** "email: email must be a valid email address" from the first validation issue. */
function describeValidation(issues: ValidationIssue[], context: string | undefined): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  const path = first.params?.issue?.path?.map(String).join('.') || first.instancePath?.replace(/^\//, '').replace(/\//g, '.') || context || 'request';
  const message = first.params?.issue?.message ?? first.message ?? 'is invalid';
  if (message.startsWith(path.split('.').pop() ?? '\0')) return message;
  if (/^(Invalid input: expected|Required)/.test(message) && /received undefined/.test(message)) return `${path} is required`;
  return `${path}: ${message}`;
}

/** Errors the router raises before any plugin runs (a malformed URL, a path parameter over maxParamLength): Fastify's `frameworkErrors` option. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const detail = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'The URL is not valid';
  reply.code(error.statusCode && error.statusCode < 500 ? error.statusCode : 400).send({ detail });
}

/** Every error leaves as `{"detail": "..."}`; 5xx never reveal internals. */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ detail: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });

  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      const { status, headers } = httpOf(error);
      reply.headers(headers).code(status).send({ detail: error.detail });
      return;
    }
    if (error instanceof HttpError) {
      reply.headers(error.headers).code(error.statusCode).send({ detail: error.detail });
      return;
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const issues = (error.validation ?? []) as ValidationIssue[];
      reply.code(422).send({ detail: describeValidation(issues, error.validationContext) });
      return;
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      reply.code(400).send({ detail: 'Request body is not valid JSON' });
      return;
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      reply.code(415).send({ detail: 'Send the request body as application/json' });
      return;
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      reply.code(413).send({ detail: 'Request body is too large' });
      return;
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status === 429) {
      reply.code(429).send({ detail: 'Too many attempts. Please wait a minute and try again.' });
      return;
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      reply.code(status).send({ detail: 'Internal server error' });
      return;
    }
    reply.code(status).send({ detail: error.message || 'Request failed' });
  });
});
