/**
 * A guest collects the daily bonus, unlocks an episode with it, then signs in by magic link (the link
 * read from the dev outbox): the new account keeps the unlocked episode and the remaining coins, plus
 * the 100 coins every account made by magic link receives (product.md#accounts, product.md#rewards). A link asked for in another
 * browser signs in there without moving that browser's guest coins, and says so.
 */
import { MAGIC_LINK_SIGNUP_COINS } from '@cliffhanger/shared/constants';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from '../support/browser';
import { mailedLink, waitForHeaderCoins } from '../support/money-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface EpisodeRow {
  id: number;
  is_free: boolean;
  coin_cost: number;
}

/** The cheapest paid episode of a series that is not Gold-only. */
async function cheapestPaidEpisode(): Promise<EpisodeRow> {
  const list = await (await fetch(`${baseUrl()}/api/series/?limit=50`)).json();
  const series = (Array.isArray(list) ? list : list.results) as Array<{ id: number; is_gold_exclusive: boolean }>;
  const paid: EpisodeRow[] = [];
  for (const item of series.filter((s) => !s.is_gold_exclusive)) {
    const episodes = (await (await fetch(`${baseUrl()}/api/series/${item.id}/episodes/`)).json()) as EpisodeRow[];
    paid.push(...episodes.filter((e) => !e.is_free && e.coin_cost > 0));
  }
  paid.sort((a, b) => a.coin_cost - b.coin_cost);
  if (!paid[0]) throw new Error('the demo catalogue has no paid episode');
  return paid[0];
}

const api = (page: Page, path: string, method = 'GET') =>
  page.evaluate(
    async ({ path, method }) => {
      const token = localStorage.getItem('access_token');
      const response = await fetch(`/api${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
      return { status: response.status, body: await response.json() };
    },
    { path, method },
  );

describe('a guest signs in by magic link', () => {
  it('keeps the episode the guest unlocked and gets 100 coins', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();

    // The guest's coins come from today's bonus on the rewards screen.
    await page.goto(`${baseUrl()}/rewards`);
    await page.waitForFunction(
      () => !!localStorage.getItem('access_token') && localStorage.getItem('is_guest') === 'true',
    );
    const collect = page.getByRole('button', { name: /^Collect \d+ coins?$/ });
    const bonus = Number((await collect.textContent())?.replace(/\D+/g, ''));
    await collect.click();
    await page.getByText(/Collected today/).waitFor();
    await waitForHeaderCoins(page, bonus);

    const episode = await cheapestPaidEpisode();
    expect(episode.coin_cost).toBeLessThanOrEqual(bonus);
    const unlock = await api(page, `/episodes/${episode.id}/unlock/`, 'POST');
    expect(unlock.status).toBe(200);
    const remaining = bonus - episode.coin_cost;
    expect(unlock.body.balance).toBe(remaining);

    // Sign in with an e-mail link from the profile screen.
    const email = `guest${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.com`;
    await page.goto(`${baseUrl()}/profile`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const link = new URL(await mailedLink(email, 'magic-link-(?:registration|auth)'));
    await page.goto(`${baseUrl()}${link.pathname}${link.search}`);
    await waitForHeaderCoins(page, remaining + MAGIC_LINK_SIGNUP_COINS);
    expect(page.url()).not.toContain('magic-link');

    const after = await api(page, `/episodes/${episode.id}/`);
    expect(after.body.is_unlocked).toBe(true);
    const profile = await api(page, '/users/profile/');
    expect(profile.body).toMatchObject({ email, is_guest: false, coin_balance: remaining + MAGIC_LINK_SIGNUP_COINS });

    await page.goto(`${baseUrl()}/profile`);
    await page.getByText(email).waitFor();
    await context.close();
  });
});

describe('a magic link asked for in another browser', () => {
  it('signs in without taking this browser’s guest coins, and says so', async () => {
    // Browser A asks for a link to a new address…
    const asker = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const askerPage = await asker.newPage();
    await askerPage.goto(`${baseUrl()}/profile`);
    await askerPage.waitForFunction(() => localStorage.getItem('is_guest') === 'true');
    const email = `elsewhere${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.com`;
    await askerPage.getByLabel('Email').fill(email);
    await askerPage.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await askerPage.getByRole('heading', { name: 'Check your email' }).waitFor();
    const link = new URL(await mailedLink(email, 'magic-link-(?:registration|auth)'));

    // …and browser B, a guest with coins of its own, opens it.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/rewards`);
    await page.waitForFunction(
      () => !!localStorage.getItem('access_token') && localStorage.getItem('is_guest') === 'true',
    );
    const guestToken = await page.evaluate(() => localStorage.getItem('access_token'));
    const collect = page.getByRole('button', { name: /^Collect \d+ coins?$/ });
    const bonus = Number((await collect.textContent())?.replace(/\D+/g, ''));
    await collect.click();
    await waitForHeaderCoins(page, bonus);

    await page.goto(`${baseUrl()}${link.pathname}${link.search}`);
    await page.getByText(`Signed in as ${email}`).waitFor();
    await page.getByText(/asked for in another browser/).waitFor();
    await waitForHeaderCoins(page, MAGIC_LINK_SIGNUP_COINS);
    const profile = await api(page, '/users/profile/');
    expect(profile.body).toMatchObject({ email, is_guest: false, coin_balance: MAGIC_LINK_SIGNUP_COINS });
    // The guest of browser B still holds its own coins.
    const guest = await page.evaluate(async (token) => {
      const response = await fetch('/api/users/profile/', { headers: { Authorization: `Bearer ${token}` } });
      return response.json();
    }, guestToken);
    expect(guest).toMatchObject({ is_guest: true, coin_balance: bonus });
    await context.close();
    await asker.close();
  });
});
