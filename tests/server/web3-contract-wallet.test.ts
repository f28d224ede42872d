import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AbiCoder, getAddress, hexlify, Interface, randomBytes, recoverAddress, Wallet } from 'ethers';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIWE_TEXTS } from '../../src/server/services/siwe';
import { buildSiweMessage } from '../../src/web/wallet/siweMessage';
import { createTestApp, type TestApp } from '../support/app';

/**
 * A JSON-RPC node with one contract wallet on it (like a Safe): it has code, and its EIP-1271
 * isValidSignature(hash, signature) accepts what its owner key signed. The API must ask it.
 */
const owner = Wallet.createRandom();
const contractWallet = getAddress(hexlify(randomBytes(20)));
const eip1271 = new Interface(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']);
let node: Server;
let calls = 0;

function answer(request: { id: number; method: string; params: unknown[] }) {
  switch (request.method) {
    case 'eth_chainId':
      return '0x1';
    case 'net_version':
      return '1';
    case 'eth_blockNumber':
      return '0x10';
    case 'eth_getCode':
      return String(request.params[0]).toLowerCase() === contractWallet.toLowerCase() ? '0x6080604052' : '0x';
    case 'eth_call': {
      calls += 1;
      const call = request.params[0] as { to: string; data: string };
      if (call.to.toLowerCase() !== contractWallet.toLowerCase()) return '0x';
      const [hash, signature] = eip1271.decodeFunctionData('isValidSignature', call.data);
      let signer = '';
      try {
        signer = recoverAddress(hash as string, signature as string);
      } catch {
        signer = '';
      }
      return AbiCoder.defaultAbiCoder().encode(['bytes4'], [signer === owner.address ? '0x1626ba7e' : '0xffffffff']);
    }
    default:
      throw new Error(`unexpected ${request.method}`);
  }
}

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  node = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { id: number; method: string; params: unknown[] } | { id: number; method: string; params: unknown[] }[];
      const one = (r: { id: number; method: string; params: unknown[] }) => ({ jsonrpc: '2.0', id: r.id, result: answer(r) });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(one) : one(parsed)));
    });
  });
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
  testApp = await createTestApp({
    // A real setup with an external node names the treasury and the token too (rewards need them).
    env: { CHAIN_RPC_URL: `http://127.0.0.1:${(node.address() as AddressInfo).port}`, TREASURY_PRIVATE_KEY: '0x' + '11'.repeat(32), FINU_TOKEN_ADDRESS: '0x' + '22'.repeat(20) },
  });
  app = testApp.app;
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await new Promise((resolve) => node?.close(resolve));
});

async function signedBy(signer: Wallet | ReturnType<typeof Wallet.createRandom>) {
  const n = (await app.inject({ method: 'GET', url: `/web3/nonce?wallet_address=${contractWallet}` })).json();
  const now = Date.now();
  const message = buildSiweMessage({ domain: n.domain, address: n.address, statement: n.statement, uri: n.uri, chainId: 1, nonce: n.nonce, issuedAt: new Date(now), expirationTime: new Date(now + 60_000) });
  return { address: contractWallet, message, signature: await signer.signMessage(message) };
}

describe('contract wallets (EIP-1271) through CHAIN_RPC_URL', () => {
  it("a signature the contract accepts (its owner's) signs the contract wallet in", async () => {
    const res = await app.inject({ method: 'POST', url: '/api/web3/auth', payload: await signedBy(owner) });
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toBe(contractWallet);
    expect(calls).toBeGreaterThan(0);
  });

  it('a signature the contract rejects is refused', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/web3/auth', payload: await signedBy(Wallet.createRandom()) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: SIWE_TEXTS.signature });
  });
});
