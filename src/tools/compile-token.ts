/**
 * Compiles the FINU ERC-20 (src/server/services/chain/FinuToken.sol, OpenZeppelin's ERC20) with
 * solc-js, offline, into the committed artifact FinuToken.json that the server deploys.
 * `npm run chain:compile` rewrites it; `--check` exits 1 when the committed artifact is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SOURCE_PATH = join(repoRoot, 'src/server/services/chain/FinuToken.sol');
export const ARTIFACT_PATH = join(repoRoot, 'src/server/services/chain/FinuToken.json');

export interface TokenArtifact {
  contractName: 'FinuToken';
  compiler: string;
  openzeppelin: string;
  abi: unknown[];
  bytecode: string;
}

interface SolcOutput {
  errors?: Array<{ severity: string; formattedMessage: string }>;
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

/** Compiles the token the same way every time (fixed settings, no metadata hash), so the output is reproducible. */
export function compileToken(): TokenArtifact {
  // solc is a devDependency: only this script and its staleness test load it.
  const solc = require('solc') as { compile(input: string, opts: { import(path: string): { contents: string } | { error: string } }): string; version(): string };
  const input = {
    language: 'Solidity',
    sources: { 'FinuToken.sol': { content: readFileSync(SOURCE_PATH, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'paris',
      metadata: { bytecodeHash: 'none', appendCBOR: false },
      outputSelection: { 'FinuToken.sol': { FinuToken: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const findImports = (path: string) => {
    try {
      return { contents: readFileSync(require.resolve(path), 'utf8') };
    } catch {
      return { error: `not found: ${path}` };
    }
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['FinuToken.sol']!.FinuToken!;
  const oz = JSON.parse(readFileSync(require.resolve('@openzeppelin/contracts/package.json'), 'utf8')) as { version: string };
  return { contractName: 'FinuToken', compiler: solc.version(), openzeppelin: oz.version, abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

export const serializeArtifact = (artifact: TokenArtifact) => `${JSON.stringify(artifact, null, 2)}\n`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const fresh = serializeArtifact(compileToken());
  if (process.argv.includes('--check')) {
    const committed = readFileSync(ARTIFACT_PATH, 'utf8');
    if (committed !== fresh) {
      console.error('FinuToken.json is stale: run `npm run chain:compile` and commit it.');
      process.exit(1);
    }
    console.log('FinuToken.json is up to date.');
  } else {
    writeFileSync(ARTIFACT_PATH, fresh);
    console.log(`wrote ${ARTIFACT_PATH}`);
  }
}
