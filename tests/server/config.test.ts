import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, portOf } from '../../src/server/config';

/** Calls loadConfig and returns the ConfigError it throws. */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('with nothing set runs the embedded defaults (PGlite, outbox, local URLs)', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      appUrl: 'http://localhost:3000',
      apiUrl: 'http://localhost:8000',
      dataDir: './data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      authRateLimitPerMinute: 10,
      verificationTtlHours: 48,
      resetTtlMinutes: 60,
    });
  });

  it('reads every documented variable and drops a trailing slash from URLs', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_URL: 'https://app.example.com/',
      API_URL: 'https://api.example.com/',
      DATABASE_URL: 'postgresql://finu:secret@db:5432/finu',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      JWT_SECRET: 'x'.repeat(32),
      AUTH_RATE_LIMIT_PER_MINUTE: '5',
      VERIFICATION_TTL_HOURS: '24',
      RESET_TTL_MINUTES: '15',
      WALLET_ENCRYPTION_KEY: 'ab'.repeat(32),
      CHAIN_RPC_URL: 'https://rpc.example.com',
      TREASURY_PRIVATE_KEY: `0x${'11'.repeat(32)}`,
      CHAIN_ID: '11155111',
    });
    expect(config).toMatchObject({
      env: 'production',
      appUrl: 'https://app.example.com',
      apiUrl: 'https://api.example.com',
      databaseUrl: 'postgresql://finu:secret@db:5432/finu',
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      authRateLimitPerMinute: 5,
      verificationTtlHours: 24,
      resetTtlMinutes: 15,
      walletEncryptionKey: 'ab'.repeat(32),
      chain: { rpcUrl: 'https://rpc.example.com', chainId: 11155111, confirmations: 1, treasuryPrivateKey: `0x${'11'.repeat(32)}` },
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({ databaseUrl: undefined, smtpUrl: undefined });
  });

  const bad: [string, Record<string, string>, string][] = [
    ['APP_URL that is not a URL', { APP_URL: 'localhost:3000' }, 'APP_URL'],
    ['APP_URL with another scheme', { APP_URL: 'ftp://example.com' }, 'APP_URL'],
    ['API_URL that is not a URL', { API_URL: 'nope' }, 'API_URL'],
    ['DATABASE_URL of another engine', { DATABASE_URL: 'mysql://root@localhost/finu' }, 'DATABASE_URL'],
    ['SMTP_URL that is not smtp', { SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    ['production without SMTP_URL', { NODE_ENV: 'production' }, 'SMTP_URL'],
    ['production without WALLET_ENCRYPTION_KEY', { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com' }, 'WALLET_ENCRYPTION_KEY'],
    ['CHAIN_RPC_URL without TREASURY_PRIVATE_KEY', { CHAIN_RPC_URL: 'http://127.0.0.1:8545' }, 'TREASURY_PRIVATE_KEY'],
    ['a FINU_TOKEN_ADDRESS that is not an address', { FINU_TOKEN_ADDRESS: '0x123' }, 'FINU_TOKEN_ADDRESS'],
    ['an unknown NODE_ENV', { NODE_ENV: 'staging' }, 'NODE_ENV'],
    ['a JWT_SECRET shorter than 32 characters', { JWT_SECRET: 'short' }, 'JWT_SECRET'],
    ['a rate limit that is not a number', { AUTH_RATE_LIMIT_PER_MINUTE: 'lots' }, 'AUTH_RATE_LIMIT_PER_MINUTE'],
    ['a rate limit of zero', { AUTH_RATE_LIMIT_PER_MINUTE: '0' }, 'AUTH_RATE_LIMIT_PER_MINUTE'],
    ['an unknown LOG_LEVEL', { LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ];

  it.each(bad)('%s throws ConfigError: one line naming the variable', (_name, env, variable) => {
    const error = configError(env);
    expect(error.message).toContain(variable);
    expect(error.message).not.toMatch(/[\r\n]/);
    expect(error.message.length).toBeLessThan(200);
  });

  it('never echoes a secret or a password inside a URL', () => {
    expect(configError({ JWT_SECRET: 'tooshort-secret' }).message).not.toContain('tooshort-secret');
    expect(configError({ DATABASE_URL: 'mysql://root:hunter2@db/finu' }).message).not.toContain('hunter2');
    expect(configError({ SMTP_URL: 'http://mailer:hunter3@mail.example.com' }).message).not.toContain('hunter3');
  });

  it('shows a harmless bad value to help fixing it', () => {
    expect(configError({ APP_URL: 'localhost:3000' }).message).toContain("'localhost:3000'");
  });
});

describe('portOf', () => {
  it('uses the explicit port, else the scheme default', () => {
    expect(portOf('http://localhost:8000')).toBe(8000);
    expect(portOf('http://example.com')).toBe(80);
    expect(portOf('https://example.com')).toBe(443);
  });
});
