import { describe, expect, it } from 'vitest';
import { ConfigError, GOOGLE_ISSUER, loadConfig } from '../../src/server/config';

describe('sign-in configuration', () => {
  it('nothing set: the embedded OpenID provider outside production, none in production; chains 1 and 31337', () => {
    expect(loadConfig({}).oidc).toEqual({ embedded: true });
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', WALLET_ENCRYPTION_KEY: 'ab'.repeat(32) }).oidc).toBeNull();
    expect(loadConfig({}).siweChainIds).toEqual([1, 31337]);
  });

  it("a Google client talks to Google's issuer unless OIDC_ISSUER names another", () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).oidc).toEqual({ issuer: GOOGLE_ISSUER, clientId: 'id', clientSecret: 'secret' });
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', OIDC_ISSUER: 'https://kc.example.com/realms/finu' }).oidc).toMatchObject({ issuer: 'https://kc.example.com/realms/finu' });
  });

  it('a client id without its secret, or an issuer without a client, stops start-up with one line; the secret is not echoed', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(new ConfigError('Invalid configuration: GOOGLE_CLIENT_SECRET is required with GOOGLE_CLIENT_ID'));
    expect(() => loadConfig({ OIDC_ISSUER: 'https://kc.example.com' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are required with OIDC_ISSUER/);
    expect(() => loadConfig({ OIDC_ISSUER: 'kc.example.com', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' })).toThrow(/OIDC_ISSUER must be an http\(s\) URL/);
  });

  it('SIWE_CHAIN_IDS lists the chains a sign-in message may name; CHAIN_ID must be a whole number', () => {
    expect(loadConfig({ SIWE_CHAIN_IDS: '8453, 1' }).siweChainIds).toEqual([8453, 1]);
    expect(() => loadConfig({ SIWE_CHAIN_IDS: 'mainnet' })).toThrow(/SIWE_CHAIN_IDS must be a comma-separated list/);
    expect(() => loadConfig({ CHAIN_ID: 'x' })).toThrow(/CHAIN_ID must be a whole number/);
  });
});
