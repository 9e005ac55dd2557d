/**
 * Auto-unlock on a phone (390×844, touch): a viewer with coins turns auto-unlock on for a series in the
 * player's episode drawer with a limit of two episodes' price, plays on into the locked episodes, sees
 * two automatic unlocks, each with a toast of what it spent and what is left, then the paywall at the
 * third with the reason it stopped; turns it off there in one tap. The account's balance and
 * transaction lines show exactly the two automatic spends.
 */
import type { Browser } from 'playwright-core';
import { registerAccount, sessionInitScript } from '../support/accounts';
import { baseUrl, launchBrowser } from '../support/browser';
import { coinSeries, episodesOf, inViewingOrder } from '../support/catalogue';
import { superuserAccess } from '../support/staff-accounts';
import { playToNearTheEnd, waitForPlayback } from '../support/viewer-helpers';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A coin series whose free episodes are followed by three locked episodes of one price. */
async function seriesToPlayInto(access: string) {
  for (const series of await coinSeries(6)) {
    const sorted = inViewingOrder(await episodesOf(series.id, access));
    const firstLocked = sorted.findIndex((e) => !e.is_free && !e.is_unlocked);
    const [lastOpen, a, b, c] = sorted.slice(firstLocked - 1, firstLocked + 3);
    if (firstLocked < 1 || !lastOpen || !a || !b || !c) continue;
    if ([a, b, c].every((e) => !e.is_free && !e.is_unlocked && e.coin_cost === a.coin_cost && e.coin_cost > 0)) {
      return { seriesId: series.id, lastOpen, locked: [a, b, c] as const, price: a.coin_cost };
    }
  }
  throw new Error('no series with three locked episodes of one price after its free ones');
}

async function grantCoins(userId: number, amount: number) {
  const staff = await superuserAccess();
  const response = await fetch(`${baseUrl()}/api/coins/grant/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${staff}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ user_id: userId, amount, reason: 'Coins for the auto-unlock journey' }),
  });
  if (!response.ok) throw new Error(`grant answered ${response.status}: ${await response.text()}`);
}

describe('auto-unlock with a limit, on a phone', () => {
  it('unlocks two episodes automatically with toasts, stops at the third with the reason, and turns off in one tap', async () => {
    const account = await registerAccount('autounlock');
    await grantCoins(account.user.id, 100);
    const { seriesId, lastOpen, locked, price } = await seriesToPlayInto(account.access);
    const cap = 2 * price;
    const before = (await (
      await fetch(`${baseUrl()}/api/coins/balance/`, { headers: { Authorization: `Bearer ${account.access}` } })
    ).json()) as { balance: number };

    const context = await browser.newContext(PHONE);
    await context.addInitScript(sessionInitScript(account));
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/player/${seriesId}/episode/${lastOpen.id}?t=0`);
    await waitForPlayback(page, 0.3);

    // Turning it on asks for the limit first, in plain words.
    await page.getByRole('button', { name: 'Episodes' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Episodes' });
    await drawer.getByText('Auto-unlock: off', { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Turn on', exact: true }).tap();
    const choice = drawer.getByRole('radio', { name: `${cap} coins (about 2 episodes)` });
    expect(await choice.isChecked()).toBe(true);
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/auto-unlock-choose.png` });
    await drawer.getByRole('button', { name: `Turn on with ${cap} coins` }).tap();
    await drawer.getByText(`Auto-unlock: on, 0 of ${cap} coins used`, { exact: true }).waitFor();
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/auto-unlock-drawer.png` });
    await drawer.getByRole('button', { name: 'Close episodes' }).last().tap();
    await drawer.waitFor({ state: 'detached' });

    // Two locked episodes in a row unlock by themselves, each with its toast, and play.
    const notifications = page.getByRole('region', { name: 'Notifications' });
    for (const [index, episode] of [locked[0], locked[1]].entries()) {
      await playToNearTheEnd(page);
      await page.waitForURL((url) => url.pathname.endsWith(`/episode/${episode.id}`), { timeout: 20_000 });
      const left = cap - price * (index + 1);
      await notifications
        .getByText(
          `${price} coins spent: episode ${episode.episode_number} unlocked automatically · ${left} coins left of your limit`,
        )
        .waitFor({ timeout: 20_000 });
      if (index === 0) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/auto-unlock-toast.png` });
      await waitForPlayback(page, 0.3, 20_000);
    }

    // The third stops at the limit: the paywall, with the reason.
    await playToNearTheEnd(page);
    await page.waitForURL((url) => url.pathname.endsWith(`/episode/${locked[2].id}`), { timeout: 20_000 });
    const paywall = page.getByRole('dialog', { name: `Episode ${locked[2].episode_number} is locked` });
    await paywall.waitFor();
    await paywall
      .getByText(`Auto-unlock stopped: this episode costs ${price} coins and your ${cap}-coin limit is used up.`)
      .waitFor();
    await paywall.getByText(`Auto-unlock: on, ${cap} of ${cap} coins used`, { exact: true }).waitFor();
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/auto-unlock-paywall.png` });

    // Off in one tap.
    await paywall.getByRole('button', { name: 'Turn off', exact: true }).tap();
    await paywall.getByText('Auto-unlock: off', { exact: true }).waitFor();
    const setting = (await (
      await fetch(`${baseUrl()}/api/series/${seriesId}/auto-unlock/`, {
        headers: { Authorization: `Bearer ${account.access}` },
      })
    ).json()) as { enabled: boolean };
    expect(setting.enabled).toBe(false);

    // Exactly two automatic spends: in the balance and as two transaction lines.
    const after = (await (
      await fetch(`${baseUrl()}/api/coins/balance/`, { headers: { Authorization: `Bearer ${account.access}` } })
    ).json()) as { balance: number };
    expect(after.balance).toBe(before.balance - cap);
    const lines = (await (
      await fetch(`${baseUrl()}/api/transactions/`, { headers: { Authorization: `Bearer ${account.access}` } })
    ).json()) as { results: Array<{ description: string; coins: number }> };
    expect(lines.results.filter((line) => line.description.startsWith('Auto-unlocked:'))).toHaveLength(2);
    await context.close();
  });
});

describe('auto-unlock on the desktop player page', () => {
  it('shows the setting beside the video, asks for the limit to turn it on, and turns off in one click', async () => {
    const account = await registerAccount('autounlockdesk');
    const { seriesId, lastOpen, price } = await seriesToPlayInto(account.access);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(sessionInitScript(account));
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/player/${seriesId}/episode/${lastOpen.id}?t=0`);
    const control = page.getByRole('region', { name: /^Auto-unlock:/ });
    await control.getByText('Auto-unlock: off', { exact: true }).waitFor();
    await control.getByRole('button', { name: 'Turn on', exact: true }).click();
    await control.getByRole('radio', { name: `${5 * price} coins (about 5 episodes)` }).check();
    await control.getByRole('button', { name: `Turn on with ${5 * price} coins` }).click();
    await control.getByText(`Auto-unlock: on, 0 of ${5 * price} coins used`, { exact: true }).waitFor();
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/auto-unlock-desktop.png` });
    await control.getByRole('button', { name: 'Turn off', exact: true }).click();
    await control.getByText('Auto-unlock: off', { exact: true }).waitFor();
    await context.close();
  });
});
