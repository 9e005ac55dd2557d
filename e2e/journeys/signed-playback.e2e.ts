/**
 * Paid content stays paid, in a real browser: a locked episode's video is reachable by nobody until the
 * viewer unlocks it; then it plays at once without a reload, from an address signed for that viewer;
 * an address refused mid-episode (expired) is renewed from the API and playback goes on; the next
 * free episode waits pre-buffered and plays on a tap; the for-you feed plays its free clips and loads
 * no video of a locked one.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { baseUrl, launchBrowser } from '../support/browser';
import { registerGuestByMagicLink, waitForHeaderBalance, waitForPlayback } from '../support/viewer-helpers';

interface Ep {
  id: number;
  series: number;
  episode_number: number;
  is_free: boolean;
  is_unlocked: boolean;
  coin_cost: number;
  thumbnail: string | null;
  hls_url: string | null;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const listOf = <T>(answer: T[] | { results: T[] }): T[] => (Array.isArray(answer) ? answer : answer.results);

/** A demo series that coins unlock, with free episodes first and a paid one after them. */
async function coinSeries(page: Page): Promise<{ seriesId: number; episodes: Ep[] }> {
  const all = listOf(
    (await (await page.request.get(`${baseUrl()}/api/series/?limit=100`)).json()) as Array<{
      id: number;
      is_gold_exclusive: boolean;
      episodes_count: number;
    }>,
  );
  for (const series of all.filter((s) => !s.is_gold_exclusive && s.episodes_count >= 4)) {
    const episodes = listOf(
      (await (await page.request.get(`${baseUrl()}/api/series/${series.id}/episodes/`)).json()) as Ep[],
    );
    if (episodes[0]?.is_free && episodes[1]?.is_free && episodes.some((e) => !e.is_free)) {
      return { seriesId: series.id, episodes };
    }
  }
  throw new Error('no demo series with free and paid episodes');
}

const mediaRequests = (page: Page) => {
  const seen: Array<{ url: URL; status: number }> = [];
  page.on('requestfinished', async (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/media/play/')) return;
    // A request that finishes as its page closes has no answer to read any more: it counts as status 0.
    const response = await request.response().catch(() => null);
    seen.push({ url, status: response?.status() ?? 0 });
  });
  return seen;
};

