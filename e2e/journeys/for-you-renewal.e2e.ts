/**
 * For you keeps playing when a clip's signed address expires (issue #16), in a real browser at phone
 * size. The system runs with a short playback lifetime (PLAYBACK_TTL_SECONDS=20), so addresses expire
 * within the journey: a guest who stays on a clip past its address's expiry sees it go on playing; a
 * guest who scrolls away and back to a clip whose address expired meanwhile sees it play again (the
 * expired address is refused, a fresh one is fetched, the clip loads from it). No error is shown.
 */
import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { type RunningSystem, startSystem, stopSystem } from '../support/system';

const PLAYBACK_TTL_SECONDS = 20;

let browser: Browser;
let system: RunningSystem | undefined;
beforeAll(async () => {
  system = await startSystem({ PLAYBACK_TTL_SECONDS: String(PLAYBACK_TTL_SECONDS) });
  browser = await launchBrowser();
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await stopSystem(system);
  if (system) rmSync(system.dataDir, { recursive: true, force: true });
});

interface Clip {
  episode_id: number;
  hls_url: string | null;
  video_url: string | null;
}

/** When a signed playback address stops working (ms since the epoch), read from its `t` grant. */
function expiryOf(address: string): number {
  const grant = new URL(address, 'http://x').searchParams.get('t') ?? '';
  const expires = Number(grant.split('.')[1]);
  if (!expires) throw new Error(`not a signed address: ${address}`);
  return expires * 1000;
}

/** The episode on screen and how far its video has played. */
const onScreen = (page: Page) =>
  page.evaluate(() => {
    const item = document.querySelector<HTMLElement>('.feed-item:not([aria-hidden="true"])');
    const video = item?.querySelector('video');
    return { episode: Number(item?.dataset.episodeId), time: video?.currentTime ?? 0, paused: video?.paused ?? true };
  });

/** Waits until the clip of `episode` is on screen and its video plays past `after` seconds. */
async function playsOn(page: Page, episode: number, after: number, timeout = 30_000) {
  await page.waitForFunction(
    ({ id, min }) => {
      const item = document.querySelector<HTMLElement>('.feed-item:not([aria-hidden="true"])');
      const video = item?.querySelector('video');
      return Number(item?.dataset.episodeId) === id && !!video && !video.paused && video.currentTime > min;
    },
    { id: episode, min: after },
    { timeout },
  );
}

async function noErrorShown(page: Page) {
  expect(await page.getByRole('alert').count()).toBe(0);
  expect(await page.locator('.ch-error-text').count()).toBe(0);
}

describe('for you with short-lived playback addresses', () => {
  it('goes on playing a clip past its address expiry, and plays it again after scrolling back', async () => {
    const baseUrl = system?.baseUrl as string;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    // Every answer for a clip's video, and every fresh address asked for.
    const media: Array<{ episode: number; status: number; at: number }> = [];
    const renewals: number[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      const played = path.match(/^\/media\/play\/(\d+)\//);
      if (played) media.push({ episode: Number(played[1]), status: response.status(), at: Date.now() });
      const stream = path.match(/^\/api\/episodes\/(\d+)\/stream\/$/);
      if (stream && response.ok()) renewals.push(Number(stream[1]));
    });

    const feedAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/feed/for-you/');
    await page.goto(`${baseUrl}/foryou`);
    const { clips } = (await (await feedAnswer).json()) as { clips: Clip[] };
    expect(clips.length).toBeGreaterThanOrEqual(3);
    const first = clips[0] as Clip;
    const address = (first.hls_url ?? first.video_url) as string;
    const expires = expiryOf(address);
    // The short lifetime is in force: the address given now stops working within a minute.
    expect(expires - Date.now()).toBeLessThanOrEqual(2 * PLAYBACK_TTL_SECONDS * 1000 + 1_000);
    await playsOn(page, first.episode_id, 0.3);

    // Stay on the first clip past its address's expiry: it goes on playing (what it still needs is
    // fetched with a fresh address), with no error.
    await page.waitForTimeout(Math.max(0, expires - Date.now()) + 500);
    const stayedAt = (await onScreen(page)).time;
    await page.waitForFunction(
      ({ id, since }) => {
        const item = document.querySelector<HTMLElement>('.feed-item:not([aria-hidden="true"])');
        const video = item?.querySelector('video');
        return Number(item?.dataset.episodeId) === id && !!video && !video.paused && video.currentTime > since + 3;
      },
      { id: first.episode_id, since: stayedAt },
      { timeout: 30_000 },
    );
    await noErrorShown(page);

    // Scroll two clips on (the first one's video is let go) and come back: the feed's address of the
    // first clip expired long ago, so it has to be renewed again before the clip plays.
    const second = clips[1] as Clip;
    const third = clips[2] as Clip;
    await page.getByRole('button', { name: 'Next clip' }).click();
    await playsOn(page, second.episode_id, 0.3);
    await page.getByRole('button', { name: 'Next clip' }).click();
    await playsOn(page, third.episode_id, 0.3);
    await page.waitForFunction(
      (id) => !document.querySelector(`.feed-item[data-episode-id="${id}"]`),
      first.episode_id,
    );
    const renewalsBefore = renewals.filter((id) => id === first.episode_id).length;
    await page.getByRole('button', { name: 'Previous clip' }).click();
    await playsOn(page, second.episode_id, 0.3);
    await page.getByRole('button', { name: 'Previous clip' }).click();
    await playsOn(page, first.episode_id, 1);
    // Its expired address was refused, a fresh one was fetched, and the clip's video loaded from it.
    const refused = media.filter((m) => m.episode === first.episode_id && m.status === 403 && m.at > expires);
    expect(refused.length).toBeGreaterThan(0);
    expect(renewals.filter((id) => id === first.episode_id).length).toBeGreaterThan(renewalsBefore);
    const firstRefusal = refused[0]?.at ?? 0;
    expect(media.some((m) => m.episode === first.episode_id && m.status === 200 && m.at > firstRefusal)).toBe(true);
    await noErrorShown(page);
    await context.close();
  }, 240_000);
});
