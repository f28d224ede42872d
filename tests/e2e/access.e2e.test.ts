import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectAfterEachPath, recordMachineCoverage } from '../support/machine-coverage';
import type { SubscriptionStatus } from '../../src/contract/subscription';
import { accessFlowModel, accessFlowTexts } from '../models/accessFlow';
import { coveringModelPaths } from '../support/model-paths';
import { AppShell } from './pages/AppShell';
import { HostedCheckoutPage } from './pages/HostedCheckoutPage';
import { OnboardingRequiredModal } from './pages/OnboardingRequiredModal';
import { OnboardingWizard } from './pages/OnboardingWizard';
import { SettingsSubscriptionSection } from './pages/SettingsSubscriptionSection';
import { SubscriptionModal } from './pages/SubscriptionModal';
import { SubscriptionSuccessPage } from './pages/SubscriptionSuccessPage';
import { Toasts } from './pages/Toasts';
import { createVerifiedUser, uniqueEmail } from './support/api';
import { saveScreenshot, useBrowser } from './support/browser';

const texts = {
  ...accessFlowTexts,
  networkError: 'Network error. Please check your connection.',
  subscribed: 'Subscription activated. Thank you!',
};
const answers = { currency: 'EUR', monthlyIncome: '3200', mainGoal: 'Grow my savings', helpWith: ['Saving', 'Budgeting'] };
const futureExpiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
const testCard = { name: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: futureExpiry, cvc: '123' };

const browser = useBrowser();
const coverage = recordMachineCoverage(import.meta.url, 'chromium');

const pathOf = (page: Page) => new URL(page.url()).pathname;
const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const mainHeading = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { name, level: 1 });

