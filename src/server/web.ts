import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { capConnections, httpTimeouts } from './connections';
import securityHeaders from './plugins/security-headers';

export const webDistDir = resolve(import.meta.dirname, '../../dist/web');

/** What the SPA reads at start-up, so one build works against any API host. */
export const runtimeConfig = (config: Pick<Config, 'apiUrl' | 'env'>) => ({ apiUrl: config.apiUrl, env: config.env });

/** Serves the built SPA on APP_URL with history fallback and the runtime config at /config.json. */
export async function buildWebServer(config: Config, logger: FastifyServerOptions['logger'] = false): Promise<FastifyInstance> {
  if (!existsSync(join(webDistDir, 'index.html'))) throw new Error(`The web app is not built: run 'npm run build' (looked in ${webDistDir})`);
  // The same timeouts and connection caps as the API: slow clients are no better on the app's port.
  const web = Fastify({ logger, ...httpTimeouts(config) });
  capConnections(web.server, config);
  await web.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'connect-src': ["'self'", config.apiUrl],
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'", config.apiUrl],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  web.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return runtimeConfig(config);
  });
  await web.register(fastifyStatic, { root: webDistDir, wildcard: false, index: false });
  web.setNotFoundHandler((request, reply) => {
    // Unknown asset requests are real 404s; any other path is a client-side route.
    if (request.method !== 'GET' || request.url.startsWith('/assets/')) {
      reply.code(404).send({ detail: 'Not found' });
      return;
    }
    reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return web;
}
