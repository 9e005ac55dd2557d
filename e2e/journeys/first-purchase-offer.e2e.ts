/**
 * The first-purchase offer on a phone (390×844, touch): a staff member sets a lower-price offer on a
 * coin package in the settings form; a new guest opens a locked episode and finds that pack in the
 * unlock sheet labelled "First top-up offer" with the usual price crossed out; pays it on the dev
 * checkout, lands back on the episode with the offer's coins, and the offer is gone from the coin
 * store. The offer is taken down again at the end, so other journeys see the usual packages.
 */
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from '../support/browser';
import { lockedEpisode } from '../support/catalogue';
import { payOnDevCheckout } from '../support/money-helpers';
import { viewerShot } from '../support/screenshots';
import { createStaffAccount, type StaffAccount, signInAsStaff } from '../support/staff-accounts';
import { waitForHeaderBalance } from '../support/viewer-helpers';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

interface Pack {
  id: number;
  coins: number;
  bonus_coins: number;
  price: number;
  title: string;
}

let browser: Browser;
let staff: StaffAccount;
beforeAll(async () => {
  [browser, staff] = await Promise.all([launchBrowser(), createStaffAccount('offers')]);
});
afterAll(async () => {
  if (staff) {
    await fetch(`${baseUrl()}/api/admin/settings/first_purchase_offer/`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staff.access}` },
      body: 'null',
    });
  }
  await browser?.close();
});

const money = (amount: number) => amount.toLocaleString('en-US');

describe('the first-purchase offer', () => {
  it('staff set it → a new guest sees it in the unlock sheet → buys it → gets its coins → it is gone', async () => {
    const packs = (await (await fetch(`${baseUrl()}/api/coins/packages/`)).json()) as Pack[];
    // The last package: the one other journeys do not buy.
    const pack = packs.reduce((last, p) => (p.id > last.id ? p : last));
    const offerPrice = Math.floor(pack.price / 2);
    const total = pack.coins + pack.bonus_coins;
    const title = `First top-up: ${money(total)} coins for half price`;

    // Staff: the settings form, on a phone.
    const staffContext = await browser.newContext(PHONE);
    const admin = await staffContext.newPage();
    await signInAsStaff(admin, staff);
    await admin.goto(`${baseUrl()}/admin/settings`);
    const form = admin.getByRole('form', { name: 'First-purchase offer' });
    await form.waitFor();
    await form.getByLabel('Coin package').selectOption(String(pack.id));
    await form.getByLabel('What the offer gives').selectOption('lower_price');
    // A price that is not lower is refused beside the field, before anything is sent.
    await form.getByLabel('Offer price').fill(String(pack.price));
    await form.getByLabel('Title viewers see', { exact: true }).fill(title);
    await form.getByRole('button', { name: 'Save offer' }).click();
    await form.getByText(/Enter a price lower than the usual/).waitFor();
    await form.getByLabel('Offer price').fill(String(offerPrice));
    await form.getByRole('button', { name: 'Save offer' }).click();
    await admin.getByText('First-purchase offer saved').first().waitFor();
    await viewerShot(admin, 'offer-admin-form', form);
    await staffContext.close();

    // A new guest on a locked episode.
    const { seriesId, episode } = await lockedEpisode();
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const path = `/player/${seriesId}/episode/${episode.id}`;
    // The coin store shows it too, on its pack only.
    await page.goto(`${baseUrl()}/coins`);
    const storeOffer = page.locator('.coin-package--offer');
    await storeOffer.getByText('First top-up offer', { exact: true }).waitFor();
    expect(await page.getByText('First top-up offer', { exact: true }).count()).toBe(1);
    expect(await storeOffer.locator('s').textContent()).toContain(money(pack.price));
    await viewerShot(page, 'offer-coin-store', storeOffer);
    await page.goto(`${baseUrl()}${path}`);
    await page.getByRole('dialog', { name: `Episode ${episode.episode_number} is locked` }).waitFor();
    await page.getByRole('button', { name: `Unlock for ${episode.coin_cost} coins` }).click();
    const sheet = page.getByRole('dialog', { name: `Unlock episode ${episode.episode_number}` });
    await sheet.waitFor();
    const offerPack = sheet.locator('.unlock-sheet-pack--offer');
    await offerPack.getByText('First top-up offer', { exact: true }).waitFor();
    expect(await offerPack.getByText(title, { exact: true }).count()).toBe(1);
    expect(await offerPack.locator('s').textContent()).toContain(money(pack.price));
    expect(await sheet.getByText('First top-up offer', { exact: true }).count()).toBe(1);
    await viewerShot(page, 'offer-unlock-sheet', offerPack);

    const buy = offerPack.getByRole('button', {
      name: new RegExp(
        `^Buy ${money(total)} coins for .*${money(offerPrice)}.* and unlock, first top-up offer, usually .*${money(pack.price)}.*$`,
      ),
    });
    await buy.click();
    await page.waitForURL(/\/api\/dev-checkout\//);
    // The payment page charges the server's offer price.
    await page.getByRole('button', { name: new RegExp(`^Pay .*${money(offerPrice)}`) }).waitFor();
    await payOnDevCheckout(page);
    expect(new URL(page.url()).pathname).toBe(path);
    await waitForHeaderBalance(page, total - episode.coin_cost, 20_000);

    // Used: the coin store shows the usual packages only, and the server says so too.
    await page.goto(`${baseUrl()}/coins`);
    await page.getByRole('heading', { name: 'Coin store', level: 1 }).waitFor();
    await page.getByRole('button', { name: new RegExp(`^Buy ${money(total)} coins for`) }).waitFor();
    expect(await page.getByText('First top-up offer', { exact: true }).count()).toBe(0);
    expect(
      await page
        .getByRole('button', { name: new RegExp(`^Buy ${money(total)} coins for .*${money(pack.price)}`) })
        .count(),
    ).toBe(1);
    const offer = await page.evaluate(async () => {
      const token = localStorage.getItem('access_token');
      const response = await fetch('/api/coins/first-purchase-offer/', {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      return ((await response.json()) as { offer: unknown }).offer;
    });
    expect(offer).toBeNull();
    await viewerShot(page, 'offer-coin-store-after');
    await context.close();
  });
});
