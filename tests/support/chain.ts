import { afterAll, beforeAll } from 'vitest';
import { startEmbeddedNode, type EmbeddedNode } from '../../src/server/services/chain/anvil';
import { createTestApp, type TestApp, type TestAppOptions } from './app';

/** A real anvil for one test file: in memory, or with its state under `dataDir`/chain (restarts). */
export function startTestChain(dataDir: string | null = null): Promise<EmbeddedNode> {
  return startEmbeddedNode({ dataDir, chainId: 31337 });
}

/** A JSON-RPC call straight to the node (anvil's own methods such as evm_mine; no ethers provider in between). */
export async function nodeRpc(node: EmbeddedNode, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(node.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/**
 * A test file's anvil node and the API server using it as its chain, started before the file's tests and
 * stopped after them: `const chainApp = useTestChainApp();` then `chainApp.testApp.app`, `chainApp.node`.
 */
export function useTestChainApp(options: Omit<TestAppOptions, 'chainRpcUrl'> = {}): { readonly node: EmbeddedNode; readonly testApp: TestApp } {
  let node: EmbeddedNode | undefined;
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    node = await startTestChain();
    testApp = await createTestApp({ ...options, chainRpcUrl: node.rpcUrl });
  });
  afterAll(async () => {
    await testApp?.close();
    await node?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useTestChainApp: the ${what} is read before beforeAll started it`);
    return value;
  };
  return {
    get node() {
      return started(node, 'node');
    },
    get testApp() {
      return started(testApp, 'app');
    },
  };
}