async function statusOnServer(page: Page, apiUrl: string): Promise<SubscriptionStatus> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${apiUrl}/subscription/status`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as SubscriptionStatus;
}

/**
 * The browser run takes a few paths that together visit every state and take every transition of the model
 * (coveringModelPaths, tests/support/model-paths.ts):
 * every simple path (16, most of them through checkout) would take minutes; the machine suite
 * (tests/machines/accessFlow.model.test.ts) runs them all.
 */
const paths = coveringModelPaths(accessFlowModel);

describe('onboarding, route guard, free trial and subscription in Chromium (model paths against the real app)', () => {
  collectAfterEachPath(coverage, paths.map((p) => p.description), () => browser.page);
  for (const path of paths) {
    it(path.description, async () => {
      const { page, apiUrl } = browser;
      const toasts = new Toasts(page);
      const shell = new AppShell(page);
      const wizard = new OnboardingWizard(page);
      const onboardingModal = new OnboardingRequiredModal(page);
      const subscriptionModal = new SubscriptionModal(page);
      const settings = new SettingsSubscriptionSection(page);
      const success = new SubscriptionSuccessPage(page);
      const shot = path.steps.length > 8 ? (name: string) => saveScreenshot(page, `access-${name}`) : async () => undefined;

      // A new user, signed up and verified through the API (registration is auth.e2e's subject), opens the app.
      const user = await createVerifiedUser(apiUrl, { email: uniqueEmail('access') });
      await AppShell.openSignedIn(page, user.token, '/onboarding');

      /** Moves inside the app through the main navigation, the way a user does (app state survives). */
      const goTo = async (section: string) => {
        await shell.navLink(section).click();
      };
      /** Takes a step that moves the app, then waits until the app has decided where it is (redirects, access check). */
      const moving = async (step: () => Promise<unknown>) => {
        const since = await AppShell.clock(page);
        await step();
        await shell.routeDecided(since);
      };

      await path.test({
        events: {
          SKIP_ONBOARDING: async () => {
            await wizard.skip();
            await waitForPath(page, '/ai-coach');
          },
          COMPLETE_ONBOARDING: async () => {
            await moving(() => wizard.complete(answers));
            await toasts.waitFor(texts.onboardingCompleted);
            // Completing lands on /dashboard (docs/product.md §4), the first visit to a feature: the trial starts there.
            await waitForPath(page, '/dashboard');
          },
          VISIT_TRANSACTIONS: async () => {
            if (await shell.navigation.isVisible()) await moving(() => goTo('Transactions'));
            else await moving(() => page.goto('/transactions'));
          },
          VISIT_SETTINGS: async () => {
            await moving(() => goTo('Settings'));
          },
          MAYBE_LATER: () => onboardingModal.maybeLater(),
          COMPLETE_NOW: async () => {
            await onboardingModal.completeNow();
            await page.waitForURL((url) => url.pathname === '/onboarding' && url.searchParams.get('force') === 'true');
          },
          END_TRIAL: async () => {
            await goTo('Settings');
            await waitForPath(page, '/settings');
            await settings.endTrial();
          },
          ASK_END_TRIAL: async () => {
            await goTo('Settings');
            await waitForPath(page, '/settings');
            await settings.askToEndTrial();
          },
          KEEP_TRIAL: () => settings.keepTrial(),
          CONFIRM_END_TRIAL: () => settings.confirmEndTrial(),
          // Not mocking the server away: Playwright aborts the status request the way a dropped
          // connection would, to show the rule of docs/product.md §4, "if the status call fails, allow".
          VISIT_TRANSACTIONS_WHILE_STATUS_FAILS: async () => {
            await page.route(`${apiUrl}/subscription/status`, (route) => route.abort('internetdisconnected'));
            await moving(() => goTo('Transactions'));
          },
          SUBSCRIBE_MONTHLY: async () => {
            const checkout: HostedCheckoutPage = await subscriptionModal.choose('Monthly');
            await shot('checkout');
            await checkout.pay(testCard);
            await waitForPath(page, '/subscription/success');
          },
        },
        states: {
          wizard: async () => {
            await waitForPath(page, '/onboarding');
            await wizard.waitUntilShown();
          },
          coachAfterSkip: async () => {
            expect(pathOf(page)).toBe('/ai-coach');
            await mainHeading(page, 'AI Coach').waitFor();
            expect(await onboardingModal.root.isVisible()).toBe(false);
          },
          onboardingModal: async () => {
            await onboardingModal.root.waitFor();
            expect(pathOf(page)).toBe('/transactions');
            await onboardingModal.message(texts.skippedMessage).waitFor();
            expect(await onboardingModal.buttonLabels()).toEqual([texts.maybeLater, texts.completeNow]);
            await shot('onboarding-modal');
          },
          coachAfterModal: async () => {
            await waitForPath(page, '/ai-coach');
            await mainHeading(page, 'AI Coach').waitFor();
            expect(await onboardingModal.root.isVisible()).toBe(false);
          },
          wizardAfterSkip: async () => {
            await waitForPath(page, '/onboarding');
            await wizard.waitUntilShown();
            expect(await onboardingModal.root.isVisible()).toBe(false);
          },
          trialStarted: async () => {
            await toasts.waitFor(texts.trialStarted);
            await waitForPath(page, '/dashboard');
            await mainHeading(page, 'Dashboard').waitFor();
            expect(await statusOnServer(page, apiUrl)).toMatchObject({ has_access: true, status: 'trialing', trial: { active: true, has_used_trial: true } });
            await shot('trial-started');
          },
          transactionsOpen: async () => {
            await mainHeading(page, 'Transactions').waitFor();
            expect(pathOf(page)).toBe('/transactions');
            expect(await subscriptionModal.root.isVisible()).toBe(false);
          },
          endTrialAsked: async () => {
            await settings.confirmation.getByText(/features close until you choose a plan/).waitFor();
            expect(pathOf(page)).toBe('/settings');
            // Asking ends nothing.
            expect(await statusOnServer(page, apiUrl)).toMatchObject({ has_access: true, status: 'trialing' });
          },
          trialKept: async () => {
            await settings.status('Free trial').waitFor();
            expect(await settings.confirmation.isVisible()).toBe(false);
            expect(await statusOnServer(page, apiUrl)).toMatchObject({ has_access: true, status: 'trialing', trial: { active: true } });
          },
          trialEnded: async () => {
            await settings.status('Expired').waitFor();
            expect(pathOf(page)).toBe('/settings');
            expect(await statusOnServer(page, apiUrl)).toMatchObject({ has_access: false, trial: { active: false, has_used_trial: true } });
          },
          subscriptionModal: async () => {
            await subscriptionModal.root.waitFor();
            await waitForPath(page, '/ai-coach');
            await subscriptionModal.plan('Monthly').waitFor();
            await subscriptionModal.plan('Yearly').waitFor();
            await shot('subscription-modal');
          },
          openedDespiteFailure: async () => {
            await toasts.waitFor(texts.networkError);
            await mainHeading(page, 'Transactions').waitFor();
            expect(pathOf(page)).toBe('/transactions');
            expect(await subscriptionModal.root.isVisible()).toBe(false);
            await page.unroute(`${apiUrl}/subscription/status`);
          },
          subscribed: async () => {
            await success.subscribedHeading.waitFor();
            await toasts.waitFor(texts.subscribed);
            await success.activePlan('Monthly').waitFor();
            expect(await statusOnServer(page, apiUrl)).toMatchObject({ has_access: true, status: 'active', plan: { id: 'monthly' }, payment_method: 'Visa •••• 4242' });
            await shot('subscribed');
          },
          paidTransactionsOpen: async () => {
            await mainHeading(page, 'Transactions').waitFor();
            expect(pathOf(page)).toBe('/transactions');
            expect(await subscriptionModal.root.isVisible()).toBe(false);
          },
        },
      });
    });
  }
});
