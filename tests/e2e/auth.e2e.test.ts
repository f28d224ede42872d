import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { RegisterPage } from './pages/RegisterPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { Toasts } from './pages/Toasts';
import { callApi, changePasswordElsewhere, createVerifiedUser, linkOf, PASSWORD, readOutbox, uniqueEmail, waitForMail } from './support/api';
import { hasHorizontalScroll, saveScreenshot, useBrowser } from './support/browser';

// docs/product.md §8 texts; the server's own details come from src/server/routes/users.ts.
const texts = {
  loginSuccess: 'Login successful!',
  registered: 'Registration successful! Please check your email for verification.',
  verificationSent: 'Verification email sent!',
  resetSent: 'Password reset email sent!',
  resetDone: 'Password reset successful!',
  loggedOut: 'Logged out successfully',
  emailVerified: 'Email verified successfully!',
  sessionExpired: 'Session expired. Please login again.',
  incorrectLogin: 'Incorrect email or password',
  notVerified: 'Please verify your email before logging in. Check your inbox or request a new link.',
};

const browser = useBrowser();

const path = (page: Page) => new URL(page.url()).pathname;
const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** The paths the tab shows from now on, in order (client-side redirects included). */
function recordPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const current = new URL(frame.url()).pathname;
    if (paths.at(-1) !== current) paths.push(current);
  });
  return paths;
}

/** True when the element's box lies inside the viewport (Playwright's "visible" ignores off-screen transforms). */
async function isOnScreen(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const viewport = page.viewportSize()!;
  return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 1 && box.width > 0;
}

