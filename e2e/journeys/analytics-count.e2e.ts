/**
 * Staff numbers come from what viewers really do: with no Amplitude key (the default), a viewer who
 * plays an episode shows up in the staff dashboard's views within seconds, and events still queued when
 * the tab closes are not lost.
 */
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from '../support/browser';
import { demoSeries } from '../support/catalogue';
import { superuserAccess } from '../support/staff-accounts';
import { waitForPlayback } from '../support/viewer-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function viewsToday(access: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/admin/dashboard/`, { headers: { Authorization: `Bearer ${access}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { today: { views: number } }).today.views;
}

async function eventually(check: () => Promise<boolean>, timeout = 20_000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the staff dashboard never counted the view');
}

describe('staff analytics count what viewers watch', () => {
  it("counts a guest's episode start in today's views without any analytics key", async () => {
    const access = await superuserAccess();
    const before = await viewsToday(access);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('heading', { name: 'Watch something gripping' }).waitFor();
    // A demo series (other journeys publish short series of their own on the same server); its
    // first episode is free.
    const demo = await demoSeries(4);
    expect(demo).toBeTruthy();
    await page.goto(`${baseUrl()}/player/${demo?.id}/episode/1`);
    await waitForPlayback(page, 0.5);
    // Closing the tab hands what is still queued to sendBeacon.
    await page.close({ runBeforeUnload: true });
    await context.close();

    await eventually(async () => (await viewsToday(access)) > before);
  });
});
