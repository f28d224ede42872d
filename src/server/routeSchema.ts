import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../contract/errors';

/**
 * What route files share in their schemas (routes/*.ts declare the rest from src/contract/<area>):
 * the bearer-token security, the `{"detail": ...}` error answers, and the premium scope.
 */

/** OpenAPI security of a route that needs a signed-in user. */
export const bearerAuth = [{ bearerAuth: [] }];

/** The error answers a route documents, by status; every error has the one shape `{"detail": "..."}`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBody> {
  return Object.fromEntries(statuses.map((status) => [status, errorBody])) as Record<S, typeof errorBody>;
}

/**
 * The schemas of one API area: its tags, the bearer security (unless `signedIn: false`) and the error
 * answers every route of it documents. A route adds its summary, params, query, body and answers:
 * `schema({ summary: 'One goal', params: goalIdParams, response: { 200: goal } })`.
 */
export function areaSchemas<E extends number>(area: { tags: string[]; errors: readonly E[]; signedIn?: boolean }) {
  const errors = errorResponses(...area.errors);
  const shared = area.signedIn === false ? { tags: area.tags } : { tags: area.tags, security: bearerAuth };
  return <S extends { response: object }>(schema: S) => ({ ...shared, ...schema, response: { ...schema.response, ...errors } });
}

/**
 * A premium area: every route registered on the answer needs a signed-in user (401) with access,
 * a trial or a paid plan (403 with a detail). Call it first in the routes plugin; access rules join here.
 */
export function premiumRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRequest', fastify.authenticate);
  fastify.addHook('preHandler', fastify.requireAccess);
  return fastify.withTypeProvider<ZodTypeProvider>();
}

/** The schema of a premium read that takes a query string: the answer, or 401, 403, or 422 for a query it refuses. */
export function premiumQuerySchema<Q, R>(schema: { tags: string[]; summary: string; description?: string; querystring: Q; response: R }) {
  const { response, ...rest } = schema;
  return areaSchemas({ tags: schema.tags, errors: [401, 403, 422] })({ ...rest, response: { 200: response } });
}
