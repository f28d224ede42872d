import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell';
import { callApi as api, createVerifiedUser } from './support/api';
import { useBrowser } from './support/browser';

const browser = useBrowser();

/** What a new user's walk through the app turned up, seen in Chromium. */
describe('a new user’s walk', () => {
  it('a first goal at 0 % draws no progress on the summary ring (a round cap would show a dot)', async () => {
    const page = browser.page;
    const user = await createVerifiedUser(browser.apiUrl);
    await api(browser.apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 4000, main_goal: 'grow_savings', help_with: [] } });
    await api(browser.apiUrl, user.token, 'POST', '/subscription/trial/start');
    await api(browser.apiUrl, user.token, 'POST', '/goals', { name: 'Emergency fund', target_amount: 5000, target_date: new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10) });
    await AppShell.openSignedIn(page, user.token, '/budget');
    const ring = page.getByRole('img', { name: 'Overall progress 0%' });
    await ring.waitFor();
    // Painted progress: a section circle (the track is the one flipped by a transform) with a dash longer than
    // zero, or with round caps, which paint a dot even on a zero-length dash.
    const painted = await ring.locator('circle:not([transform])').evaluateAll((circles) =>
      circles.filter((c) => c.getAttribute('stroke-linecap') === 'round' || parseFloat(c.getAttribute('stroke-dasharray') ?? '0') > 0).length,
    );
    expect(painted).toBe(0);
  });
});
