/**
 * A refund after the coins were spent, as a viewer lives it: buy coins on the dev checkout, spend most
 * of them, get the purchase refunded from the checkout's receipt (a signed `charge.refunded`, like the
 * card processor's), see the coins taken back and the rest owed in the wallet — never a negative
 * balance — and see the next purchase pay the debt first. On a phone and on a desktop.
 *
 * With E2E_SCREENSHOTS=<folder>, each screen is also saved there for a person to look at.
 */
import type { Browser, Page } from 'playwright-core';
import { registerAccount, type SignedInAccount, sessionInitScript } from '../support/accounts';
import { baseUrl, launchBrowser } from '../support/browser';
import { headerCoins, waitForHeaderCoins } from '../support/money-helpers';
import { viewerShot } from '../support/screenshots';

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
  price: number;
}

/** Unlocks paid episodes through the API until the balance is below `below`; answers the balance. */
async function spendUntilBelow(access: string, below: number): Promise<number> {
  const headers = { Authorization: `Bearer ${access}` };
  const list = (await (await fetch(`${baseUrl()}/api/series/?limit=50`)).json()) as { results?: Array<{ id: number }> };
  let balance = Number.POSITIVE_INFINITY;
  for (const series of list.results ?? []) {
    const answer = await (await fetch(`${baseUrl()}/api/series/${series.id}/episodes/`, { headers })).json();
    const episodes = (Array.isArray(answer) ? answer : (answer.results ?? [])) as Array<{
      id: number;
      is_free: boolean;
      coin_cost: number;
    }>;
    for (const episode of episodes.filter((candidate) => !candidate.is_free && candidate.coin_cost > 0)) {
      if (balance < below) return balance;
      const unlocked = await fetch(`${baseUrl()}/api/episodes/${episode.id}/unlock/`, { method: 'POST', headers });
      const body = (await unlocked.json()) as { balance?: number; coin_balance?: number };
      if (unlocked.ok) balance = Number(body.balance ?? body.coin_balance ?? balance);
    }
  }
  return balance;
}

async function walletOf(access: string) {
  const response = await fetch(`${baseUrl()}/api/coins/balance/`, { headers: { Authorization: `Bearer ${access}` } });
  return (await response.json()) as { balance: number; owed: number };
}

async function buy(page: Page, pack: Pack): Promise<string> {
  await page.goto(`${baseUrl()}/coins`);
  await page.getByRole('heading', { name: 'Coin store', level: 1 }).waitFor();
  const total = pack.coins + pack.bonus_coins;
  await page.getByRole('button', { name: new RegExp(`^Buy ${total.toLocaleString('en-US')} coins for`) }).click();
  await page.waitForURL(/\/api\/dev-checkout\/cs_dev_[A-Za-z0-9]+\?token=/);
  const checkout = page.url();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL((url) => url.pathname === '/coins');
  return checkout;
}

describe.each([
  { device: 'phone', viewport: { width: 390, height: 844 } },
  { device: 'desktop', viewport: { width: 1440, height: 900 } },
])('a refund after the coins were spent ($device)', ({ device, viewport }) => {
  let account: SignedInAccount;
  let page: Page;

  beforeAll(async () => {
    account = await registerAccount(`refund${device}`);
    const context = await browser.newContext({ viewport });
    await context.addInitScript(sessionInitScript(account));
    page = await context.newPage();
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('takes back what is left, shows the rest as owed, and the next purchase pays it first', async () => {
    const packages = (await (await fetch(`${baseUrl()}/api/coins/packages/`)).json()) as Pack[];
    const pack = packages[0] as Pack;
    const total = pack.coins + pack.bonus_coins;

    const checkout = await buy(page, pack);
    await waitForHeaderCoins(page, account.user.coin_balance + total);
    const left = await spendUntilBelow(account.access, Math.ceil(total / 2));
    expect(left).toBeLessThan(total);
    const owed = total - left;

    // The checkout's receipt (the address the store opened) can send what the processor sends later.
    await page.goto(checkout);
    await page.getByRole('heading', { name: 'This purchase is paid' }).waitFor();
    await viewerShot(page, `${device}-1-receipt`);
    await page.getByRole('button', { name: 'Refund in full' }).click();
    await page.getByText('(in full)').waitFor();
    expect(await page.getByRole('button', { name: /Refund/ }).count()).toBe(0);
    await viewerShot(page, `${device}-2-refunded`);
    expect(await walletOf(account.access)).toEqual({ balance: 0, owed });

    // The wallet: the balance is 0, not negative, and the debt is said plainly.
    await page.goto(`${baseUrl()}/account-dashboard/balance`);
    const notice = page.getByTestId('coins-owed').first();
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`You owe ${owed.toLocaleString('en-US')} coin`);
    await page.getByText('Coins taken back: a purchase was refunded', { exact: false }).first().waitFor();
    await page.getByText(`${owed} owed`).first().waitFor();
    await page
      .getByText(/\(refunded\)/)
      .first()
      .waitFor();
    await waitForHeaderCoins(page, 0);
    await viewerShot(page, `${device}-3-balance`, notice);
    await viewerShot(page, `${device}-3-transactions`, page.getByText(`${owed} owed`).first());

    await page.goto(`${baseUrl()}/coins`);
    await page.getByTestId('coins-owed').first().waitFor();
    await viewerShot(page, `${device}-4-coin-store`, page.getByTestId('coins-owed').first());

    // The next purchase pays the debt first.
    await buy(page, pack);
    await waitForHeaderCoins(page, total - owed);
    expect(await headerCoins(page)).toBe(total - owed);
    expect(await walletOf(account.access)).toEqual({ balance: total - owed, owed: 0 });
    await page.goto(`${baseUrl()}/account-dashboard/balance`);
    await page.getByText('Owed coins paid off').first().waitFor();
    expect(await page.getByTestId('coins-owed').count()).toBe(0);
    await viewerShot(page, `${device}-5-settled`, page.getByText('Owed coins paid off').first());
  });

  it('will not let another viewer open or refund this checkout', async () => {
    const other = await registerAccount(`intruder${device}`);
    const started = await fetch(`${baseUrl()}/api/coins/purchase/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${account.access}` },
      body: JSON.stringify({ package_id: 1 }),
    });
    const { session_id: sessionId } = (await started.json()) as { session_id: string };
    const context = await browser.newContext({ viewport });
    await context.addInitScript(sessionInitScript(other));
    const intruder = await context.newPage();
    const answer = await intruder.goto(`${baseUrl()}/api/dev-checkout/${sessionId}`);
    expect(answer?.status()).toBe(403);
    await intruder.getByRole('heading', { name: 'This checkout is not yours' }).waitFor();
    expect(await intruder.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    await context.close();
  });
});
