/**
 * The shell's chrome at phone size (product.md#shell): under 768 px a bottom tab bar with Home and Profile; for
 * a signed-in viewer Profile opens a menu with Profile, Subscription and Buy Coins, keyboard first.
 * Also the hidden follow prompt (left Shift × 4) and the error page of an uncaught screen error.
 */
import type { Browser } from 'playwright-core';
import { registerAccount, sessionInitScript } from '../support/accounts';
import { BROKEN_SCREEN_MESSAGE, breakScreenChunk } from '../support/broken-screen';
import { baseUrl, launchBrowser } from '../support/browser';
import { REMOTE_SCREENS, readyText } from '../support/remotes';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 360, height: 740 };

describe('the shell at 360 × 740', () => {
  it('shows the bottom tab bar with Home and Profile and nothing wider than the screen', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await tabs.waitFor({ state: 'visible', timeout: 15_000 });
    await tabs.getByRole('link', { name: 'Home' }).waitFor({ state: 'visible' });
    await tabs.getByText('Profile').waitFor({ state: 'visible' });
    await readyText(page, REMOTE_SCREENS.catalog).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('hides the tab bar from 768 px up', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('link', { name: 'Cliffhanger home' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Tabs' }).isVisible()).toBe(false);
    await context.close();
  });

  it('opens the signed-in profile menu from the tab bar: initial avatar, Profile, Subscription, Buy Coins', async () => {
    const account = await registerAccount('menu');
    const context = await browser.newContext({ viewport: PHONE });
    await context.addInitScript(sessionInitScript(account));
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    const trigger = tabs.getByRole('button', { name: 'Profile' });
    await trigger.waitFor({ timeout: 15_000 });
    expect((await trigger.locator('.avatar').textContent())?.trim()).toBe(account.user.username[0].toUpperCase());

    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const items = await menu.getByRole('menuitem').allTextContents();
    expect(items.map((t) => t.trim())).toEqual(['Profile', 'Subscription', 'Buy Coins', 'Sign out']);
    const box = await menu.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await trigger.click();
    await menu.getByRole('menuitem', { name: 'Subscription' }).click();
    await page.waitForURL('**/gold-subscription');
    await context.close();
  });
});

describe('the hidden follow prompt', () => {
  it('opens after the left Shift key is pressed 4 times and closes with Escape', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('link', { name: 'Cliffhanger home' }).waitFor();
    await page.waitForFunction(() => !!localStorage.getItem('access_token'), undefined, { timeout: 15_000 });
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ShiftLeft');
    const dialog = page.getByRole('dialog', { name: 'Follow Cliffhanger' });
    await dialog.waitFor({ timeout: 5_000 });
    await dialog.getByText('100 coins', { exact: true }).waitFor();
    const continueButton = dialog.getByRole('button', { name: 'Continue' });
    expect(await continueButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Continue claims the reward once and says how it went, whatever the API answers today.
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ShiftLeft');
    await dialog.waitFor();
    const popup = context.waitForEvent('page', { timeout: 5_000 }).catch(() => null);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.locator('.toast').first().waitFor({ timeout: 10_000 });
    await (await popup)?.close();
    await context.close();
  });
});

describe('an uncaught screen error', () => {
  it('shows "Oops! Something went wrong" with Go to Home and Reload Page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // A lazily loaded screen (my list) whose chunk throws at render, as a bad deploy of it would.
    const broken = await breakScreenChunk(page, 'catalog', 'Saved series');
    await page.goto(`${baseUrl()}/mylist`);
    await page.getByText('Oops! Something went wrong').waitFor({ timeout: 15_000 });
    expect(broken.broken()).toBe(true);
    await page.getByRole('button', { name: 'Go to Home' }).waitFor();
    await page.getByRole('button', { name: 'Reload Page' }).waitFor();
    expect(await page.getByText(BROKEN_SCREEN_MESSAGE).count()).toBe(0);
    await context.close();
  });
});
