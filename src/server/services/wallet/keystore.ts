import { createCipheriv, randomBytes, randomUUID, scrypt } from 'node:crypto';

/** Web3 Secret Storage (v3) scrypt parameters: the ones ethers and MetaMask write (N = 2^17). */
const N = 131_072;
const R = 8;
const P = 1;
const DKLEN = 32;

const derive = (password: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    // Node's scrypt runs on the libuv thread pool, not the event loop: other requests go on meanwhile.
    scrypt(Buffer.from(password.normalize('NFKC'), 'utf8'), salt, DKLEN, { N, r: R, p: P, maxmem: 256 * N * R }, (error, key) => (error ? reject(error) : resolve(key))),
  );

/**
 * An encrypted JSON keystore (Web3 Secret Storage v3, importable into MetaMask and ethers) of a private
 * key under a password: scrypt, AES-128-CTR, a Keccak-256 MAC.
 */
export async function encryptKeystore(privateKeyHex: string, address: string, password: string): Promise<string> {
  const { keccak256 } = await import('ethers');
  const salt = randomBytes(32);
  const iv = randomBytes(16);
  const key = await derive(password, salt);
  const cipher = createCipheriv('aes-128-ctr', key.subarray(0, 16), iv);
  const ciphertext = Buffer.concat([cipher.update(Buffer.from(privateKeyHex.replace(/^0x/, ''), 'hex')), cipher.final()]);
  const mac = keccak256(Buffer.concat([key.subarray(16, 32), ciphertext])).slice(2);
  return JSON.stringify({
    address: address.replace(/^0x/, '').toLowerCase(),
    id: randomUUID(),
    version: 3,
    crypto: {
      cipher: 'aes-128-ctr',
      cipherparams: { iv: iv.toString('hex') },
      ciphertext: ciphertext.toString('hex'),
      kdf: 'scrypt',
      kdfparams: { salt: salt.toString('hex'), n: N, dklen: DKLEN, p: P, r: R },
      mac,
    },
  });
}
