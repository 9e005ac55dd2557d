/**
 * Coin packs and Gold plans by name in the viewer's language: a viewer whose browser prefers Russian
 * (390×844, touch) reads the demo packs' and plans' Russian names in the coin store and on the Gold
 * screen, where an English viewer reads the English ones; a staff member (1440×900) types a new
 * Russian name for a pack in the settings form, and the Russian viewer's coin store shows it. The
 * packages are put back as they were at the end, so other journeys see the usual ones.
 */
import type { Browser, Page } from 'playwright-core';
import { registerAccount, sessionInitScript } from '../support/accounts';
import { baseUrl, expectNoHorizontalOverflow, launchBrowser } from '../support/browser';
import { viewerShot } from '../support/screenshots';
import { createStaffAccount, type StaffAccount } from '../support/staff-accounts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1440, height: 900 } };

interface Pack {
  id: number;
  title: string;
  translations?: { ru?: { title?: string } };
}

let browser: Browser;
let staff: StaffAccount;
let packsBefore: unknown;
beforeAll(async () => {
  [browser, staff] = await Promise.all([launchBrowser(), createStaffAccount('packnames')]);
  packsBefore = await (await fetch(`${baseUrl()}/api/coins/packages/`)).json();
});
afterAll(async () => {
  if (staff && packsBefore) {
    await fetch(`${baseUrl()}/api/admin/settings/coin_packages/`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staff.access}` },
      body: JSON.stringify(packsBefore),
    });
  }
  await browser?.close();
});

/** What the viewer sees, when E2E_SCREENSHOTS names a folder. */
const shot = (page: Page, name: string) => viewerShot(page, name, undefined, { fullPage: true });

describe('pack and plan names by language', () => {
  it('a Russian viewer reads the Russian names, and a staff edit of one shows in the coin store', async () => {
    const packs = packsBefore as Pack[];
    const named = packs.filter((pack) => pack.translations?.ru?.title);
    // The demo settings name every pack in Russian.
    expect(named.length).toBe(packs.length);
    const [first] = packs;
    const edited = packs[packs.length - 1] as Pack;
    const newName = `${edited.translations?.ru?.title} до утра`;

    const account = await registerAccount('rupacks');
    const viewer = await browser.newContext({ ...PHONE, locale: 'ru-RU' });
    await viewer.addInitScript(sessionInitScript(account));
    const page = await viewer.newPage();
    await page.goto(`${baseUrl()}/coins`);
    await page.getByRole('heading', { name: 'Пакеты монет', level: 2 }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: first?.translations?.ru?.title, exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: first?.title, exact: true }).count()).toBe(0);
    await shot(page, 'pack-names-ru-390');
    await expectNoHorizontalOverflow(page);
    await page.goto(`${baseUrl()}/gold-subscription`);
    await page.getByRole('heading', { name: 'Gold на месяц', exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Gold на год', exact: true }).waitFor();
    await shot(page, 'plan-names-ru-390');

    // An English viewer reads the titles staff wrote.
    const english = await browser.newContext({ ...DESKTOP, locale: 'en-US' });
    const englishPage = await english.newPage();
    await englishPage.goto(`${baseUrl()}/coins`);
    await englishPage.getByRole('heading', { name: first?.title, exact: true }).waitFor({ timeout: 20_000 });
    await english.close();

    // Staff rename the last pack in Russian through the settings form.
    const staffContext = await browser.newContext(DESKTOP);
    const admin = await staffContext.newPage();
    await admin.goto(`${baseUrl()}/admin-login`);
    await admin.getByLabel('Email').fill(staff.email);
    await admin.getByLabel('Password').fill(staff.password);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin', { timeout: 15_000 });
    await admin.goto(`${baseUrl()}/admin/settings`);
    const form = admin.getByRole('form', { name: 'Coin packages' });
    await form.waitFor({ timeout: 20_000 });
    const russianTitles = form.getByLabel('Russian title', { exact: true });
    expect(await russianTitles.count()).toBe(packs.length);
    const field = russianTitles.nth(packs.length - 1);
    expect(await field.inputValue()).toBe(edited.translations?.ru?.title);
    await field.fill(newName);
    await form.getByRole('button', { name: 'Save coin packages' }).click();
    await admin.getByText('Coin packages saved').waitFor({ timeout: 15_000 });
    await shot(admin, 'pack-names-admin-1440');
    await staffContext.close();

    // The Russian viewer's coin store names the pack as staff just did.
    await page.goto(`${baseUrl()}/coins`);
    await page.getByRole('heading', { name: newName, exact: true }).waitFor({ timeout: 20_000 });
    await shot(page, 'pack-renamed-ru-390');
    await expectNoHorizontalOverflow(page);
    await viewer.close();
  });
});
