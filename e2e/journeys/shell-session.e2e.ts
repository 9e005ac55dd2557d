/**
 * A new visitor silently becomes a guest registered with the API (product.md#accounts): the tokens land in
 * localStorage under the four keys and the header shows the guest's coin balance from the server.
 */
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a new visitor', () => {
  it('becomes a guest on the API: tokens in localStorage and the guest’s balance in the header', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const signups: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/signup/')) signups.push(request.headers().authorization ?? '');
    });
    await page.goto(`${baseUrl()}/`);
    await page.waitForFunction(() => !!localStorage.getItem('access_token'), undefined, { timeout: 15_000 });

    expect(signups).toHaveLength(1);
    expect(signups[0]).toMatch(/^Token /);
    const stored = await page.evaluate(() => ({
      access: localStorage.getItem('access_token'),
      auth: localStorage.getItem('auth_token'),
      token: localStorage.getItem('token'),
      refresh: localStorage.getItem('refresh_token'),
      user: JSON.parse(localStorage.getItem('user') ?? 'null'),
    }));
    expect(stored.access).toBeTruthy();
    expect(stored.auth).toBe(stored.access);
    expect(stored.token).toBe(stored.access);
    expect(stored.refresh).toBeTruthy();
    expect(stored.user.is_guest).toBe(true);

    const profile = await page.evaluate(async (access) => {
      const response = await fetch('/api/users/profile/', { headers: { Authorization: `Bearer ${access}` } });
      return (await response.json()) as { coin_balance: number };
    }, stored.access);
    const balance = page.getByTestId('header-balance').first();
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="header-balance"]')?.textContent?.trim() === String(expected),
      profile.coin_balance,
      { timeout: 10_000 },
    );
    expect((await balance.textContent())?.trim()).toBe(String(profile.coin_balance));

    // The next visit keeps the same guest rather than registering another one.
    await page.reload();
    await page.getByTestId('header-balance').first().waitFor();
    expect(signups).toHaveLength(1);
    await context.close();
  });
});
