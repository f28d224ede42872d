import type { FastifyInstance } from 'fastify';
import type { CustomFetch } from 'openid-client';

/**
 * A fetch for openid-client that answers requests to this API's own embedded provider in-process
 * (app.inject): no loopback port or DNS name has to be reachable from inside the server.
 */
export function injectFetch(app: FastifyInstance, base: string): CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    if (!url.startsWith(base)) return fetch(url, options as RequestInit);
    const headers = Object.fromEntries(new Headers(options.headers as HeadersInit).entries());
    const body = options.body === undefined || options.body === null ? undefined : options.body instanceof URLSearchParams ? options.body.toString() : (options.body as string);
    const res = await app.inject({ method: options.method as 'GET' | 'POST', url: `${target.pathname}${target.search}`, headers: { ...headers, host: target.host }, payload: body });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304 || res.rawPayload.length === 0;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: responseHeaders });
  };
}
