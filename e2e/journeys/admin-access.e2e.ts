/**
 * The staff area is the most powerful part of the product: a viewer who forces the `is_admin` flag in
 * storage gets past the shell's guard, but the API refuses them (403) and the admin remote sends them
 * to the staff sign-in page.
 */
import type { Browser } from 'playwright-core';
import { registerAccount, sessionInitScript } from '../support/accounts';
import { baseUrl, launchBrowser } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a viewer forcing the admin flag', () => {
  it('is refused by the API with 403 and ends on the staff sign-in page', async () => {
    const viewer = await registerAccount('nosy');
    const api = await fetch(`${baseUrl()}/api/admin/dashboard/`, {
      headers: { Authorization: `Bearer ${viewer.access}` },
    });
    expect(api.status).toBe(403);

    const context = await browser.newContext();
    await context.addInitScript(sessionInitScript(viewer));
    await context.addInitScript(() => window.localStorage.setItem('is_admin', 'true'));
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/admin/users`);
    await page.waitForURL('**/admin-login', { timeout: 15_000 });
    await page.getByText('Staff sign-in').first().waitFor();
    await context.close();
  });
});
