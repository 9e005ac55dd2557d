/**
 * The immersive phone player in a real browser, at 390 × 844 with touch and at 1440 × 900: on a phone
 * the video fills the screen with no app header; the episode drawer opens over the playing video
 * without stopping it and jumps to the episode tapped; a tap pauses; a drag on the progress bar seeks; a
 * swipe up moves to the next episode; an ended episode counts down to the next one, and Cancel keeps
 * the viewer where they are. Crossing 768 px mid-play (a rotation, a resized window) keeps the same
 * video at the same position. With E2E_SHOTS_DIR set, the screens are saved there as pictures.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { baseUrl, launchBrowser } from '../support/browser';
import { coinSeries, episodesOf, inViewingOrder, type JourneyEpisode } from '../support/catalogue';
import { playToNearTheEnd, waitForPlayback } from '../support/viewer-helpers';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const PHONE_LANDSCAPE = { ...PHONE, viewport: { width: 844, height: 390 } };
const DESKTOP = { viewport: { width: 1440, height: 900 } };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** A demo series whose first three episodes are free (the journey moves between them). */
async function freeEpisodes(): Promise<{ seriesId: number; episodes: JourneyEpisode[] }> {
  for (const series of await coinSeries(4)) {
    const sorted = inViewingOrder(await episodesOf(series.id));
    if (sorted.slice(0, 3).every((e) => e.is_free)) return { seriesId: series.id, episodes: sorted };
  }
  throw new Error('no series with three free episodes');
}

const video = (page: Page) => page.locator('video.player-video');
/** The demo episodes last 6 s: each step plays its episode from the start. */
const fromTheStart = (page: Page) =>
  video(page).evaluate((v: HTMLVideoElement) => {
    v.currentTime = 0;
    void v.play();
  });
const currentEpisode = (page: Page) => Number(page.url().match(/\/episode\/(\d+)/)?.[1]);

async function swipe(context: BrowserContext, page: Page, fromY: number, toY: number) {
  const cdp = await context.newCDPSession(page);
  const x = 150;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: fromY }] });
  for (let step = 1; step <= 5; step += 1)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x, y: fromY + ((toY - fromY) * step) / 5 }],
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The pixels of `sheet` as shown now, with the video under it painted `shade` (black or white). */
async function sheetOver(page: Page, sheet: Locator, shade: 'black' | 'white'): Promise<Buffer> {
  await video(page).evaluate((v: HTMLVideoElement, white) => {
    v.pause();
    v.style.filter = white ? 'brightness(0) invert(1)' : 'brightness(0)';
  }, shade === 'white');
  const box = await sheet.boundingBox();
  if (!box) throw new Error('the episode drawer is not on screen');
  // Below its rounded top corners, where the sheet covers its whole width.
  const corner = 20; // the 18 px radius and its anti-aliased edge
  const clip = { x: box.x, y: box.y + corner, width: box.width, height: box.height - corner };
  const png = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  return sharp(png).raw().toBuffer();
}

/** The largest difference of one colour channel between two same-sized pictures. */
function largestDifference(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let most = 0;
  for (let i = 0; i < a.length; i += 1) most = Math.max(most, Math.abs((a[i] as number) - (b[i] as number)));
  return most;
}

