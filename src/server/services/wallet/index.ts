import type { RewardsRepository, WalletRow } from '../../repositories/rewards';
import { decryptPrivateKey, encryptPrivateKey } from './keys';
import { encryptKeystore } from './keystore';

/** The user's custodial wallet: created on first use, its key AES-256-GCM encrypted at rest. */
export async function walletRow(repo: RewardsRepository, key: Buffer, userId: string): Promise<WalletRow> {
  const existing = await repo.wallets.find(userId);
  if (existing) return existing;
  // ethers loads on first use, not at start (docs/performance.md, memory).
  const { Wallet } = await import('ethers');
  const fresh = Wallet.createRandom();
  return repo.wallets.create(userId, fresh.address, encryptPrivateKey(key, userId, fresh.privateKey));
}

/** The signer behind a wallet row (decrypted only in memory, for one operation). */
export async function signerOf(row: WalletRow, key: Buffer) {
  const { Wallet } = await import('ethers');
  return new Wallet(decryptPrivateKey(key, row.userId, row.encryptedKey));
}

/** The wallet's encrypted keystore under a password (the KDF runs off the event loop). */
export async function keystoreOf(row: WalletRow, key: Buffer, password: string): Promise<string> {
  return encryptKeystore(decryptPrivateKey(key, row.userId, row.encryptedKey), row.address, password);
}