describe('session (docs/product.md §4) through the browser', () => {
  it('a guarded route while signed out redirects to /login remembering the origin', async () => {
    const { page } = browser;
    await page.goto('/transactions');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('from') === '/transactions');
    await new LoginPage(page).heading.waitFor();
  });

  it('logging in from /login?from=<origin> returns the user to that origin', async () => {
    const { page, apiUrl } = browser;
    const user = await createVerifiedUser(apiUrl);
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('from') === '/dashboard');
    const login = new LoginPage(page);
    await login.heading.waitFor();

    const since = await AppShell.clock(page);
    const shell = await login.logIn(user.email, user.password);
    await new Toasts(page).waitFor(texts.loginSuccess);
    await shell.waitUntilShown();
    // Redirects and the access check done: the page the app stays on.
    await shell.routeDecided(since);
    expect(path(page)).toBe('/dashboard');
    expect(await shell.currentSection()).toBe('Dashboard');
  });

  it('registering toasts the spec text and shows the verification-sent page for the address; resending mails a second link', async () => {
    const { page, apiUrl } = browser;
    const email = uniqueEmail('register');
    const register = await new RegisterPage(page).goto();

    const sent = await register.register({ email, password: PASSWORD });
    const toast = await new Toasts(page).waitFor(texts.registered);
    await waitForPath(page, '/email-verification-sent');
    await sent.heading.waitFor();
    await sent.sentTo(email).waitFor();
    // docs/product.md §2: toasts appear at the top right.
    const box = (await toast.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(1280 * 0.75);
    expect(box.y).toBeLessThan(150);
    await waitForMail(apiUrl, email, { count: 1 });

    await sent.resend();
    await new Toasts(page).waitFor(texts.verificationSent);
    await sent.resentNote.waitFor();
    const newest = await waitForMail(apiUrl, email, { count: 2 });
    expect(newest.link).toContain('/users/verify-email?token=');
    expect(await readOutbox(apiUrl, email)).toHaveLength(2);
    // Registration does not sign the user in (docs/product.md §4).
    expect(await storedToken(page)).toBeNull();
  });

  it('logging in before verifying the email shows the server detail in a toast and stays signed out', async () => {
    const { page, apiUrl } = browser;
    const email = uniqueEmail('unverified');
    const register = await new RegisterPage(page).goto();
    await register.register({ email, password: PASSWORD });
    await waitForPath(page, '/email-verification-sent');

    const login = await new LoginPage(page).goto();
    await login.logInExpectingRefusal(email, PASSWORD);
    await new Toasts(page).waitFor(texts.notVerified);
    expect(path(page)).toBe('/login');
    expect(await storedToken(page)).toBeNull();
    await waitForMail(apiUrl, email);
  });

  it('opening the emailed verification link signs the user in and lands on onboarding inside the app shell', async () => {
    const { page, apiUrl } = browser;
    const email = uniqueEmail('verify');
    const register = await new RegisterPage(page).goto();
    await register.register({ email, password: PASSWORD });
    await waitForPath(page, '/email-verification-sent');
    const mail = await waitForMail(apiUrl, email);

    await page.goto(linkOf(mail));
    await new Toasts(page).waitFor(texts.emailVerified);
    await waitForPath(page, '/onboarding');
    const shell = await new AppShell(page).waitUntilShown();
    await shell.navLink('Dashboard').waitFor();
    expect(await storedToken(page)).toBeTruthy();
    // The access token the API's redirect carried is not left in the address bar.
    expect(page.url()).not.toContain('token=');
  });

  it('logging out from the account menu toasts, goes to /login and forgets the token', async () => {
    const { page, apiUrl } = browser;
    const user = await createVerifiedUser(apiUrl);
    const shell = await (await AppShell.openSignedIn(page, user.token)).waitUntilShown();
    await waitForPath(page, '/onboarding');
    await shell.waitForPageContent();
    await saveScreenshot(page, 'shell-desktop');
    expect(await page.title()).toBe('Welcome · Finu');

    const login = await shell.logOutFromAccountMenu();
    await new Toasts(page).waitFor(texts.loggedOut);
    await waitForPath(page, '/login');
    await login.heading.waitFor();
    // The tab names the page shown, not the last signed-in page.
    expect(await page.title()).toBe('Log in · Finu');
    expect(await storedToken(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    // The server revoked the token too: a copy of it (another tab, a stolen one) no longer works.
    await expect.poll(async () => (await fetch(`${apiUrl}/users/me`, { headers: { authorization: `Bearer ${user.token}` } })).status, { timeout: 10_000 }).toBe(401);

    // Signed out for real: going Back to the page the user was on sends them to log in again, and after an
    // explicit logout the login page does not remember that page for whoever logs in next.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/login' && !url.searchParams.has('from'));
    await login.heading.waitFor();
  });

  it("'Log out everywhere' in Settings ends this session and every other one, on the server too", async () => {
    const { page, apiUrl } = browser;
    const user = await createVerifiedUser(apiUrl);
    // Settings needs completed onboarding (docs/product.md §2: redirect mode).
    await callApi(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'EUR', monthly_income: 3200, main_goal: 'understand_spending', help_with: [] } });
    const otherDevice = (await callApi<{ access_token: string }>(apiUrl, '', 'POST', '/users/login', { email: user.email, password: user.password })).access_token;
    await (await AppShell.openSignedIn(page, user.token, '/settings')).waitUntilShown();
    const section = page.getByRole('region', { name: 'Sessions' });
    await section.waitFor();
    await section.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'settings-sessions');
    await section.getByRole('button', { name: 'Log out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out everywhere?' });
    await dialog.waitFor();
    await saveScreenshot(page, 'settings-logout-everywhere-confirm');
    await dialog.getByRole('button', { name: 'Log out everywhere' }).click();
    await new Toasts(page).waitFor('Logged out on every device');
    await waitForPath(page, '/login');
    expect(await storedToken(page)).toBeNull();
    for (const token of [user.token, otherDevice]) {
      expect((await fetch(`${apiUrl}/users/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    }
  });

  it('a wrong password shows the server detail; the right one toasts success and signs in', async () => {
    const { page, apiUrl } = browser;
    const user = await createVerifiedUser(apiUrl);
    const login = await new LoginPage(page).goto();
    await saveScreenshot(page, 'login-desktop');

    await login.logInExpectingRefusal(user.email, 'not the password');
    await new Toasts(page).waitFor(texts.incorrectLogin);
    expect(path(page)).toBe('/login');
    expect(await storedToken(page)).toBeNull();

    const shell = await login.logIn(user.email, user.password);
    await new Toasts(page).waitFor(texts.loginSuccess);
    await waitForPath(page, '/onboarding');
    await shell.waitUntilShown();
    expect(await storedToken(page)).toBeTruthy();
  });

  it('the session survives a reload', async () => {
    const { page, apiUrl } = browser;
    const user = await createVerifiedUser(apiUrl);
    const login = await new LoginPage(page).goto();
    const shell = await login.logIn(user.email, user.password);
    await waitForPath(page, '/onboarding');
    await shell.waitUntilShown();
    await shell.goTo('Dashboard');
    await waitForPath(page, '/dashboard');
    const token = await storedToken(page);

    await page.reload();
    await shell.waitUntilShown();
    expect(path(page)).toBe('/dashboard');
    expect(await shell.currentSection()).toBe('Dashboard');
    expect(await storedToken(page)).toBe(token);
  });

  it('forgot password mails a reset link; the new password works and the old one no longer does', async () => {
    const { page, apiUrl } = browser;
    const user = await createVerifiedUser(apiUrl);
    const newPassword = 'a brand new passphrase';
    const forgot = await (await new LoginPage(page).goto()).goToForgotPassword();
    await forgot.heading.waitFor();

    await forgot.requestResetLink(user.email);
    await new Toasts(page).waitFor(texts.resetSent);
    const mail = await waitForMail(apiUrl, user.email, { count: 2 }); // after the verification mail
    expect(mail.link).toContain('/reset-password?token=');

    const reset = await ResetPasswordPage.open(page, linkOf(mail));
    const login = await reset.setNewPassword(newPassword);
    await new Toasts(page).waitFor(texts.resetDone);
    await waitForPath(page, '/login');
    await login.heading.waitFor();

    await login.logInExpectingRefusal(user.email, user.password);
    await new Toasts(page).waitFor(texts.incorrectLogin);
    expect(await storedToken(page)).toBeNull();

    const shell = await login.logIn(user.email, newPassword);
    await new Toasts(page).waitFor(texts.loginSuccess);
    await shell.waitUntilShown();
  });

  it("a stored token the server rejects (password changed elsewhere): the start-up check toasts 'Session expired. Please login again.' and goes to /login", async () => {
    const { page, apiUrl } = browser;
    const user = await createVerifiedUser(apiUrl);
    const shell = await (await AppShell.openSignedIn(page, user.token, '/dashboard')).waitUntilShown();
    await waitForPath(page, '/dashboard');
    // The dashboard reads its other periods ahead once it is shown: a read still in flight when the password changes
    // would end the session on this page before the reload, and the reload would find no token to check.
    await page.waitForLoadState('networkidle');

    // The password changes on another device: tokens issued before stop working.
    await changePasswordElsewhere(apiUrl, user, 'changed somewhere else');
    await page.reload();
    // The start-up check calls GET /users/me, which docs/product.md §8: 401 rule covers (only login, signup and profile are exempt).
    await new Toasts(page).waitFor(texts.sessionExpired);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('from') === '/dashboard');
    await new LoginPage(page).heading.waitFor();
    expect(await storedToken(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    expect(await shell.navigation.count()).toBe(0);
  });

  it("a garbage token in local storage: the start-up check toasts 'Session expired. Please login again.' and goes to /login", async () => {
    const { page } = browser;
    await AppShell.openSignedIn(page, 'not-a-jwt.at-all.really', '/settings');
    await new Toasts(page).waitFor(texts.sessionExpired);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('from') === '/settings');
    expect(await storedToken(page)).toBeNull();
  });

  it("a 401 on an in-app call while signed in toasts 'Session expired. Please login again.' and goes to /login", async () => {
    const { page, apiUrl } = browser;
    const user = await createVerifiedUser(apiUrl);
    const shell = await (await AppShell.openSignedIn(page, user.token, '/onboarding')).waitUntilShown();

    // The token goes bad while the app is open; opening the dashboard makes a call (the access check, docs/product.md §4).
    await changePasswordElsewhere(apiUrl, user, 'changed somewhere else');
    await shell.goTo('Dashboard');
    await new Toasts(page).waitFor(texts.sessionExpired);
    await waitForPath(page, '/login');
    await new LoginPage(page).heading.waitFor();
    expect(await storedToken(page)).toBeNull();
  });

  it('any unknown path redirects to /login while signed out', async () => {
    const { page } = browser;
    await page.goto('/no-such-page');
    await waitForPath(page, '/login');
    await new LoginPage(page).heading.waitFor();
  });

  // The spec's rule is for signed-out visitors; a signed-in user is told the page does not exist and offered the way back.
  it('a signed-in user on an unknown path sees "Page not found" with a way back, still signed in', async () => {
    const { page, apiUrl } = browser;
    const user = await createVerifiedUser(apiUrl);
    const visited = recordPaths(page);
    const since = await AppShell.clock(page);
    const shell = await (await AppShell.openSignedIn(page, user.token, '/no-such-page')).waitUntilShown();
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    await shell.routeDecided(since);
    expect(visited).not.toContain('/login');
    expect(path(page)).toBe('/no-such-page');
    expect(await storedToken(page)).toBe(user.token);
    await page.getByRole('link', { name: 'Go to my start page' }).click();
    await waitForPath(page, '/onboarding');
  });

  it('at mobile width (375×740) the login page and the shell fit without horizontal scroll, and the burger opens the navigation', async () => {
    const { page, apiUrl } = browser;
    await page.setViewportSize({ width: 375, height: 740 });
    const user = await createVerifiedUser(apiUrl);

    const login = await new LoginPage(page).goto();
    await login.form.waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'login-mobile');

    const shell = await login.logIn(user.email, user.password);
    const toast = await new Toasts(page).waitFor(texts.loginSuccess);
    await waitForPath(page, '/onboarding');
    await shell.header.waitFor();
    await shell.burger.waitFor();
    // The toast sits under the header, so the burger and account menu stay reachable while it shows.
    const [toastBox, headerBox] = [(await toast.boundingBox())!, (await shell.header.boundingBox())!];
    expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'toast-mobile');
    expect(await hasHorizontalScroll(page)).toBe(false);
    const coachLink = shell.navLink('AI Coach');
    expect(await isOnScreen(page, coachLink)).toBe(false);

    await shell.waitForPageContent();
    await shell.toggleNavigation();
    await expect.poll(() => isOnScreen(page, coachLink)).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'shell-mobile-navigation');

    // Choosing a page closes the navigation again. (AI Coach: no onboarding or access check, so no toast.)
    await shell.goTo('AI Coach');
    await waitForPath(page, '/ai-coach');
    await expect.poll(() => isOnScreen(page, coachLink)).toBe(false);
    await page.getByRole('heading', { name: 'AI Coach', level: 1 }).waitFor();

    // The navigation's own 'Log out' item signs out as well.
    await shell.toggleNavigation();
    await expect.poll(() => isOnScreen(page, shell.logOutNavItem)).toBe(true);
    const loggedOut = await shell.logOutFromNavigation();
    await new Toasts(page).waitFor(texts.loggedOut);
    await waitForPath(page, '/login');
    await loggedOut.heading.waitFor();
    expect(await storedToken(page)).toBeNull();
  });

  // The fixed header does not widen the page, so the no-sideways-scroll check above cannot catch a cut-off control.
  it('at mobile width (375×740) every header control fits on the screen', async () => {
    const { page, apiUrl } = browser;
    await page.setViewportSize({ width: 375, height: 740 });
    const user = await createVerifiedUser(apiUrl);
    const shell = await AppShell.openSignedIn(page, user.token);
    await shell.burger.waitFor();
    await shell.accountMenu.waitFor();
    expect(await isOnScreen(page, shell.accountMenu)).toBe(true);
  });
});
