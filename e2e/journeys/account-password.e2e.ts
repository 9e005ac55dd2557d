/**
 * Passwords and mailed links on the profile screen, against the real API and its dev outbox: the
 * e-mail confirmation link confirms the address, a forgotten password is reset from the mailed link,
 * and the viewer signs in with the new password through the sign-in form.
 */
import type { Browser } from 'playwright-core';
import { registerAccount } from '../support/accounts';
import { baseUrl, launchBrowser } from '../support/browser';
import { mailedLink } from '../support/money-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The mailed links point at the site root; the account screens answer their parameters on /profile. */
/** The mailed link (it opens /profile) on the origin the journey's browser uses. */
const onProfile = (link: string) => `${baseUrl()}${new URL(link).pathname}${new URL(link).search}`;

describe('passwords and mailed links', () => {
  it('confirms the e-mail address from the mailed link', async () => {
    const account = await registerAccount('verify');
    const page = await browser.newPage();
    await page.goto(onProfile(await mailedLink(account.user.email, 'verify-email')));
    await page.getByText('Thank you — your e-mail address is confirmed.').waitFor();
    expect(page.url()).not.toContain('verify-email');
    await page.close();
  });

  it('resets a forgotten password from the mailed link and signs in with the new one', async () => {
    const account = await registerAccount('reset');
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await page.goto(`${baseUrl()}/profile`);
    await page.getByRole('button', { name: 'Forgot password' }).click();
    await page.getByLabel('Email').fill(account.user.email);
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    await page.goto(onProfile(await mailedLink(account.user.email, 'reset-password')));
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Save new password' }).click();
    expect(await page.getByLabel('New password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-passw0rd');
    await page.getByLabel('Repeat new password').fill('a-brand-new-passw0rd');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password has been changed. Sign in with the new one.').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByLabel('Email').fill(account.user.email);
    await page.getByLabel('Password', { exact: true }).fill('a-Long-passw0rd!');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Login failed' }).waitFor();

    await page.getByLabel('Password', { exact: true }).fill('a-brand-new-passw0rd');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: account.user.username }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('Sign in to keep your coins, list and history on every device.').waitFor();
    await page.close();
  });
});
