import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config';

/**
 * A secret generated once into DATA_DIR/<file> (mode 600) and read back on every start,
 * or a fresh random one for an in-memory database (tests), which keeps nothing on disk.
 */
function persistedSecret(config: Pick<Config, 'dataDir' | 'inMemoryDb'>, file: string, bytes: number): string {
  if (config.inMemoryDb) return randomBytes(bytes).toString('base64url');
  const dir = resolve(config.dataDir);
  const path = join(dir, file);
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path, randomBytes(bytes).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(path, 'utf8').trim();
}

/** JWT_SECRET when configured, else a secret generated once into DATA_DIR (mode 600). */
export function resolveJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir' | 'inMemoryDb'>): Uint8Array {
  return new TextEncoder().encode(config.jwtSecret ?? persistedSecret(config, 'jwt-secret', 48));
}

/**
 * The key that opens the development routes (`/dev/*`: the mail outbox and the like):
 * DEV_KEY when configured, else generated once into DATA_DIR/dev-key. Start-up prints it in the
 * server log, so only whoever can read the log (the person running the app) can read the outbox.
 */
export function resolveDevKey(config: Pick<Config, 'devKey' | 'dataDir' | 'inMemoryDb'>): string {
  return config.devKey ?? persistedSecret(config, 'dev-key', 24);
}

/**
 * The 32-byte key that encrypts custodial wallet keys: WALLET_ENCRYPTION_KEY (hex or base64) when
 * configured, else generated once into DATA_DIR/wallet-key (mode 600). Production requires it (config.ts).
 */
export function resolveWalletKey(config: Pick<Config, 'walletEncryptionKey' | 'dataDir' | 'inMemoryDb'>): Buffer {
  const raw = config.walletEncryptionKey ?? persistedSecret(config, 'wallet-key', 32);
  const key = /^(0x)?[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw.replace(/^0x/, ''), 'hex') : Buffer.from(raw, 'base64url');
  if (key.length !== 32) throw new Error('WALLET_ENCRYPTION_KEY must decode to exactly 32 bytes');
  return key;
}

/** The embedded node's treasury key: TREASURY_PRIVATE_KEY, else generated once into DATA_DIR/treasury-key. */
export function resolveEmbeddedTreasuryKey(config: Pick<Config, 'dataDir' | 'inMemoryDb'>): string {
  return `0x${Buffer.from(persistedSecret(config, 'treasury-key', 32), 'base64url').toString('hex')}`;
}
