import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell';
import { RewardDialog } from './pages/RewardDialog';
import { TokensPage } from './pages/TokensPage';
import { TransactionsPage } from './pages/TransactionsPage';
import { callApi as api, createVerifiedUser } from './support/api';
import { keepRewardDialog, saveScreenshot, useBrowser } from './support/browser';

const browser = useBrowser();
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('rewards and FINU (Chromium against the real app and its anvil node)', () => {
  it('the first transaction opens the reward dialog; /tokens converts points and the transfer confirms on chain', async () => {
    const { page, apiUrl } = browser;
    // This test is about the dialog: no automatic 'Awesome!'.
    await keepRewardDialog(page);
    const user = await createVerifiedUser(apiUrl);
    // Onboarding through the API (its 100 points arrive without a dialog: no browser saw that response).
    await api(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 3000, main_goal: 'grow_savings', help_with: [] } });

    // The dialog's code comes with the signed-in shell, not after the award: loaded only then, the dialog
    // could open a second or more late, over whatever the user went on to click.
    const dialogCode = page.waitForResponse((response) => /\/RewardDialog-[^/]*\.js$/.test(new URL(response.url()).pathname));
    await AppShell.openSignedIn(page, user.token, '/transactions');
    const transactions = await new TransactionsPage(page).waitUntilLoaded();
    expect((await dialogCode).ok()).toBe(true);
    const form = await transactions.openAddForm();
    await form.fill({ type: 'Expense', amount: '9.99', date: today(), category: 'Groceries', description: 'Bread and milk' });
    await form.submit();
    const dialog = await new RewardDialog(page).waitFor();
    expect(await dialog.root.textContent()).toContain('First transaction logged');
    expect(await dialog.points()).toBe('+55 points');
    await saveScreenshot(page, 'reward-dialog');
    await dialog.close();

    await page.goto('/tokens');
    const tokens = await new TokensPage(page).waitUntilLoaded();
    expect(await page.title()).toBe('Tokens · Finu');
    await expect.poll(() => tokens.pointsBalance.textContent()).toBe('155');
    await expect.poll(() => tokens.finuBalance.textContent()).toBe('0');
    // The earn rules say what a day can earn and that deleting the same day takes points back.
    await page.getByText(/^At most [\d,]+ points a day\. Points a goal or transaction earned are taken back if you delete it the same day/).waitFor();
    const address = (await tokens.walletAddress.textContent())!;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    // Field-level checks first: too many points, a bad address.
    await tokens.convert('500', '0x1234');
    await tokens.convertPanel.getByText('You have 155 points').waitFor();
    await tokens.convertPanel.getByText(/Enter an Ethereum address/).waitFor();
    await tokens.convertPanel.getByLabel('Points to convert').fill('150');
    await tokens.convertPanel.getByRole('button', { name: 'My wallet' }).click();
    // The speed is the user's to choose; the fee is the server's.
    await tokens.convertPanel.getByText('Fast', { exact: true }).click();
    await tokens.convertPanel.getByRole('button', { name: 'Review' }).click();
    await tokens.convertPanel.getByText('1.5 FINU').waitFor();
    await tokens.convertPanel.getByText('Speed: Fast').waitFor();
    await saveScreenshot(page, 'tokens-confirm');
    await tokens.confirm();
    await expect.poll(() => tokens.transferStatus.textContent(), { timeout: 30_000 }).toBe('Confirmed');
    await tokens.convertPanel.getByText(/^Transaction 0x[0-9a-f]{64}$/).waitFor();
    await tokens.convertPanel.getByText(/^Block \d+/).waitFor();
    await expect.poll(() => tokens.finuBalance.textContent(), { timeout: 15_000 }).toBe('1.5');
    await expect.poll(() => tokens.pointsBalance.textContent()).toBe('5');
    await page.getByRole('cell', { name: 'Converted to FINU' }).first().waitFor();
    await saveScreenshot(page, 'tokens-confirmed');

    // Phone width and dark theme.
    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, 'tokens-375');

    // The server agrees: FINU on chain for the wallet.
    const onchain = await api<{ balance: string }>(apiUrl, user.token, 'GET', `/api/rewards/finu-balance?address=${address}`);
    expect(onchain.balance).toBe('1.5');
  });
});
