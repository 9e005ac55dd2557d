/**
 * An account made by magic link has no password: its security tab offers "Set a password" with no
 * current-password field; the password then signs in, a wrong one sends a single login request, and
 * an ordinary visit to the subscription tab without Gold shows no failed request in the console.
 * Walked on a phone (390×844, touch) and on a desktop (1440×900).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from '../support/browser';
import { mailedLink } from '../support/money-helpers';

const SHOTS = process.env.E2E_SHOTS_DIR;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  // The start-up logo covers the page until the shell has drawn it.
  await page.locator('#startup-loader').waitFor({ state: 'hidden', timeout: 10_000 });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function signInByLink(page: Page, email: string) {
  await page.goto(`${baseUrl()}/profile`);
  await page.waitForFunction(() => localStorage.getItem('is_guest') === 'true');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  const link = new URL(await mailedLink(email, 'magic-link-(?:registration|auth)'));
  await page.goto(`${baseUrl()}${link.pathname}${link.search}`);
  await page.waitForURL((url) => !url.search.includes('magic-link'));
  await page.waitForFunction(() => localStorage.getItem('is_guest') !== 'true');
}

const devices: Array<[string, BrowserContextOptions]> = [
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['desktop', { viewport: { width: 1440, height: 900 } }],
];

describe.each(devices)('a magic-link account sets its first password (%s)', (device, options) => {
  it('sets it without a current password, signs in with it, and one wrong click sends one request', async () => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    const failedSubscriptionAsks: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('response', (response) => {
      if (response.url().includes('/api/subscriptions/active/') && response.status() === 404) {
        failedSubscriptionAsks.push(response.url());
      }
    });

    const email = `setpw${device}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.com`;
    await signInByLink(page, email);

    // An ordinary visit to the subscription tab without Gold: the free plan, and no failed request.
    await page.goto(`${baseUrl()}/account-dashboard/subscription`);
    await page.getByText(/free plan/).waitFor();
    await shot(page, `${device}-subscription-free`);
    expect(failedSubscriptionAsks).toEqual([]);
    expect(consoleErrors.filter((text) => /404|Not Found/i.test(text))).toEqual([]);

    await page.goto(`${baseUrl()}/account-dashboard/security`);
    await page.getByRole('heading', { name: 'Set a password' }).waitFor();
    expect(await page.getByLabel('Current password').count()).toBe(0);
    await shot(page, `${device}-set-password`);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Repeat new password').fill('short');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Use at least 8 characters.').waitFor();
    const password = 'my first password';
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Repeat new password').fill(password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password has been set. Other devices have been signed out.').first().waitFor();
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await page.getByLabel('Current password').waitFor();
    await shot(page, `${device}-password-set`);

    // Sign out, then sign in with the new password; a wrong one first, counting the login requests.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForFunction(() => localStorage.getItem('is_guest') === 'true');
    await page.goto(`${baseUrl()}/profile`);
    await page.getByRole('button', { name: 'Password', exact: true }).click();
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/login/')) logins.push(request.method());
    });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not my password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Login failed' }).waitFor();
    await page.waitForTimeout(1_500);
    expect(logins).toEqual(['POST']);
    await shot(page, `${device}-wrong-password`);

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(email).first().waitFor();
    expect(logins).toEqual(['POST', 'POST']);
    await context.close();
  });
});
