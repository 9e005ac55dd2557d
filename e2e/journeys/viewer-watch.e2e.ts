/**
 * A viewer's journey in a real browser against the running system: a guest opens home → a series →
 * episode 1 plays (its currentTime advances) → next to episode 2 by key → a locked episode shows the
 * paywall; with a guest’s empty balance Unlock opens the unlock sheet → the guest registers through
 * the magic link (100 welcome coins) → unlocks the episode with coins, the header balance drops and
 * it plays → leaves, comes back and finds episode 1 in continue watching at the saved position → left
 * inside its credits, episode 1 is watched: History says finished and continue watching lets it go.
 */
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from '../support/browser';
import { coinSeries } from '../support/catalogue';
import {
  headerBalance,
  registerGuestByMagicLink,
  waitForHeaderBalance,
  waitForPlayback,
} from '../support/viewer-helpers';

interface JourneyEpisode {
  id: number;
  episode_number: number;
  is_free: boolean;
  is_unlocked: boolean;
  coin_cost: number;
  credits_start: number | null;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Opens the first series of the home grid that coins unlock (not Gold-exclusive) and that has enough
 * episodes for the journey: free ones to move between (the demo's first three) and a paid one. Other journeys share the server
 * and publish short series of their own, so the newest card is not always a demo series.
 */
async function openFirstCoinSeries(page: Page) {
  await page.goto(`${baseUrl()}/`);
  await page.getByRole('heading', { name: 'Watch something gripping' }).waitFor();
  const cards = page.locator('.series-grid-section a.series-card');
  await cards.first().waitFor();
  const hrefs = await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const suitable = new Set((await coinSeries(4)).map((s) => `/series/${s.id}`));
  const href = hrefs.find((h) => suitable.has(h));
  expect(href).toBeTruthy();
  await page.locator(`.series-grid-section a.series-card[href="${href}"]`).first().click();
  await page.waitForURL(/\/series\/\d+$/);
}

describe('a viewer watches a series', () => {
  it('plays episode 1, moves to episode 2, unlocks a paid episode with coins, resumes from continue watching and counts episode 1 watched once left in its credits', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openFirstCoinSeries(page);

    await page.getByRole('link', { name: /Play episode 1|Resume episode/ }).click();
    await page.waitForURL(/\/player\/\d+\/episode\/\d+/);
    const seriesId = Number(page.url().match(/\/player\/(\d+)\//)?.[1]);
    const t1 = await waitForPlayback(page, 0.5);
    const t2 = await waitForPlayback(page, t1 + 0.5);
    expect(t2).toBeGreaterThan(t1);

    // Next episode by keyboard (↓); the address and the video follow.
    const firstUrl = page.url();
    // The shortcut needs the series' episode list; wait until the player knows there is a next one.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button[aria-label="Next episode"]')].some(
        (b) => !(b as HTMLButtonElement).disabled,
      ),
    );
    await page.locator('body').press('ArrowDown');
    await page.waitForURL((url) => url.toString() !== firstUrl);
    const episodes = (await (
      await page.request.get(`${baseUrl()}/api/series/${seriesId}/episodes/`)
    ).json()) as JourneyEpisode[];
    const second = episodes.find((e) => e.episode_number === 2) as JourneyEpisode;
    expect(page.url()).toContain(`/episode/${second.id}`);
    expect(second.is_free).toBe(true); // episodes 1–3 are free
    await waitForPlayback(page, 0.5);

    // A locked episode shows the paywall with its price and the viewer's balance.
    const locked = episodes.find((e) => !e.is_free && !e.is_unlocked) as JourneyEpisode;
    expect(locked).toBeTruthy();
    const lockedPath = `/player/${seriesId}/episode/${locked.id}`;
    const unlockButton = page.getByRole('button', { name: `Unlock for ${locked.coin_cost} coins` });
    await page.goto(`${baseUrl()}${lockedPath}`);
    await page.getByRole('dialog', { name: `Episode ${locked.episode_number} is locked` }).waitFor();
    await expect(page.getByTestId('paywall-balance').textContent()).resolves.toContain('0 coins');

    // A guest starts with no coins: Unlock opens the unlock sheet over the episode, with the coin packs.
    expect(await headerBalance(page)).toBe(0);
    await unlockButton.click();
    await page.getByRole('dialog', { name: `Unlock episode ${locked.episode_number}` }).waitFor();
    await page.keyboard.press('Escape');

    // Registering through the magic link brings 100 coins; with them the episode unlocks and plays.
    await registerGuestByMagicLink(page, baseUrl());
    await page.goto(`${baseUrl()}${lockedPath}`);
    await unlockButton.click();
    await waitForHeaderBalance(page, 100 - locked.coin_cost);
    await waitForPlayback(page, 0.5);
    // The unlock is the account's for good: after a reload the episode plays without the paywall.
    await page.reload();
    await waitForPlayback(page, 0.5);
    expect(await page.getByRole('dialog', { name: /is locked/ }).count()).toBe(0);
    expect(await headerBalance(page)).toBe(100 - locked.coin_cost);

    // Watch episode 1 for a while, leave, and find it in continue watching at the saved position.
    await page.goto(`${baseUrl()}/player/${seriesId}/episode/${episodes[0]?.id}?t=0`);
    const watched = await waitForPlayback(page, 2.5);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.waitForTimeout(500);
    await page.goto(`${baseUrl()}/`);
    const resume = page.getByRole('link', { name: /^Resume .*episode 1,/ });
    await resume.first().waitFor({ timeout: 15_000 });
    await resume.first().click();
    await page.waitForURL(/\/player\/\d+\/episode\/\d+/);
    const resumedAt = await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('video.player-video');
      return video && video.currentTime > 0 ? video.currentTime : false;
    });
    expect(Math.abs(((await resumedAt.jsonValue()) as number) - watched)).toBeLessThan(3);

    // Left just inside its credits (far short of 95 %), episode 1 is watched: it leaves continue
    // watching and History says finished.
    const credits = episodes[0]?.credits_start as number;
    expect(credits).toBeGreaterThan(0);
    const marked = page.waitForResponse(
      (r) => r.url().endsWith(`/episodes/${episodes[0]?.id}/mark-watched/`) && r.request().method() === 'POST',
    );
    await page.evaluate((at) => {
      const video = document.querySelector<HTMLVideoElement>('video.player-video');
      if (video) video.currentTime = at;
    }, credits + 0.5);
    expect((await marked).ok()).toBe(true);
    await page.goto(`${baseUrl()}/account-dashboard/history`);
    const row = page.getByRole('listitem').filter({ has: page.locator(`a[href$="/episode/${episodes[0]?.id}"]`) });
    await expect(row.textContent()).resolves.toMatch(/finished/);
    await page.goto(`${baseUrl()}/`);
    await page
      .getByRole('link', { name: /^Resume .*episode \d+,/ })
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await page.getByRole('link', { name: /^Resume .*episode 1,/ }).count()).toBe(0);
    await context.close();
  });

  it('keeps at most three videos alive in the for-you feed and moves with the arrow keys', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/foryou`);
    await page.locator('.feed-item').first().waitFor();
    const label = async () => page.locator('.feed-item:not([aria-hidden="true"])').getAttribute('aria-label');
    const first = await label();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction((before) => {
      const active = document.querySelector('.feed-item:not([aria-hidden="true"])');
      return active && active.getAttribute('aria-label') !== before;
    }, first);
    expect(await page.locator('video').count()).toBeLessThanOrEqual(3);
    await context.close();
  });
});
