/**
 * For you in a real browser, at phone size (390×844, touch) and desktop size (1440×900): a new guest's
 * first six clips all play (each one's video advances) and come from at least three series; each clip
 * leads into its series; after the guest finishes a series, their feed is a different one (the
 * finished clips are gone and the order follows what they watched); a series page shows More like
 * this. Screenshots go to SHOTS_DIR when it is set.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from '../support/browser';

interface Clip {
  episode_id: number;
  series_id: number;
  lead: { kind: 'start' | 'continue'; episode_id: number };
}

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/** Opens /foryou and answers the feed the page received and the bearer token it sent. */
async function openFeed(page: Page): Promise<{ clips: Clip[]; token: string }> {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/feed/for-you/');
  await page.goto(`${baseUrl()}/foryou`);
  const response = await answer;
  expect(response.status()).toBe(200);
  const token = (await response.request().allHeaders()).authorization ?? '';
  const { clips } = (await response.json()) as { clips: Clip[] };
  await page.locator('.feed-item').first().waitFor();
  return { clips, token };
}

/** The clip on screen: its ids, once its video has played past `seconds`. */
async function playingClip(page: Page, seconds = 0.3) {
  const handle = await page.waitForFunction(
    (min) => {
      const item = document.querySelector<HTMLElement>('.feed-item:not([aria-hidden="true"])');
      const video = item?.querySelector('video');
      return item && video && video.currentTime > min
        ? { episode: Number(item.dataset.episodeId), series: Number(item.dataset.seriesId) }
        : false;
    },
    seconds,
    { timeout: 30_000 },
  );
  return (await handle.jsonValue()) as { episode: number; series: number };
}

async function newGuestPage(size: (typeof SIZES)[number]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: size.viewport,
    hasTouch: size.hasTouch,
    isMobile: size.isMobile,
  });
  return { context, page: await context.newPage() };
}

describe.each(SIZES)('for you at $name size', (size) => {
  it('plays the first six clips, from at least three series, each leading into its series', async () => {
    const { context, page } = await newGuestPage(size);
    const { clips } = await openFeed(page);
    expect(clips.length).toBeGreaterThanOrEqual(6);
    await shot(page, `for-you-${size.name}`);
    const played: Array<{ episode: number; series: number }> = [];
    for (let i = 0; i < 6; i++) {
      played.push(await playingClip(page));
      if (i < 5) {
        if (size.hasTouch) {
          // A swipe up moves to the next clip on a phone.
          await page
            .locator('.feed')
            .dispatchEvent('touchstart', { touches: [{ identifier: 1, clientX: 200, clientY: 600 }] });
          await page
            .locator('.feed')
            .dispatchEvent('touchend', { changedTouches: [{ identifier: 1, clientX: 200, clientY: 300 }] });
        } else {
          await page.keyboard.press('ArrowDown');
        }
        await page.waitForFunction(
          (before) =>
            document.querySelector<HTMLElement>('.feed-item:not([aria-hidden="true"])')?.dataset.episodeId !==
            String(before),
          played[i]?.episode,
        );
      }
    }
    expect(played.map((clip) => clip.episode)).toEqual(clips.slice(0, 6).map((clip) => clip.episode_id));
    expect(new Set(played.map((clip) => clip.series)).size).toBeGreaterThanOrEqual(3);

    // The clip on screen leads into its series.
    const current = clips[5] as Clip;
    const lead = page
      .locator('.feed-item:not([aria-hidden="true"])')
      .getByRole('link', { name: 'Watch from episode 1' });
    await lead.click();
    await page.waitForURL(`**/player/${current.series_id}/episode/${current.lead.episode_id}`);
    await context.close();
  });
});

describe.each(SIZES)('More like this at $name size', (size) => {
  it('shows other series on a series page, each leading to its own page', async () => {
    const { context, page } = await newGuestPage(size);
    const { clips } = await openFeed(page);
    const seriesId = clips[0]?.series_id as number;
    await page.goto(`${baseUrl()}/series/${seriesId}`);
    const section = page.getByRole('region', { name: 'More like this' });
    await section.waitFor({ timeout: 20_000 });
    const cards = section.getByRole('link');
    expect(await cards.count()).toBeGreaterThan(0);
    const hrefs = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).not.toContain(`/series/${seriesId}`);
    await section.scrollIntoViewIfNeeded();
    await shot(page, `more-like-this-${size.name}`);
    await cards.first().click();
    await page.waitForURL(/\/series\/\d+$/);
    expect(page.url()).not.toMatch(new RegExp(`/series/${seriesId}$`));
    await context.close();
  });
});

describe('for you follows the guest', () => {
  it("changes a guest's feed after they finish a series", async () => {
    const { context, page } = await newGuestPage(SIZES[0]);
    const before = await openFeed(page);
    await playingClip(page);
    const finished = before.clips[0]?.series_id as number;
    // The guest watches every clip of that series to the end.
    const ofSeries = before.clips.filter((clip) => clip.series_id === finished);
    expect(ofSeries.length).toBeGreaterThan(0);
    for (const clip of ofSeries) {
      const done = await page.request.post(`${baseUrl()}/api/episodes/${clip.episode_id}/mark-watched/`, {
        headers: { authorization: before.token },
      });
      expect(done.status()).toBe(200);
    }
    const after = await openFeed(page);
    await shot(page, 'for-you-after-finishing-phone');
    const finishedIds = new Set(ofSeries.map((clip) => clip.episode_id));
    expect(after.clips.filter((clip) => finishedIds.has(clip.episode_id))).toEqual([]);
    expect(after.clips.map((clip) => clip.episode_id)).not.toEqual(before.clips.map((clip) => clip.episode_id));
    expect(after.clips.length).toBeGreaterThan(0);
    await context.close();
  });
});
