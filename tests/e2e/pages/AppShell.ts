import type { Locator, Page } from 'playwright-core';
import { LoginPage } from './LoginPage';

/** The signed-in frame (src/web/views/shell/AppLayout.tsx): header, main navigation, the page. */
export class AppShell {
  readonly header: Locator;
  readonly navigation: Locator;
  readonly burger: Locator;
  readonly accountMenu: Locator;
  readonly logOutMenuItem: Locator;
  readonly logOutNavItem: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.navigation = page.getByRole('navigation', { name: 'Main navigation' });
    this.burger = page.getByRole('button', { name: 'Toggle navigation' });
    this.accountMenu = page.getByRole('button', { name: 'Account menu' });
    this.logOutMenuItem = page.getByRole('menuitem', { name: 'Log out' });
    this.logOutNavItem = this.navigation.getByRole('button', { name: 'Log out' });
  }

  /**
   * Opens the app with a session already in local storage, the way a returning user arrives
   * (the start-up check decides whether it is still good). The token is seeded by a one-shot init script:
   * writing localStorage from one page and then calling page.goto() races Chromium's storage sync (~1 in 8 lost).
   */
  static async openSignedIn(page: Page, token: string, path = '/'): Promise<AppShell> {
    const seed = await page.addInitScript((value) => localStorage.setItem('token', value), token);
    try {
      await page.goto(path);
    } finally {
      await seed.dispose();
    }
    return new AppShell(page);
  }

  /**
   * Opens `path` signed in with `token`, inside the app already open in this page when it is signed in with the same
   * token (a history push the router follows, as a link does; no new load), else as openSignedIn does. Across a file's
   * tests on one page (useBrowser's oneContext) this spares a whole load of the app per test. The same path as the
   * one on screen loads again, so the page starts afresh.
   */
  static async open(page: Page, token: string, path = '/'): Promise<AppShell> {
    const target = new URL(path, 'http://app');
    const current = page.url().startsWith('http') ? new URL(page.url()) : null;
    const sameApp = current !== null && current.pathname !== target.pathname && (await page.evaluate(() => localStorage.getItem('token')).catch(() => null)) === token;
    if (!sameApp) return AppShell.openSignedIn(page, token, path);
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `${target.pathname}${target.search}`);
    await page.waitForURL((url) => url.pathname === target.pathname);
    return new AppShell(page);
  }

  /** The page's clock (ms since the epoch): take it before a step that moves the app, for `routeDecided`. */
  static clock(page: Page): Promise<number> {
    return page.evaluate(() => performance.timeOrigin + performance.now());
  }

  /**
   * Resolves once the app machine (machines/app.ts) has decided a location it was given after `since` (`clock`):
   * the route rules, their redirects and the access check are done, and the page is open or behind the onboarding
   * modal. A check that something did not happen after a move (no modal, no redirect) reads the page after this.
   * It reads the machine events the page records (`__FINU_TRACE__`, tests/support/machine-coverage.ts).
   */
  async routeDecided(since: number): Promise<void> {
    await this.page.waitForFunction((from) => {
      const trace = (window as unknown as { __FINU_TRACE__?: string[] }).__FINU_TRACE__ ?? [];
      const app = trace
        .map((line) => /^(\d+) app (\S+) -> (.*)$/.exec(line))
        .filter((m): m is RegExpExecArray => m !== null && performance.timeOrigin + Number(m[1]) >= from - 1);
      return app.some((m) => m[2] === 'route.changed') && ['"open"', '"onboardingModal"'].includes(app.at(-1)![3]!);
    }, since);
  }

  navLink(name: string): Locator {
    return this.navigation.getByRole('link', { name, exact: true });
  }

  /** The navigation entry of the page on screen, as assistive technology announces it (aria-current="page"). */
  async currentSection(): Promise<string | null> {
    const current = this.navigation.locator('a[aria-current="page"]');
    return (await current.count()) === 1 ? (await current.textContent())?.trim() ?? null : null;
  }

  /** Resolves once the shell and its navigation are on screen. */
  async waitUntilShown(): Promise<this> {
    await this.header.waitFor();
    await this.navigation.waitFor();
    return this;
  }

  /** Resolves once the page inside the shell has rendered past its loaders (its first heading is on screen). */
  async waitForPageContent(): Promise<this> {
    await this.page.getByRole('main').getByRole('heading').first().waitFor();
    // Every loader in the page is a status named "Loading…"; several can be up at once, so no single locator.
    await this.page.waitForFunction(() => !document.querySelector('main [role="status"][aria-label^="Loading"]'));
    return this;
  }

  async goTo(section: string): Promise<AppShell> {
    await this.navLink(section).click();
    return this;
  }

  /** The burger, shown below the `sm` breakpoint only. */
  async toggleNavigation(): Promise<AppShell> {
    await this.burger.click();
    return this;
  }

  async logOutFromAccountMenu(): Promise<LoginPage> {
    await this.accountMenu.click();
    await this.logOutMenuItem.click();
    return new LoginPage(this.page);
  }

  async logOutFromNavigation(): Promise<LoginPage> {
    await this.logOutNavItem.click();
    return new LoginPage(this.page);
  }
}
