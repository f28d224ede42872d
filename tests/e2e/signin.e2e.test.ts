import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell';
import { EmbeddedProviderPage } from './pages/EmbeddedProviderPage';
import { LoginPage } from './pages/LoginPage';
import { Toasts } from './pages/Toasts';
import { callApi, createVerifiedUser, uniqueEmail } from './support/api';
import { saveScreenshot, useBrowser } from './support/browser';
import { injectWallet } from './support/wallet';

const browser = useBrowser();

const path = (page: Page) => new URL(page.url()).pathname;
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
const googleButton = (page: Page) => page.getByRole('button', { name: 'Continue with Google' });
const walletButton = (page: Page) => page.getByRole('button', { name: 'Connect wallet' });

describe("'Continue with Google' on a fresh start (embedded OpenID provider)", () => {
  it('signs a new user in through the provider page and lands where they were headed', async () => {
    const { page } = browser;
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('from') === '/dashboard');
    await saveScreenshot(page, 'signin-login-buttons');
    await googleButton(page).click();

    const provider = await new EmbeddedProviderPage(page).waitUntilShown();
    await saveScreenshot(page, 'signin-embedded-provider');
    await provider.signIn(uniqueEmail('e2e-google'), 'Grace Hopper');

    await new Toasts(page).waitFor('Login successful!');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(await storedToken(page)).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('oauth_redirect_url'))).toBeNull();
  });

  it("cancelling at the provider shows 'OAuth error: {error}' and stays signed out", async () => {
    const { page } = browser;
    await new LoginPage(page).goto();
    await googleButton(page).click();
    const provider = await new EmbeddedProviderPage(page).waitUntilShown();
    await provider.cancelButton.click();
    await new Toasts(page).waitFor('OAuth error: Sign-in was cancelled');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await storedToken(page)).toBeNull();
  });
});

describe("'Connect wallet' (Sign-In with Ethereum, injected EIP-1193 wallet)", () => {
  it('signs a first-time wallet in from /register; GET /api/web3/me knows its address', async () => {
    const { page, context, apiUrl } = browser;
    const { wallet, signed } = await injectWallet(context);
    await page.goto('/register');
    await walletButton(page).click();
    await new Toasts(page).waitFor('Login successful!');
    await page.waitForURL((url) => url.pathname === '/onboarding');
    const token = (await storedToken(page))!;
    const me = await callApi<{ address: string; email: string | null }>(apiUrl, token, 'GET', '/api/web3/me');
    expect(me).toMatchObject({ address: wallet.address, email: null });
    // What the user signed names this site, a nonce, an issued-at, an expiry and the chain.
    expect(signed[0]).toContain(`${new URL(browser.appUrl).host} wants you to sign in with your Ethereum account:\n${wallet.address}`);
    expect(signed[0]).toMatch(/Chain ID: 1\nNonce: \w{8,}\nIssued At: .+\nExpiration Time: .+/);
  });

  it('a rejected signature says so and stays signed out', async () => {
    const { page, context } = browser;
    await injectWallet(context, { rejectSignature: true });
    await new LoginPage(page).goto();
    await walletButton(page).click();
    await page.getByRole('alert').filter({ hasText: 'Wallet sign-in failed' }).waitFor();
    await page.getByText('The signature request was rejected in your wallet.').first().waitFor();
    await saveScreenshot(page, 'signin-wallet-rejected');
    expect(await storedToken(page)).toBeNull();
    expect(path(page)).toBe('/login');
  });

  it('a wallet on a network sign-in does not accept, which cannot switch, gets a clear message', async () => {
    const { page, context } = browser;
    await injectWallet(context, { chainId: 137 });
    await new LoginPage(page).goto();
    await walletButton(page).click();
    await page.getByText('Wrong network: your wallet is on chain 137.', { exact: false }).first().waitFor();
    expect(await storedToken(page)).toBeNull();
  });

  it('no wallet installed: a clear message (phone width, dark theme, no horizontal scroll)', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 740 });
    await page.addInitScript(() => localStorage.setItem('preferences', JSON.stringify({ theme: 'dark', sidebarCollapsed: false, showBalances: true })));
    await new LoginPage(page).goto();
    await walletButton(page).click();
    await page.getByRole('alert').filter({ hasText: 'No browser wallet found.' }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await saveScreenshot(page, 'signin-no-wallet-375-dark');
  });

  it('ethers is not part of /login: it loads only once the user picks the wallet', async () => {
    const { page, context } = browser;
    await injectWallet(context);
    const scripts: { url: string; body: string }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
    });
    await new LoginPage(page).goto();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    // A string only ethers carries (its BrowserProvider signs with personal_sign; our code never names it).
    const isEthers = (s: { body: string }) => s.body.includes('personal_sign') && s.body.includes('invalid BytesLike value');
    expect(scripts.filter(isEthers).map((s) => s.url)).toEqual([]);
    const before = scripts.length;
    await walletButton(page).click();
    await new Toasts(page).waitFor('Login successful!');
    expect(scripts.slice(before).some(isEthers)).toBe(true);
  });
});

