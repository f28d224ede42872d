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
