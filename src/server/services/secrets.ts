import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config';

/** JWT_SECRET when configured, else a secret generated once into DATA_DIR (mode 600). */
export function resolveJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir' | 'inMemoryDb'>): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  if (config.inMemoryDb) return randomBytes(48);
  const dir = resolve(config.dataDir);
  const file = join(dir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