describe('the phone player at 390 × 844 with touch', () => {
  it('fills the screen, keeps playing under the episode drawer, pauses on a tap, seeks by drag and swipes to the next episode', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const { seriesId, episodes } = await freeEpisodes();
    const [first, second, third] = episodes as [JourneyEpisode, JourneyEpisode, JourneyEpisode];
    await page.goto(`${baseUrl()}/player/${seriesId}/episode/${first.id}?t=0`);
    await waitForPlayback(page, 0.5);

    // Full-bleed: no app header or tab bar, the video covers the screen.
    expect(await page.locator('.site-header').isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Tabs' }).count()).toBe(0);
    const box = await video(page).boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Back' }).waitFor();
    await page.getByRole('button', { name: /^(My list|In my list)$/ }).waitFor();
    await page.getByRole('button', { name: 'Share' }).waitFor();
    await shot(page, 'player-phone');

    // The drawer opens over the playing video: same element, still advancing. Autoplay-next goes off
    // there, so no countdown moves the journey on by itself.
    await video(page).evaluate((v) => {
      (window as unknown as { playing: Element }).playing = v;
    });
    await page.getByRole('button', { name: 'Episodes' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Episodes' });
    await drawer.waitFor();
    await drawer.getByRole('switch', { name: 'Autoplay next' }).tap();
    expect(await drawer.getByRole('switch', { name: 'Autoplay next' }).isChecked()).toBe(false);
    await fromTheStart(page);
    await waitForPlayback(page, 0.8);
    expect(await video(page).evaluate((v) => v === (window as unknown as { playing: Element }).playing)).toBe(true);
    await drawer.getByRole('button', { name: /^Episode 1,.*playing now/ }).waitFor();
    await shot(page, 'player-phone-episodes');

    // The sheet is opaque: over a white frame it looks exactly as over a black one, so nothing of the
    // video or the buttons under it shows through its text.
    const overBlack = await sheetOver(page, drawer, 'black');
    const overWhite = await sheetOver(page, drawer, 'white');
    await shot(page, 'player-phone-episodes-bright');
    expect(largestDifference(overBlack, overWhite)).toBeLessThanOrEqual(2);
    await video(page).evaluate((v) => {
      v.style.filter = '';
    });

    // Tap an episode in the drawer: it plays, the drawer closes.
    await drawer.getByRole('button', { name: new RegExp(`^Episode ${second.episode_number},`) }).tap();
    await page.waitForURL((url) => url.pathname.endsWith(`/episode/${second.id}`));
    expect(await drawer.count()).toBe(0);
    await waitForPlayback(page, 0.5);

    // A tap on the video pauses it; another resumes it.
    await fromTheStart(page);
    await page.touchscreen.tap(195, 380);
    await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('video.player-video')?.paused);
    await page.touchscreen.tap(195, 380);
    await page.waitForFunction(() => !document.querySelector<HTMLVideoElement>('video.player-video')?.paused);

    // A drag along the progress bar seeks to where the finger lifts.
    await fromTheStart(page);
    const bar = await page.getByRole('slider', { name: 'Seek' }).boundingBox();
    if (!bar) throw new Error('no progress bar');
    const cdp = await context.newCDPSession(page);
    const y = bar.y + bar.height / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: bar.x + 2, y }] });
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: bar.x + bar.width * 0.6, y }],
    });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    const { time, duration } = await video(page).evaluate((v: HTMLVideoElement) => ({
      time: v.currentTime,
      duration: v.duration,
    }));
    expect(Math.abs(time - duration * 0.6)).toBeLessThan(duration * 0.1);
    expect(currentEpisode(page)).toBe(second.id);

    // A swipe up moves on to the next episode, a swipe down back.
    await swipe(context, page, 600, 250);
    await page.waitForURL((url) => url.pathname.endsWith(`/episode/${third.id}`));
    await waitForPlayback(page, 0.3);
    await swipe(context, page, 250, 600);
    await page.waitForURL((url) => url.pathname.endsWith(`/episode/${second.id}`));
    await context.close();
  });

  it('counts down to the next episode when one ends; Cancel stays, letting it run moves on', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const { seriesId, episodes } = await freeEpisodes();
    const [first, second] = episodes as [JourneyEpisode, JourneyEpisode];
    await page.goto(`${baseUrl()}/player/${seriesId}/episode/${first.id}?t=0`);
    await waitForPlayback(page, 0.3);

    await playToNearTheEnd(page);
    const countdown = page.getByRole('region', { name: 'Up next' });
    await countdown.waitFor({ timeout: 10_000 });
    expect(await countdown.getByRole('status').textContent()).toMatch(
      new RegExp(`Episode ${second.episode_number} starts in \\d seconds?`),
    );
    await shot(page, 'player-phone-countdown');
    await countdown.getByRole('button', { name: 'Cancel' }).tap();
    await countdown.waitFor({ state: 'detached' });
    await page.waitForTimeout(6_000);
    expect(currentEpisode(page)).toBe(first.id);

    await playToNearTheEnd(page);
    await countdown.waitFor({ timeout: 10_000 });
    await page.waitForURL((url) => url.pathname.endsWith(`/episode/${second.id}`), { timeout: 10_000 });
    await waitForPlayback(page, 0.3);
    await context.close();
  });
});

describe('the phone player held sideways (844 × 390, touch)', () => {
  it('stays immersive: no header, the whole picture letterboxed to the screen, Back and the controls in reach', async () => {
    const context = await browser.newContext(PHONE_LANDSCAPE);
    const page = await context.newPage();
    const { seriesId, episodes } = await freeEpisodes();
    await page.goto(`${baseUrl()}/player/${seriesId}/episode/${(episodes[0] as JourneyEpisode).id}?t=0`);
    await waitForPlayback(page, 0.3);
    await page.locator('.player--mobile').waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await video(page).boundingBox()).toMatchObject({ x: 0, y: 0, width: 844, height: 390 });
    expect(await video(page).evaluate((v) => getComputedStyle(v).objectFit)).toBe('contain');
    expect(
      await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]),
    ).toEqual([844, 390]);
    for (const name of ['Back', 'Episodes', 'Share']) {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= 390 && box.x >= 0 && box.x + box.width <= 844).toBe(true);
    }
    await page.locator('#startup-loader').waitFor({ state: 'detached' });
    await shot(page, 'player-phone-landscape');
    await context.close();
  });
});

describe('the player at 1440 × 900', () => {
  it('keeps its desktop layout, and crossing 768 px mid-play keeps the same video at the same position', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const { seriesId, episodes } = await freeEpisodes();
    const first = episodes[0] as JourneyEpisode;
    await page.goto(`${baseUrl()}/player/${seriesId}/episode/${first.id}?t=0`);
    await waitForPlayback(page, 0.3);
    expect(await page.locator('.site-header').isVisible()).toBe(true);
    await page.getByRole('navigation', { name: 'Episodes' }).waitFor();
    await page.getByRole('switch', { name: 'Autoplay next' }).click(); // the 6 s episode must stay on screen
    await shot(page, 'player-desktop');
    await fromTheStart(page);
    const started = await waitForPlayback(page, 1);
    await video(page).evaluate((v) => {
      (window as unknown as { playing: Element }).playing = v;
    });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.player--mobile').waitFor();
    const onPhone = await video(page).evaluate((v: HTMLVideoElement) => ({
      same: v === (window as unknown as { playing: Element }).playing,
      time: v.currentTime,
    }));
    expect(onPhone.same).toBe(true);
    expect(onPhone.time).toBeGreaterThanOrEqual(started);
    expect(await page.locator('.site-header').isVisible()).toBe(false);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('.player--desktop').waitFor();
    const onDesktop = await video(page).evaluate((v: HTMLVideoElement) => ({
      same: v === (window as unknown as { playing: Element }).playing,
      time: v.currentTime,
      playing: !v.paused || v.ended,
    }));
    expect(onDesktop).toMatchObject({ same: true, playing: true });
    expect(onDesktop.time).toBeGreaterThanOrEqual(onPhone.time);
    await context.close();
  });
});
