/**
 * Buying from a locked episode on a phone (390×844, touch): the paywall's Unlock opens the unlock sheet,
 * a coin pack is paid on the dev checkout, and the viewer lands back on the same episode, unlocked and
 * playing; cancelling lands back there too with nothing charged. A card typed as Mastercard 5555 5555
 * 5555 4444, 11/28 is listed as such, the default card is visibly marked, and with it a pack is bought
 * from the sheet in one tap, and from the coin store (/coins) in one tap after a confirmation naming the
 * pack, the price and the card. A card whose bank asks the cardholder to confirm (3-D Secure) continues on
 * the payment page instead, and comes back to the episode unlocked.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { registerAccount, sessionInitScript } from '../support/accounts';
import { baseUrl, launchBrowser } from '../support/browser';
import { type JourneyEpisode, lockedEpisode } from '../support/catalogue';
import { payOnDevCheckout } from '../support/money-helpers';
import { headerBalance, waitForHeaderBalance, waitForPlayback } from '../support/viewer-helpers';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

interface Pack {
  id: number;
  coins: number;
  bonus_coins: number;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function phone(
  account?: Parameters<typeof sessionInitScript>[0],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE);
  if (account) await context.addInitScript(sessionInitScript(account));
  return { context, page: await context.newPage() };
}

async function openSheet(page: Page, path: string, episode: JourneyEpisode) {
  await page.goto(`${baseUrl()}${path}`);
  await page.getByRole('dialog', { name: `Episode ${episode.episode_number} is locked` }).waitFor();
  await page.getByRole('button', { name: `Unlock for ${episode.coin_cost} coins` }).click();
  const sheet = page.getByRole('dialog', { name: `Unlock episode ${episode.episode_number}` });
  await sheet.waitFor();
  return sheet;
}

describe('buying from a locked episode', () => {
  it('with 0 coins: sheet → pack → pay → back on the same episode, unlocked and playing', async () => {
    const packs = (await (await fetch(`${baseUrl()}/api/coins/packages/`)).json()) as Pack[];
    const { seriesId, episode } = await lockedEpisode();
    const pack = packs.find((p) => p.coins + p.bonus_coins >= episode.coin_cost) as Pack;
    expect(pack).toBeTruthy();
    const { context, page } = await phone();
    const path = `/player/${seriesId}/episode/${episode.id}`;
    await page.goto(`${baseUrl()}/`);
    await page.getByTestId('header-balance').waitFor();
    expect(await headerBalance(page)).toBe(0);

    const sheet = await openSheet(page, path, episode);
    expect(await sheet.getByTestId('unlock-sheet-balance').textContent()).toBe('0 coins');
    await sheet.getByText('Best value').waitFor();
    const box = sheet.getByRole('checkbox', { name: 'Unlock this episode after buying' });
    expect(await box.isChecked()).toBe(true);
    const total = pack.coins + pack.bonus_coins;
    await sheet
      .getByRole('button', { name: new RegExp(`^Buy ${total.toLocaleString('en-US')} coins for .* and unlock$`) })
      .click();

    const paidAt = Date.now();
    await payOnDevCheckout(page);
    expect(new URL(page.url()).pathname).toBe(path);
    await waitForHeaderBalance(page, total - episode.coin_cost, 20_000);
    await waitForPlayback(page, 0.3, 20_000);
    expect(Date.now() - paidAt).toBeLessThan(20_000);
    expect(await page.getByRole('dialog', { name: /is locked/ }).count()).toBe(0);
    expect(page.url()).not.toContain('checkout=');
    await context.close();
  });

  it('cancelling on the payment page comes back to the episode with nothing charged', async () => {
    const { seriesId, episode } = await lockedEpisode();
    const { context, page } = await phone();
    const path = `/player/${seriesId}/episode/${episode.id}`;
    const sheet = await openSheet(page, path, episode);
    await sheet
      .getByRole('button', { name: /^Buy .* coins for/ })
      .first()
      .click();
    await page.waitForURL(/\/api\/dev-checkout\//);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === path);
    await page.getByText('Payment cancelled. You have not been charged.').first().waitFor();
    await page.getByRole('dialog', { name: `Episode ${episode.episode_number} is locked` }).waitFor();
    expect(await headerBalance(page)).toBe(0);
    await context.close();
  });

  it('saves Mastercard •••• 4444, 11/28, marks the default visibly, and buys in one tap with it', async () => {
    const account = await registerAccount('buyer');
    const { context, page } = await phone(account);
    await page.goto(`${baseUrl()}/account-dashboard/payments`);
    const addCard = async (number: string, expiry: string) => {
      await page.getByRole('button', { name: 'Add a card' }).click();
      await page.getByLabel('Name on card').fill('Ana Lima');
      await page.getByLabel('Card number').fill(number);
      await page.getByLabel('Expiry (MM/YY)').fill(expiry);
      await page.getByLabel('Security code').fill('123');
      await page.getByRole('button', { name: 'Add card' }).click();
    };
    await addCard('5555 5555 5555 4444', '11/28');
    const master = page.getByTestId('payment-method').filter({ hasText: 'Mastercard •••• 4444, 11/28' });
    await master.waitFor();
    expect(await master.getByText('Default', { exact: true }).count()).toBe(1);

    await addCard('4242 4242 4242 4242', '12/30');
    const visa = page.getByTestId('payment-method').filter({ hasText: 'Visa •••• 4242, 12/30' });
    await visa.waitFor();
    expect(await visa.getByText('Default', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Make Visa ending 4242 the default card' }).click();
    await visa.getByText('Default', { exact: true }).waitFor();
    expect(await master.getByText('Default', { exact: true }).count()).toBe(0);

    // The same card again is refused politely.
    await addCard('5555 5555 5555 4444', '11/28');
    await page
      .getByText(/This card is already saved: Mastercard ending 4444/)
      .first()
      .waitFor();
    expect(await page.getByTestId('payment-method').count()).toBe(2);

    // One tap in the sheet pays with the default card and unlocks the episode.
    const { seriesId, episode } = await lockedEpisode(account.access);
    const balance = account.user.coin_balance;
    const packs = (await (await fetch(`${baseUrl()}/api/coins/packages/`)).json()) as Pack[];
    const path = `/player/${seriesId}/episode/${episode.id}`;
    // Registering with a password brings no coins (only the magic link's welcome does).
    expect(balance).toBeLessThan(episode.coin_cost);
    const pack = packs.find((p) => p.coins + p.bonus_coins + balance >= episode.coin_cost) as Pack;
    const sheet = await openSheet(page, path, episode);
    await sheet.getByText(/One tap pays with your default card/).waitFor();
    const total = pack.coins + pack.bonus_coins;
    await sheet
      .getByRole('button', {
        name: new RegExp(`^Buy ${total.toLocaleString('en-US')} coins for .* with Visa ending 4242 and unlock$`),
      })
      .click();
    await waitForHeaderBalance(page, balance + total - episode.coin_cost, 20_000);
    await waitForPlayback(page, 0.3, 20_000);
    expect(new URL(page.url()).pathname).toBe(path);

    // The coin store buys with the same card in one tap, once the viewer confirms what is charged.
    const before = balance + total - episode.coin_cost;
    const first = packs[0] as Pack;
    const firstTotal = first.coins + first.bonus_coins;
    await page.goto(`${baseUrl()}/coins`);
    await page
      .getByRole('button', {
        name: new RegExp(`^Buy ${firstTotal.toLocaleString('en-US')} coins for .* with Visa ending 4242$`),
      })
      .click();
    const confirm = page.getByRole('alertdialog', { name: `Buy ${firstTotal.toLocaleString('en-US')} coins?` });
    await confirm.getByText(/We will charge .* to Visa •••• 4242/).waitFor();
    await confirm.getByRole('button', { name: /^Pay [^a-z]/ }).click();
    await page.getByText('Coins added').first().waitFor({ timeout: 20_000 });
    await waitForHeaderBalance(page, before + firstTotal, 20_000);
    expect(new URL(page.url()).pathname).toBe('/coins');
    await context.close();
  });
  it('a card whose bank asks to confirm (3-D Secure) goes on to the payment page, then back to the episode, unlocked', async () => {
    const account = await registerAccount('confirmer');
    const { context, page } = await phone(account);
    await page.goto(`${baseUrl()}/account-dashboard/payments`);
    await page.getByRole('button', { name: 'Add a card' }).click();
    await page.getByLabel('Name on card').fill('Ana Lima');
    await page.getByLabel('Card number').fill('4000 0027 6000 3184');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Add card' }).click();
    await page.getByTestId('payment-method').filter({ hasText: 'Visa •••• 3184, 12/30' }).waitFor();

    const { seriesId, episode } = await lockedEpisode(account.access);
    const balance = account.user.coin_balance;
    const packs = (await (await fetch(`${baseUrl()}/api/coins/packages/`)).json()) as Pack[];
    const pack = packs.find((p) => p.coins + p.bonus_coins + balance >= episode.coin_cost) as Pack;
    const total = pack.coins + pack.bonus_coins;
    const path = `/player/${seriesId}/episode/${episode.id}`;
    const sheet = await openSheet(page, path, episode);
    await sheet
      .getByRole('button', {
        name: new RegExp(`^Buy ${total.toLocaleString('en-US')} coins for .* with Visa ending 3184 and unlock$`),
      })
      .click();
    // The bank wants the cardholder: nothing is charged in the tap, the payment page takes over.
    await page.waitForURL(/\/api\/dev-checkout\//, { timeout: 20_000 });
    await payOnDevCheckout(page);
    expect(new URL(page.url()).pathname).toBe(path);
    await waitForHeaderBalance(page, balance + total - episode.coin_cost, 20_000);
    await waitForPlayback(page, 0.3, 20_000);
    // Paid once; the one-tap attempt the bank stopped is not left "awaiting payment".
    const transactions = (await (
      await fetch(`${baseUrl()}/api/transactions/`, { headers: { Authorization: `Bearer ${account.access}` } })
    ).json()) as { results: Array<{ description: string; status: string }> };
    expect(
      transactions.results.filter((t) => t.status === 'succeeded' && t.description.startsWith('Bought')),
    ).toHaveLength(1);
    expect(transactions.results.some((t) => t.status === 'pending')).toBe(false);
    await context.close();
  });
});
