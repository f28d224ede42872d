/** The fields of a Sign-In with Ethereum (EIP-4361) message. */
export interface SiweFields {
  domain: string;
  /** EIP-55 checksummed. */
  address: string;
  statement?: string;
  uri: string;
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date;
}

/** How long a signed sign-in message stays valid. */
export const SIWE_MESSAGE_TTL_MS = 5 * 60_000;

/** The EIP-4361 text a wallet signs (no dependency: the login bundle stays small). */
export function buildSiweMessage(f: SiweFields): string {
  return [
    `${f.domain} wants you to sign in with your Ethereum account:`,
    f.address,
    '',
    // EIP-4361: the statement line is optional, the blank lines around it are not.
    ...(f.statement ? [f.statement] : []),
    '',
    `URI: ${f.uri}`,
    'Version: 1',
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt.toISOString()}`,
    `Expiration Time: ${f.expirationTime.toISOString()}`,
  ].join('\n');
}
