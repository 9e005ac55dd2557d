/**
 * Buying coins through the dev provider's checkout: the store sends the browser to the payment page,
 * Pay brings it back to /coins, and once the payment webhook has credited the coins the header and
 * the wallet both show the new balance.
 */
import type { Browser } from 'playwright-core';
import { registerAccount } from '../support/accounts';
import { baseUrl, launchBrowser } from '../support/browser';
import { headerCoins, payOnDevCheckout, signedInPage, waitForHeaderCoins } from '../support/money-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Pack {
  id: number;
  coins: number;
  bonus_coins: number;
}

describe('buying coins', () => {
  it('pays on the checkout page and sees the balance rise in the header and the wallet', async () => {
    const packages = (await (await fetch(`${baseUrl()}/api/coins/packages/`)).json()) as Pack[];
    expect(packages.length).toBeGreaterThan(0);
    const pack = packages[0];
    const account = await registerAccount('coins');
    const page = await signedInPage(browser, account);
    await page.goto(`${baseUrl()}/coins`);
    await page.getByRole('heading', { name: 'Coin store', level: 1 }).waitFor();
    await waitForHeaderCoins(page, account.user.coin_balance);
    const before = await headerCoins(page);

    const total = pack.coins + pack.bonus_coins;
    const buy = page.getByRole('button', { name: new RegExp(`^Buy ${total.toLocaleString('en-US')} coins for`) });
    await buy.dblclick(); // a double click still opens one checkout
    await payOnDevCheckout(page);
    expect(new URL(page.url()).pathname).toBe('/coins');

    await page.getByText(`Payment complete. You now have ${(before + total).toLocaleString('en-US')} coins.`).waitFor();
    await waitForHeaderCoins(page, before + total);
    expect(await page.getByLabel('Your balance').textContent()).toContain(String(before + total));
    expect(page.url()).not.toContain('checkout=');

    const transactions = await page.evaluate(async (access) => {
      const response = await fetch('/api/transactions/', { headers: { Authorization: `Bearer ${access}` } });
      return (await response.json()) as { results: Array<{ type: string; status: string }> };
    }, account.access);
    expect(transactions.results.filter((t) => t.type === 'purchase')).toHaveLength(1);
    await page.context().close();
  });

  it('comes back from a cancelled checkout with nothing charged', async () => {
    const account = await registerAccount('cancel');
    const page = await signedInPage(browser, account, 360);
    await page.goto(`${baseUrl()}/coins`);
    await page
      .getByRole('button', { name: /^Buy .* coins for/ })
      .first()
      .click();
    await page.waitForURL(/\/api\/dev-checkout\//);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Payment cancelled. You have not been charged.').first().waitFor();
    expect(await headerCoins(page)).toBe(account.user.coin_balance);
    await page.context().close();
  });
});
