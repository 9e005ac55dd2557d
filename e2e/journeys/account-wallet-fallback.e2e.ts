/**
 * The account dashboard's balance tab renders the wallet's BalancePanel through federation at run
 * time. With the wallet's files blocked it shows a polite fallback, the rest of the page keeps working,
 * and Retry brings the panel once the wallet is back, without a reload.
 */
import type { Browser, Route } from 'playwright-core';
import { registerAccount } from '../support/accounts';
import { baseUrl, launchBrowser } from '../support/browser';
import { signedInPage } from '../support/money-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the balance tab without the wallet', () => {
  it('shows its fallback while the wallet is blocked and the wallet’s panel after Retry', async () => {
    const account = await registerAccount('fallback');
    const page = await signedInPage(browser, account, 360);
    const block = (route: Route) => route.abort();
    await page.route('**/remotes/wallet/**', block);
    await page.goto(`${baseUrl()}/account-dashboard/balance`);
    await page.getByRole('heading', { name: 'Your balance is unavailable right now' }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    expect(await page.getByTestId('header-balance').isVisible()).toBe(true);
    expect(await page.getByText('Oops! Something went wrong').count()).toBe(0);

    // Another tab of the account remote still works meanwhile.
    await page.getByRole('link', { name: 'Notifications' }).click();
    await page.getByRole('switch', { name: /New episodes/ }).waitFor();
    await page.getByRole('link', { name: 'Balance' }).click();
    await page.getByRole('heading', { name: 'Your balance is unavailable right now' }).waitFor({ timeout: 20_000 });

    await page.unroute('**/remotes/wallet/**', block);
    await page.getByRole('button', { name: 'Retry' }).first().click();
    const panel = page.getByRole('region', { name: 'Your balance' });
    await panel.waitFor({ timeout: 20_000 });
    expect(await panel.textContent()).toContain(`${account.user.coin_balance} coins`);
    await page.context().close();
  });

  it('renders the wallet’s panels in the subscription and payments tabs when the wallet is up', async () => {
    const account = await registerAccount('tabs');
    const page = await signedInPage(browser, account);
    await page.goto(`${baseUrl()}/account/subscription`);
    await page.getByText(/You are on the\s+free plan/).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Payments' }).click();
    expect(new URL(page.url()).pathname).toBe('/account/payments');
    await page.getByRole('button', { name: 'Add a card' }).click();
    await page.getByLabel('Name on card').fill('Test Viewer');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Add card' }).click();
    await page.getByText('Visa •••• 4242, 12/39').waitFor();
    await page.context().close();
  });
});
