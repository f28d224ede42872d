import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets (lower-case name → value) and the ones it removes, for fixed options. */
export function helmetHeaders(options: Readonly<HelmetOptions>): { set: Record<string, string>; remove: string[] } {
  const set: Record<string, string> = {};
  const remove: string[] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete set[name.toLowerCase()];
      remove.push(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return { set, remove };
}

/**
 * helmet's security headers on every answer, errors included, computed once at start (the
 * per-request floor). @fastify/helmet builds helmet's middleware afresh on every request (parsing the
 * Content-Security-Policy directives each time), about 5 % of a list request's CPU; the options here
 * are constants, so the headers are too. Options as helmet takes them.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
    const { set, remove } = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(set);
      for (const name of remove) reply.removeHeader(name);
      done();
    });
  },
  { name: 'security-headers' },
);
