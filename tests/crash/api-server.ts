/**
 * The API alone (no web app) with its embedded anvil, as `npm start` runs them: what the crash test
 * kills with SIGKILL and starts again. Prints "API ready" once it listens.
 */
import { buildApp } from '../../src/server/app';
import { loadConfig, portOf } from '../../src/server/config';
import { startEmbeddedNode } from '../../src/server/services/chain/anvil';

const base = loadConfig();
const node = await startEmbeddedNode({ dataDir: base.dataDir, chainId: base.chain.chainId, log: (line) => console.log(line) });
const config = { ...base, chain: { ...base.chain, rpcUrl: node.rpcUrl, embedded: true, durableAfterMs: node.durableAfterMs } };
const api = await buildApp(config);
await api.listen({ host: '127.0.0.1', port: portOf(config.apiUrl) });
console.log('API ready');
const stop = async () => {
  await api.close();
  await node.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
