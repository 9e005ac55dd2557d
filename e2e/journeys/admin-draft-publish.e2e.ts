/**
 * A new series stays off the viewers' site until it is complete and published. In a real browser
 * against the running system, a staff member creates a series (a draft: the public site does not show
 * it), opens its publishing checklist, adds what it asks for — poster, banner, a category, an episode
 * with an uploaded video — and publishes; the viewer's series page then shows it.
 */
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from '../support/browser';
import { createStaffAccount, type StaffAccount, signInAsStaff } from '../support/staff-accounts';
import { makeStillImage, makeVerticalClip, type TempDir, tempDir } from '../support/staff-media';

let browser: Browser;
let scratch: TempDir;
let clip: string;
let poster: string;
let banner: string;
let staff: StaffAccount;

beforeAll(async () => {
  scratch = await tempDir();
  [browser, clip, poster, banner, staff] = await Promise.all([
    launchBrowser(),
    makeVerticalClip(scratch.dir, { name: 'opening.mp4', seconds: 3 }),
    makeStillImage(scratch.dir, { name: 'poster.png', width: 480, height: 720, color: 'purple' }),
    makeStillImage(scratch.dir, { name: 'banner.png', width: 1280, height: 540, color: 'orange' }),
    createStaffAccount('publisher'),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await scratch?.remove();
});

async function signIn(page: Page) {
  await signInAsStaff(page, staff);
}

/** The checklist lines, each "✓ …" or "✗ …". */
async function checklist(page: Page): Promise<string[]> {
  const list = page.getByRole('region', { name: 'Publishing' }).getByRole('list', { name: 'Before publishing' });
  return (await list.getByRole('listitem').allTextContents()).map((text) =>
    text.replace(/ \((done|missing)\)$/, '').replace(/^([✓✗])/, '$1 '),
  );
}

async function publicStatus(seriesId: number): Promise<number> {
  return (await fetch(`${baseUrl()}/api/series/${seriesId}/`)).status;
}

describe('a new series goes live only once it is complete and published', () => {
  it('is a draft nobody sees, shows what it lacks, and appears for viewers once published', async () => {
    const title = `Glass Orchard ${Date.now().toString(36)}`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page);

    // A new series: a draft.
    await page.goto(`${baseUrl()}/admin/series/new`);
    await page.getByText('A new series is a draft: viewers see it only once you publish it.').waitFor();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description', { exact: true }).fill('Two sisters inherit an orchard that grows glass.');
    await page.getByRole('button', { name: 'Create series' }).click();
    await page.waitForURL(/\/admin\/series\/\d+\/episodes$/, { timeout: 15_000 });
    const seriesId = Number(page.url().match(/\/admin\/series\/(\d+)\/episodes$/)?.[1]);
    expect(seriesId).toBeGreaterThan(0);

    // Not on the public site: neither its page nor the list.
    expect(await publicStatus(seriesId)).toBe(404);
    const list = (await (await fetch(`${baseUrl()}/api/series/?limit=100`)).json()) as {
      results: Array<{ id: number }>;
    };
    expect(list.results.map((s) => s.id)).not.toContain(seriesId);
    const viewer = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const viewerPage = await viewer.newPage();
    await viewerPage.goto(`${baseUrl()}/series/${seriesId}`);
    await viewerPage
      .getByText(/Series not found|Failed to fetch series detail/)
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await viewerPage.getByRole('heading', { level: 1, name: title }).count()).toBe(0);

    // Its checklist says what is missing, and publishing waits for it.
    await page.getByRole('link', { name: 'Edit and publish the series' }).click();
    await page.waitForURL(`**/admin/series/${seriesId}/edit`);
    const publishing = page.getByRole('region', { name: 'Publishing' });
    await publishing.getByText('Draft: viewers do not see this series yet.').waitFor();
    expect(await checklist(page)).toEqual([
      '✗ A poster image (shown on series cards)',
      '✗ A banner image (shown at the top of the series page)',
      '✗ At least one category (so the series appears under its genre)',
      '✗ At least one episode with a finished video that is not unpublished',
    ]);
    expect(await publishing.getByRole('button', { name: 'Publish now' }).isDisabled()).toBe(true);

    // The art, picked from files.
    await page.getByLabel('Poster image').setInputFiles(poster);
    await page.getByText('The image is saved').first().waitFor({ timeout: 20_000 });
    await page.getByLabel('Banner image').setInputFiles(banner);
    await page.waitForFunction(() => !document.body.textContent?.includes('✗A banner image'), undefined, {
      timeout: 20_000,
    });
    // A category, from the picker on the form.
    await page.getByRole('checkbox', { name: /Romance/ }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForFunction(() => !document.body.textContent?.includes('✗At least one category'), undefined, {
      timeout: 15_000,
    });
    expect((await checklist(page)).filter((line) => line.startsWith('✗'))).toEqual([
      '✗ At least one episode with a finished video that is not unpublished',
    ]);

    // An episode with its video.
    await page.goto(`${baseUrl()}/admin/series/${seriesId}/episodes/new`);
    await page.getByLabel('Title', { exact: true }).fill('The first frost');
    await page.getByLabel('Free to watch').check();
    await page.getByRole('button', { name: 'Create episode' }).click();
    await page.waitForURL(new RegExp(`/admin/series/${seriesId}/episodes/\\d+/edit$`), { timeout: 15_000 });
    const videoPanel = page.getByRole('region', { name: 'Video' });
    await videoPanel.getByLabel(/^Upload a video/).setInputFiles(clip);
    await videoPanel.getByText('The video is ready.').waitFor({ timeout: 90_000 });
    // Still not on show: the series is a draft.
    expect(await publicStatus(seriesId)).toBe(404);

    // Everything is there: publish.
    await page.goto(`${baseUrl()}/admin/series/${seriesId}/edit`);
    await publishing.getByText('Draft: viewers do not see this series yet.').waitFor();
    expect((await checklist(page)).every((line) => line.startsWith('✓'))).toBe(true);
    await publishing.getByRole('button', { name: 'Publish now' }).click();
    await publishing.getByText(/^Published: viewers see this series since/).waitFor({ timeout: 15_000 });
    await publishing.getByRole('button', { name: 'Unpublish' }).waitFor();
    expect(await publicStatus(seriesId)).toBe(200);

    // The viewer's series page shows it, with its episode.
    await viewerPage.goto(`${baseUrl()}/series/${seriesId}`);
    await viewerPage.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 20_000 });
    await viewerPage.getByText('The first frost').first().waitFor({ timeout: 10_000 });
    await viewer.close();
    await context.close();
  });
});
