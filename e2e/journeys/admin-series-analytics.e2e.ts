/**
 * Staff see how viewers watched one series: a guest plays its free first episode for five seconds,
 * and within seconds the analytics screen of that series counts one more viewer of episode 1 — in the
 * API and on the screen staff read (the drop-off table). And staff see the For you feed: a guest
 * scrolls the feed and plays a clip, and that series' feed figures (clips shown, clips played) go up in
 * the API and on the screen, which reads right at 1440 px and at tablet width (768 px).
 */
import type { Browser } from 'playwright-core';
import { sessionInitScript } from '../support/accounts';
import { baseUrl, launchBrowser } from '../support/browser';
import { demoSeries, listedSeries } from '../support/catalogue';
import { createStaffAccount, staffLogin } from '../support/staff-accounts';
import { waitForPlayback } from '../support/viewer-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface FeedFigures {
  impressions: number;
  plays: number;
  play_rate: number | null;
  went_on: number;
}

interface SeriesFunnel {
  steps: { starters: number };
  feed: FeedFigures;
  episodes: Array<{ episode_number: number; viewers: number }>;
}

async function funnelOf(access: string, seriesId: number): Promise<SeriesFunnel> {
  const response = await fetch(`${baseUrl()}/api/admin/analytics/?days=7&series_id=${seriesId}`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { funnel: SeriesFunnel }).funnel;
}

const firstEpisodeViewers = (funnel: SeriesFunnel) =>
  funnel.episodes.find((episode) => episode.episode_number === 1)?.viewers ?? 0;

describe('staff analytics per series', () => {
  it("counts a guest's five seconds of episode 1 among the series' viewers within seconds", async () => {
    const account = await staffSession('analyst');

    const series = await demoSeries();
    expect(series).toBeTruthy();
    const seriesId = series?.id as number;
    const before = firstEpisodeViewers(await funnelOf(account.access, seriesId));

    // A new guest (a fresh browser) plays the free first episode for five seconds.
    const viewer = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await viewer.newPage();
    await page.goto(`${baseUrl()}/player/${seriesId}/episode/1`);
    await waitForPlayback(page, 0.5);
    await page.waitForTimeout(5_000);
    await page.close({ runBeforeUnload: true });
    await viewer.close();

    const deadline = Date.now() + 20_000;
    let after = before;
    while (Date.now() < deadline && after <= before) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      after = firstEpisodeViewers(await funnelOf(account.access, seriesId));
    }
    expect(after).toBe(before + 1);

    // The analytics screen shows the same figure in its drop-off table.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(sessionInitScript(account));
    await context.addInitScript(() => window.localStorage.setItem('is_admin', 'true'));
    const screen = await context.newPage();
    await screen.goto(`${baseUrl()}/admin/analytics`);
    await screen.getByLabel('Series').selectOption(String(seriesId));
    const row = screen.getByRole('row', { name: /^EP1\b/ });
    await row.waitFor({ timeout: 20_000 });
    await expect(row.getByRole('cell').first().textContent()).resolves.toBe(String(after));
    await context.close();
  });
});

/** A new staff member, signed in with their password: answers the login's session. */
async function staffSession(prefix: string) {
  const staff = await createStaffAccount(prefix);
  return staffLogin(staff);
}

describe('staff analytics of the For you feed', () => {
  it("counts a guest's feed clip shown and played in its series' feed figures, on the API and the screen", async () => {
    const account = await staffSession('feedanalyst');
    const all = await listedSeries();
    const before = new Map<number, FeedFigures>();
    for (const series of all) before.set(series.id, (await funnelOf(account.access, series.id)).feed);

    // A new guest opens For you on a phone, scrolls to the second clip and watches it play.
    const viewer = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await viewer.newPage();
    const feedAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/feed/for-you/');
    await page.goto(`${baseUrl()}/foryou`);
    const { clips } = (await (await feedAnswer).json()) as { clips: Array<{ episode_id: number; series_id: number }> };
    const clip = clips[1];
    if (!clip) throw new Error('the feed has fewer than two clips');
    await page.locator('.feed-item').first().waitFor();
    await page.getByRole('button', { name: 'Next clip' }).click();
    await page.waitForFunction(
      (id) => {
        const item = document.querySelector<HTMLElement>('.feed-item:not([aria-hidden="true"])');
        const video = item?.querySelector('video');
        return Number(item?.dataset.episodeId) === id && !!video && !video.paused && video.currentTime > 1.5;
      },
      clip.episode_id,
      { timeout: 30_000 },
    );
    await page.close({ runBeforeUnload: true });
    await viewer.close();

    const was = before.get(clip.series_id) as FeedFigures;
    const deadline = Date.now() + 20_000;
    let now = was;
    while (Date.now() < deadline && (now.impressions <= was.impressions || now.plays <= was.plays)) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      now = (await funnelOf(account.access, clip.series_id)).feed;
    }
    expect(now.impressions).toBeGreaterThanOrEqual(was.impressions + 1);
    expect(now.plays).toBeGreaterThanOrEqual(was.plays + 1);

    // The analytics screen of that series shows the same figures, at desktop and tablet width.
    for (const width of [1440, 768]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addInitScript(sessionInitScript(account));
      await context.addInitScript(() => window.localStorage.setItem('is_admin', 'true'));
      const screen = await context.newPage();
      await screen.goto(`${baseUrl()}/admin/analytics`);
      await screen.getByLabel('Series').selectOption(String(clip.series_id));
      const section = screen.getByRole('region', { name: /in the For you feed$/ });
      await section.waitFor({ timeout: 20_000 });
      const figure = (name: string) => section.locator(`[data-figure="${name}"] strong`);
      await screen.waitForFunction(
        (expected) => document.querySelector('[data-figure="plays"] strong')?.textContent === String(expected),
        now.plays,
        { timeout: 20_000 },
      );
      expect(await figure('impressions').textContent()).toBe(String(now.impressions));
      expect(await figure('plays').textContent()).toBe(String(now.plays));
      // Today (a UTC day) as the page writes dates in English.
      const today = new Intl.DateTimeFormat('en', {
        day: 'numeric',
        month: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date());
      await section.getByRole('row', { name: new RegExp(`^${today}`) }).waitFor();
      // It reads right: nothing spills out of the page sideways.
      expect(await screen.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const shots = process.env.E2E_SHOTS_DIR;
      if (shots) {
        await section.scrollIntoViewIfNeeded();
        await screen.screenshot({ path: `${shots}/admin-analytics-feed-${width}.png` });
      }
      await context.close();
    }
  });
});