describe('Settings › Sign-in methods', () => {
  it('a password user links a wallet and Google, then unlinks the wallet', async () => {
    const { page, context, apiUrl } = browser;
    const { wallet } = await injectWallet(context);
    const user = await createVerifiedUser(apiUrl);
    await callApi(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 4000, main_goal: 'grow_savings', help_with: ['goals'] } });
    await AppShell.openSignedIn(page, user.token, '/settings');
    const section = page.getByRole('region', { name: 'Sign-in methods' });
    await section.getByText('Email and password').waitFor();

    await section.getByRole('button', { name: 'Link wallet' }).click();
    await new Toasts(page).waitFor('Wallet linked. You can now sign in with it.');
    await section.getByText(`Wallet ${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`).waitFor();

    const googleEmail = uniqueEmail('e2e-link-google');
    await section.getByRole('button', { name: 'Link Google' }).click();
    await (await new EmbeddedProviderPage(page).waitUntilShown()).signIn(googleEmail, 'Linked Account');
    // Back from the provider, the app redeems the link code before it says so: a longer chain than one call.
    await new Toasts(page).waitFor('Google account linked. You can now sign in with it.', 30_000);
    await page.waitForURL((url) => url.pathname === '/settings' && !url.searchParams.has('linked'));
    await section.getByText(`Google · ${googleEmail}`).waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await section.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'signin-settings-methods-375');

    await section.getByRole('button', { name: `Unlink wallet ${wallet.address}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unlink' }).click();
    await new Toasts(page).waitFor('Sign-in method removed');
    await section.getByText(`Wallet ${wallet.address.slice(0, 6)}`).waitFor({ state: 'detached' });
    const methods = await callApi<{ methods: { kind: string }[] }>(apiUrl, user.token, 'GET', '/users/me/sign-in-methods');
    expect(methods.methods.map((m) => m.kind)).toEqual(['google']);
  });

  it('after a password change, the linked wallet is listed as still signing in, and can be removed there', async () => {
    const { page, context, apiUrl } = browser;
    const { wallet } = await injectWallet(context);
    const user = await createVerifiedUser(apiUrl);
    await callApi(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 4000, main_goal: 'grow_savings', help_with: ['goals'] } });
    await AppShell.openSignedIn(page, user.token, '/settings');
    const section = page.getByRole('region', { name: 'Sign-in methods', exact: true });
    await section.getByRole('button', { name: 'Link wallet' }).click();
    await new Toasts(page).waitFor('Wallet linked. You can now sign in with it.');

    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(user.password);
    await form.getByLabel('New password').fill('lantern orbit pickle 42');
    await form.getByRole('button', { name: 'Change password' }).click();
    const review = form.getByRole('region', { name: 'Other ways to sign in' });
    const label = `Wallet ${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`;
    await review.getByText(label).waitFor();
    await review.getByRole('button', { name: `Remove ${label}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await new Toasts(page).waitFor('Sign-in method removed');
    const token = (await storedToken(page))!;
    const methods = await callApi<{ methods: unknown[] }>(apiUrl, token, 'GET', '/users/me/sign-in-methods');
    expect(methods.methods).toEqual([]);
  });
});
