import { startEmbeddedNode, type EmbeddedNode } from '../../src/server/services/chain/anvil';

/** A real anvil for one test file: in memory, or with its state under `dataDir`/chain (restarts). */
export function startTestChain(dataDir: string | null = null): Promise<EmbeddedNode> {
  return startEmbeddedNode({ dataDir, chainId: 31337 });
}
