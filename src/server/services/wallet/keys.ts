import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** AES-256-GCM with a fresh 12-byte IV per key; the user id is the associated data, so a key cannot be moved to another user's row. */
export function encryptPrivateKey(key: Buffer, userId: string, privateKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(privateKey, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

export function decryptPrivateKey(key: Buffer, userId: string, stored: string): string {
  const [version, iv, tag, body] = stored.split(':');
  if (version !== VERSION || !iv || !tag || !body) throw new Error('unknown wallet key format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}
