import { startEmbeddedNode, type EmbeddedNode } from '../../src/server/services/chain/anvil';

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
