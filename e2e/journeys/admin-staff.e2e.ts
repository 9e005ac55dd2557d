/**
 * A staff member publishes a new drama end to end, in a real browser against the running system:
 * signs in at /admin-login → creates a series on the admin screens → adds a free episode → uploads a
 * short vertical MP4 for it and watches the upload and the conversion progress until the video is
 * ready → a viewer opens the episode's player and the video plays (its currentTime advances).
 */
import type { Locator, Page } from 'playwright-core';
import { baseUrl } from '../support/browser';
import { signInAsStaff } from '../support/staff-accounts';
import { completeAndPublishSeries } from '../support/staff-catalogue';
import { staffUploadJourney } from '../support/staff-media';
import { waitForPlayback } from '../support/viewer-helpers';

const journey = staffUploadJourney({ clip: 'first-night.mp4', staff: 'editor' });

/**
 * Records every text the episode's video panel shows from now on (a MutationObserver in the page, so
 * no short-lived state is missed between two samples). Answers a function that waits for the panel to
 * report the end of the conversion and then answers the distinct texts, in order.
 */
async function recordVideoPanel(page: Page, panel: Locator) {
  await panel.evaluate((element) => {
    const texts: string[] = [];
    const read = () => {
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (texts[texts.length - 1] !== text) texts.push(text);
    };
    read();
    new MutationObserver(read).observe(element, { subtree: true, childList: true, characterData: true });
    (window as unknown as { __videoPanelTexts: string[] }).__videoPanelTexts = texts;
  });
  const texts = () => page.evaluate(() => (window as unknown as { __videoPanelTexts: string[] }).__videoPanelTexts);
  return async (timeout = 90_000): Promise<string[]> => {
    const ended = /The video is ready\.|could not be (converted|processed)/;
    try {
      await page.waitForFunction(
        (pattern) =>
          (window as unknown as { __videoPanelTexts: string[] }).__videoPanelTexts.some((text) =>
            new RegExp(pattern).test(text),
          ),
        ended.source,
        { timeout },
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}\nthe video panel said: ${(await texts()).join(' | ')}`);
    }
    return texts();
  };
}

/** The index of the first text matching `pattern`, or -1. */
const firstIndex = (texts: string[], pattern: RegExp) => texts.findIndex((text) => pattern.test(text));

describe('a staff member publishes an episode', () => {
  it('creates a series and an episode, uploads its video, follows the conversion, and the episode plays for viewers', async () => {
    const { browser, clip, staff } = journey;
    expect(staff.user).toMatchObject({ is_staff: true, is_superuser: false });
    const title = `Midnight Ledger ${Date.now().toString(36)}`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    // Sign in on the staff sign-in page.
    await signInAsStaff(page, staff);
    const nav = page.getByRole('navigation', { name: 'Staff sections' });
    await nav.waitFor();

    // A new series, from the series list.
    await nav.getByRole('link', { name: 'Series', exact: true }).click();
    await page.waitForURL('**/admin/series');
    await page.getByRole('link', { name: 'New series' }).click();
    await page.waitForURL('**/admin/series/new');
    // An empty title is refused beside the field, before anything is sent.
    await page.getByRole('button', { name: 'Create series' }).click();
    await page.getByText('Enter a title').waitFor();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description', { exact: true }).fill('A night auditor finds a ledger that balances itself.');
    await page.getByLabel('Tags').fill('thriller, office');
    await page.getByRole('button', { name: 'Create series' }).click();
    await page.waitForURL(/\/admin\/series\/\d+\/episodes$/, { timeout: 15_000 });
    const seriesId = Number(page.url().match(/\/admin\/series\/(\d+)\/episodes$/)?.[1]);
    expect(seriesId).toBeGreaterThan(0);
    await page.getByRole('heading', { name: `Episodes of “${title}”` }).waitFor();
    await page.getByText('This series has no episodes yet.').waitFor();

    // Its first episode, free to watch.
    await page.getByRole('link', { name: 'New episode' }).click();
    await page.waitForURL(`**/admin/series/${seriesId}/episodes/new`);
    await page.getByLabel('Title', { exact: true }).fill('The first night');
    await page.getByLabel('Free to watch').check();
    await page.getByRole('button', { name: 'Create episode' }).click();
    await page.waitForURL(new RegExp(`/admin/series/${seriesId}/episodes/\\d+/edit$`), { timeout: 15_000 });
    const episodeId = Number(page.url().match(/\/episodes\/(\d+)\/edit$/)?.[1]);
    expect(episodeId).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Edit “The first night”' }).waitFor();

    // Upload its video and follow the panel until the conversion is done.
    const videoPanel = page.getByRole('region', { name: 'Video' });
    await videoPanel.getByText('No video yet: upload one below.').waitFor();
    const panelTexts = await recordVideoPanel(page, videoPanel);
    await videoPanel.getByLabel(/^Upload a video/).setInputFiles(clip);
    const seen = await panelTexts();
    // In order: the upload's progress, the converter's progress, then the result.
    const uploading = firstIndex(seen, /Uploading… \d+%/);
    const converting = firstIndex(seen, /Queued for conversion|Converting… \d+%/);
    const ready = firstIndex(seen, /The video is ready\./);
    expect(seen[seen.length - 1]).toContain('The video is ready.');
    expect(uploading).toBeGreaterThanOrEqual(0);
    expect(converting).toBeGreaterThan(uploading);
    expect(ready).toBeGreaterThan(converting);
    expect(seen.some((text) => /could not be (converted|processed)/.test(text))).toBe(false);
    // Once converted, staff preview the episode as viewers will see it: through signed playback addresses.
    const played: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/media/')) played.push(`${response.status()} ${response.url()}`);
    });
    await videoPanel.getByRole('button', { name: 'Preview as viewers will see it' }).click({ timeout: 15_000 });
    await page.waitForFunction(
      () => (document.querySelector<HTMLVideoElement>('video.admin-preview-video')?.readyState ?? 0) >= 2,
      null,
      { timeout: 30_000 },
    );
    const media = played.filter((line) => line.includes('/media/play/'));
    expect(media.length).toBeGreaterThan(0);
    for (const line of media) expect(line).toMatch(/^20[06] .*\/media\/play\/\d+\/.*[?&]t=/);

    // Back on the series' episodes, the episode no longer waits for a video.
    await page.getByRole('link', { name: `All episodes of “${title}”` }).click();
    await page.waitForURL(`**/admin/series/${seriesId}/episodes`);
    const row = page.getByRole('listitem').filter({ hasText: 'The first night' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('free');
    await expect(row.textContent()).resolves.not.toContain('no video yet');
    await context.close();

    // The series gets its art and a category and is published, with its episode (the publishing
    // screens have their own journey, admin-draft-publish.e2e.ts).
    await completeAndPublishSeries(staff, seriesId);

    // A viewer (a guest on a fresh browser) opens the episode's player and it plays.
    const viewer = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const player = await viewer.newPage();
    const fetched: string[] = [];
    player.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await player.goto(`${baseUrl()}/player/${seriesId}/episode/${episodeId}`);
    const t1 = await waitForPlayback(player, 0.3);
    const t2 = await waitForPlayback(player, t1 + 0.5);
    expect(t2).toBeGreaterThan(t1);
    // It plays through the episode's signed address (which serves the package just made).
    expect(fetched).toContain(`/media/play/${episodeId}/master.m3u8`);
    expect(await player.getByRole('dialog', { name: /is locked/ }).count()).toBe(0);
    await viewer.close();
  });
});
