/**
 * Like and picture in picture in a real browser. At 1440 × 900 a guest likes the series beside the
 * playing episode (the heart fills and the count goes up at once), still likes it after a reload (kept
 * per viewer), and finds a labelled "Picture in picture" control exactly where the browser offers it. At
 * 390 × 844 with touch another guest likes from the rail and takes it back. With E2E_SHOTS_DIR set, the
 * screens are saved there as pictures.
 */
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { baseUrl, journeyBrowser } from '../support/browser';
import { coinSeries, episodesOf, inViewingOrder } from '../support/catalogue';
import { waitForPlayback } from '../support/viewer-helpers';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1440, height: 900 } };

const browser = journeyBrowser();

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  // The start-up loader covers the page for its first 2 s (product.md#shell).
  await page.locator('#startup-loader').waitFor({ state: 'detached' });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** The first free episode of a demo series coins unlock. */
async function freeEpisode(): Promise<{ seriesId: number; episodeId: number }> {
  for (const series of await coinSeries(2)) {
    const first = inViewingOrder(await episodesOf(series.id)).find((e) => e.is_free);
    if (first) return { seriesId: series.id, episodeId: first.id };
  }
  throw new Error('no series with a free episode');
}

/** Resolves when the browser has the server's answer to a like change of the series. */
const likeSaved = (page: Page, seriesId: number) =>
  page.waitForResponse((r) => r.url().includes(`/api/series/${seriesId}/like/`) && r.request().method() === 'PUT');

/** The count the Like button names ("Like, 3 likes"). */
async function likesOf(button: Locator): Promise<number> {
  const name = (await button.getAttribute('aria-label')) ?? '';
  return Number(name.match(/(\d+)/)?.[1] ?? Number.NaN);
}

describe('liking a series from the player', () => {
  it('likes at 1440 × 900 beside the title, kept after a reload, with picture in picture where offered', async () => {
    const { seriesId, episodeId } = await freeEpisode();
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/player/${seriesId}/episode/${episodeId}?t=0`);
    await waitForPlayback(page, 0.2);
    const like = page.locator('.player-info').getByRole('button', { name: /^Like, / });
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.player-info .player-like')?.disabled);
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    const before = await likesOf(like);
    const saved = likeSaved(page, seriesId);
    await like.click();
    await page.locator('.player-info .player-like[aria-pressed="true"]').waitFor();
    expect(await likesOf(like)).toBe(before + 1);
    await saved;

    const offered = await page.evaluate(() => document.pictureInPictureEnabled === true);
    const pip = page.getByRole('button', { name: 'Picture in picture' });
    expect(await pip.count()).toBe(offered ? 1 : 0);
    await shot(page, 'player-like-desktop');

    await page.reload();
    await page.locator('.player-info .player-like[aria-pressed="true"]').waitFor();
    expect(await likesOf(page.locator('.player-info .player-like'))).toBe(before + 1);
    await context.close();
  });

  it('likes from the rail at 390 × 844 and takes it back', async () => {
    const { seriesId, episodeId } = await freeEpisode();
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/player/${seriesId}/episode/${episodeId}?t=0`);
    const like = page.locator('.player-rail .player-like');
    await page.waitForFunction(() => {
      const button = document.querySelector<HTMLButtonElement>('.player-rail .player-like');
      return !!button && !button.disabled;
    });
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    const before = await likesOf(like);
    const saved = likeSaved(page, seriesId);
    await like.tap();
    await page.locator('.player-rail .player-like[aria-pressed="true"]').waitFor();
    expect(await likesOf(like)).toBe(before + 1);
    await shot(page, 'player-like-phone');
    await saved;
    await like.tap();
    await page.locator('.player-rail .player-like[aria-pressed="false"]').waitFor();
    expect(await likesOf(like)).toBe(before);
    await context.close();
  });
});
