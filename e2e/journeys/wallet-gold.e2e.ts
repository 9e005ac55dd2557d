/**
 * Subscribing to Gold through the dev provider's checkout: back on /gold-subscription the status shows
 * the end date, and the profile menu no longer offers Buy Coins (product.md#gold).
 */
import type { Browser } from 'playwright-core';
import { registerAccount } from '../support/accounts';
import { baseUrl, launchBrowser } from '../support/browser';
import { payOnDevCheckout, signedInPage } from '../support/money-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('subscribing to Gold', () => {
  it('pays for Gold, sees the status with its end date, and Buy Coins leaves the profile menu', async () => {
    const account = await registerAccount('gold');
    const page = await signedInPage(browser, account);
    await page.goto(`${baseUrl()}/gold-subscription`);
    await page.getByText(/You are on the\s+free plan/).waitFor();

    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Profile' });
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Buy Coins' }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Subscribe to Gold for .* a month$/ }).click();
    await payOnDevCheckout(page);
    expect(new URL(page.url()).pathname).toBe('/gold-subscription');
    await page.getByText(/Payment complete. You are a Gold member until/).waitFor();
    await page.getByText(/Active — renews on/).waitFor();

    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Subscription' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Buy Coins' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Cancelling keeps Gold until the end date; reactivating undoes it.
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await page.getByText(/Cancelled — you keep Gold until/).waitFor();
    await page.getByRole('button', { name: 'Reactivate Gold' }).click();
    await page.getByText(/Active — renews on/).waitFor();
    await page.context().close();
  });
});
