/** The API alone (no SPA), as a child process the reliability tests can kill -9. Configured by the environment. */
import { buildApp } from '../../../src/server/app';
import { loadConfig, portOf } from '../../../src/server/config';

const config = loadConfig();
const app = await buildApp(config, { logger: false });
await app.listen({ host: '127.0.0.1', port: portOf(config.apiUrl) });
console.log('API READY');
