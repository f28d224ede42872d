import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasNul, nulMessage } from '../../contract/fields';
import { HttpError } from '../errors';

/** The name of the first string (or object key) holding a NUL byte, as a dotted path; undefined when clean. */
export function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return hasNul(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], path, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const name = path ? `${path}.${key}` : key;
    if (hasNul(key)) return name;
    const found = findNul(item, name, depth + 1);
    if (found) return found;
  }
  return undefined;
}

const inputsOf = (request: FastifyRequest) => [
  [request.params, ''],
  [request.query, ''],
  [request.body, typeof request.body === 'string' ? 'body' : ''],
] as const;

/**
 * Safe defaults for every route, present and future:
 * - `Cache-Control: no-store` on every answer that does not set its own, so no browser or proxy
 *   keeps a copy of a user's data;
 * - a last net for NUL bytes, which PostgreSQL text cannot hold: the contract's `text()` names the
 *   field first, and whatever a schema lets through (a path parameter, a raw body, a route added
 *   later) answers 422 here instead of 500 in SQL. It runs after validation, on the parsed values.
 */
export default fp(
  async function hardeningPlugin(app: FastifyInstance) {
    app.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });

    app.addHook('preHandler', async (request) => {
      for (const [value, path] of inputsOf(request)) {
        const found = findNul(value, path);
        if (found !== undefined) throw new HttpError(422, nulMessage(found || 'request'));
      }
    });
  },
  { name: 'hardening' },
);
