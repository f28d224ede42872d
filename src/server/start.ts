import { buildApp } from './app';
import { ensureWebBuild } from './build-web';
import { ConfigError, embeddedChainRefusal, loadConfig, portOf, type Config } from './config';
import { loggerOptions } from './logger';
import { collectOpeningGarbage } from './memory';
import { startEmbeddedNode, type EmbeddedNode } from './services/chain/anvil';
import { buildWebServer } from './web';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const refusal = embeddedChainRefusal(process.env);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }

  await ensureWebBuild((line) => console.log(line));
  // No CHAIN_RPC_URL: run the embedded EVM node (anvil) for as long as the app runs.
  let node: EmbeddedNode | null = null;
  if (!config.chain.rpcUrl) {
    node = await startEmbeddedNode({ dataDir: config.dataDir, chainId: config.chain.chainId, log: (line) => console.log(line) });
    config = { ...config, chain: { ...config.chain, rpcUrl: node.rpcUrl, embedded: true, durableAfterMs: node.durableAfterMs } };
    const stopNode = node;
    process.once('exit', () => void stopNode.stop());
  }
  const api = await buildApp(config);
  const web = await buildWebServer(config, loggerOptions({ logLevel: config.logLevel === 'info' ? 'warn' : config.logLevel }));

  await api.listen({ host: config.host, port: portOf(config.apiUrl) });
  await web.listen({ host: config.host, port: portOf(config.appUrl) });
  collectOpeningGarbage();

  console.log(`\n  Finu is running\n  App:      ${config.appUrl}\n  API:      ${config.apiUrl}\n  API docs: ${config.apiUrl}/docs\n  Database: ${api.dbEngine === 'pglite' ? `PGlite in ${config.dataDir}/pg` : 'PostgreSQL (DATABASE_URL)'}\n  Chain:    ${node ? `anvil (embedded) at ${node.rpcUrl}, state in ${config.dataDir}/chain` : `${new URL(config.chain.rpcUrl!).host} (CHAIN_RPC_URL), chain ${config.chain.chainId}`}\n  Mail:     ${api.mailer.kind === 'outbox' ? `outbox (links in this log and at ${config.apiUrl}/dev/outbox?key=${api.devKey})` : 'SMTP'}\n`);

  if (config.oidc && 'embedded' in config.oidc) {
    console.log(`  Google sign-in: a local stand-in provider at ${config.apiUrl}/dev/oidc (one click from this computer; from elsewhere it asks for the dev key, also in ${config.dataDir}/dev-key)\n`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await Promise.allSettled([web.close(), api.close()]);
    await node?.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