describe('signed playback in the browser', () => {
  it('a locked episode shows nothing until unlocked, then plays at once from a signed address, and an expired one is renewed', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const seen = mediaRequests(page);
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('heading', { name: 'Watch something gripping' }).waitFor();
    const { seriesId, episodes } = await coinSeries(page);
    const locked = episodes.find((e) => !e.is_free) as Ep;
    expect(locked.hls_url).toBeNull();

    // Nothing public leads to the video: not the package beside the thumbnail, not an unsigned play address.
    const thumb = new URL(locked.thumbnail as string, baseUrl());
    for (const sibling of ['master.m3u8', 'v0/index.m3u8', 'v0/seg_000.ts']) {
      expect((await page.request.get(new URL(sibling, thumb).href)).status()).toBe(404);
    }
    expect((await page.request.get(`${baseUrl()}/media/play/${locked.id}/master.m3u8`)).status()).toBe(403);

    await registerGuestByMagicLink(page, baseUrl());
    const lockedPath = `/player/${seriesId}/episode/${locked.id}`;
    await page.goto(`${baseUrl()}${lockedPath}`);
    await page.getByRole('dialog', { name: `Episode ${locked.episode_number} is locked` }).waitFor();
    expect(seen.filter((r) => r.url.pathname.startsWith(`/media/play/${locked.id}/`))).toHaveLength(0);

    // The second segment is refused once (as when an address expires mid-episode): the player must
    // ask the API for a fresh address and go on, not fail.
    let refused = 0;
    await page.route(new RegExp(`/media/play/${locked.id}/v\\d+/seg_001\\.ts`), async (route) => {
      if (refused === 0) {
        refused += 1;
        await route.fulfill({
          status: 403,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': '*' },
          body: JSON.stringify({ message: 'This video address has expired. Open the episode again to get a new one.' }),
        });
        return;
      }
      await route.continue();
    });
    let streamAnswers = 0;
    page.on('response', (response) => {
      if (response.url().includes(`/api/episodes/${locked.id}/stream/`) && response.status() === 200)
        streamAnswers += 1;
    });

    // Unlock: the same page plays the episode, no reload.
    await page.evaluate(() => {
      (window as { unlockMarker?: number }).unlockMarker = 1;
    });
    await page.getByRole('button', { name: `Unlock for ${locked.coin_cost} coins` }).click();
    await waitForHeaderBalance(page, 100 - locked.coin_cost);
    const t = await waitForPlayback(page, 2.5, 40_000);
    expect(t).toBeGreaterThan(2.5);
    expect(await page.evaluate(() => (window as { unlockMarker?: number }).unlockMarker)).toBe(1);
    expect(refused).toBe(1);
    expect(streamAnswers).toBeGreaterThanOrEqual(2); // once on unlock, once to renew the refused address
    expect(await page.getByText(/lost the connection/).count()).toBe(0);
    const played = seen.filter((r) => r.url.pathname.startsWith(`/media/play/${locked.id}/`) && r.status !== 403);
    expect(played.length).toBeGreaterThanOrEqual(4); // master, variant, segments
    for (const request of played) {
      expect([200, 206]).toContain(request.status);
      expect(request.url.searchParams.get('t')).toMatch(/^[1-9]\d*\.\d+\.[\w-]{22}$/);
    }
    await context.close();
  });

  it('the next free episode waits pre-buffered and plays on a tap', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const seen = mediaRequests(page);
    await page.goto(`${baseUrl()}/`);
    const { seriesId, episodes } = await coinSeries(page);
    const [first, second] = episodes as [Ep, Ep];
    await page.goto(`${baseUrl()}/player/${seriesId}/episode/${first.id}?t=0`);
    await waitForPlayback(page, 0.3);
    // The standby video fetched the next episode's signed playlist before anybody asked for it.
    await page.waitForFunction(() => document.querySelectorAll('video').length >= 2);
    const deadline = Date.now() + 15_000;
    const preloaded = () =>
      seen.some((r) => r.url.pathname === `/media/play/${second.id}/master.m3u8` && r.status === 200);
    while (!preloaded() && Date.now() < deadline) await page.waitForTimeout(200);
    expect(preloaded()).toBe(true);
    // On a phone the episodes are in the drawer: one tap on the next one.
    await page.getByRole('button', { name: 'Episodes' }).tap();
    await page
      .getByRole('dialog', { name: 'Episodes' })
      .getByRole('button', { name: new RegExp(`^Episode ${second.episode_number},`) })
      .tap();
    await page.waitForURL(`**/episode/${second.id}*`);
    await waitForPlayback(page, 0.3);
    await context.close();
  });

  it('the for-you feed plays its free clips and loads no video of a locked clip', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const seen = mediaRequests(page);
    await page.goto(`${baseUrl()}/foryou`);
    await page.locator('.feed-item').first().waitFor();
    const played = await page.waitForFunction(
      () => {
        const video = document.querySelector<HTMLVideoElement>('.feed-item:not([aria-hidden="true"]) video');
        return video && video.currentTime > 0.3 ? video.currentTime : false;
      },
      undefined,
      { timeout: 30_000 },
    );
    expect(await played.jsonValue()).toBeGreaterThan(0.3);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(400);
    }
    const feed = listOf((await (await page.request.get(`${baseUrl()}/api/episodes/?limit=100`)).json()) as Ep[]);
    const lockedIds = new Set(feed.filter((e) => !e.is_free).map((e) => e.id));
    const leaked = seen.filter((r) => lockedIds.has(Number(r.url.pathname.split('/')[3])) && r.status === 200);
    expect(leaked).toEqual([]);
    expect(seen.every((r) => r.url.searchParams.get('t')?.startsWith('0.'))).toBe(true);
    await context.close();
  });
});
