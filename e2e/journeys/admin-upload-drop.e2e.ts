/**
 * A staff member's video upload survives a network drop without anybody noticing: the connection is cut
 * during the first PATCH of the upload (in the browser, as a lost network would), and the uploader asks
 * the server what arrived and finishes by itself; the video is converted and ready.
 */
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from '../support/browser';
import { createStaffAccount, type StaffAccount } from '../support/staff-accounts';
import { staffCall } from '../support/staff-catalogue';
import { makeVerticalClip, type TempDir, tempDir } from '../support/staff-media';

let browser: Browser;
let scratch: TempDir;
let clip: string;
let staff: StaffAccount;

beforeAll(async () => {
  scratch = await tempDir();
  [browser, clip, staff] = await Promise.all([
    launchBrowser(),
    makeVerticalClip(scratch.dir, { name: 'dropped-night.mp4', seconds: 3 }),
    createStaffAccount('uploader'),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await scratch?.remove();
});

describe('a staff member uploads an episode video over a flaky connection', () => {
  it('finishes the upload by itself after the connection drops mid-upload', async () => {
    const series = await staffCall(staff, 'POST', '/series/', { title: `Lost Signal ${Date.now().toString(36)}` });
    const episode = await staffCall(staff, 'POST', `/series/${series.id}/episodes/`, {
      title: 'Static',
      is_free: true,
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const tusRequests: string[] = [];
    let dropped = false;
    await page.route('**/api/admin/media/tus/**', async (route) => {
      const method = route.request().method();
      tusRequests.push(method);
      if (method === 'PATCH' && !dropped) {
        dropped = true;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });

    await page.goto(`${baseUrl()}/admin-login`);
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/admin', { timeout: 15_000 });
    await page.goto(`${baseUrl()}/admin/series/${series.id}/episodes/${episode.id}/edit`);
    const videoPanel = page.getByRole('region', { name: 'Video' });
    await videoPanel.getByText('No video yet: upload one below.').waitFor({ timeout: 15_000 });
    await videoPanel.getByLabel(/^Upload a video/).setInputFiles(clip);

    await videoPanel.getByText('The video is ready.', { exact: true }).waitFor({ timeout: 90_000 });
    expect(dropped).toBe(true);
    // Started once, cut, asked what arrived, sent again: no second upload, nothing for staff to do.
    expect(tusRequests.filter((m) => m === 'POST')).toHaveLength(1);
    expect(tusRequests.filter((m) => m === 'PATCH').length).toBeGreaterThanOrEqual(2);
    expect(tusRequests).toContain('HEAD');
    expect(await videoPanel.getByText(/connection dropped|could not be/).count()).toBe(0);
    await context.close();
  });
});
