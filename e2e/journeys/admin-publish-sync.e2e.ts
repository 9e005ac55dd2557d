/**
 * Publishing reaches viewers without a reload (product.md#sync: every 5 s, and at once when
 * another tab writes the synced storage). A staff page and a viewer page are open at the same time in
 * one browser; staff rename a series on the admin screen; the viewer's open series screen shows the
 * new title within the sync interval, with no reload and no navigation.
 */
import { ADMIN_SYNC_INTERVAL_MS } from '@cliffhanger/shared/constants';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from '../support/browser';
import { createStaffAccount, type StaffAccount, signInAsStaff } from '../support/staff-accounts';
import { publishedSeries } from '../support/staff-catalogue';

/** The sync interval, plus room for the refetch and the render on a loaded 2-core machine. */
const SHOWN_WITHIN_MS = ADMIN_SYNC_INTERVAL_MS + 2_000;

let browser: Browser;
let staff: StaffAccount;

beforeAll(async () => {
  [browser, staff] = await Promise.all([launchBrowser(), createStaffAccount('publisher')]);
});
afterAll(async () => {
  await browser?.close();
});

/** A series viewers can see: made and published through the staff API. */
function createSeries(title: string): Promise<number> {
  return publishedSeries(staff, { title, description: 'Two neighbours share one balcony and one secret.' });
}

describe('publishing reaches viewers', () => {
  it('shows a renamed series on the viewer’s open series screen without a reload, within the sync interval', async () => {
    const stamp = Date.now().toString(36);
    const before = `Balcony Hours ${stamp}`;
    const after = `Balcony Nights ${stamp}`;
    const seriesId = await createSeries(before);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const staffPage = await context.newPage();
    await signInAsStaff(staffPage, staff);

    // The viewer's series screen, open beside the staff page.
    const viewerPage = await context.newPage();
    await viewerPage.goto(`${baseUrl()}/series/${seriesId}`);
    await viewerPage.getByRole('heading', { level: 1, name: before }).waitFor({ timeout: 20_000 });
    // Marks this document: a reload or a navigation would lose the mark.
    await viewerPage.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    await staffPage.goto(`${baseUrl()}/admin/series/${seriesId}/edit`);
    const titleField = staffPage.getByLabel('Title', { exact: true });
    await titleField.waitFor({ timeout: 15_000 });
    await titleField.fill(after);
    const saved = staffPage.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/admin/series/${seriesId}/`) && response.request().method() === 'PATCH',
    );
    await staffPage.getByRole('button', { name: 'Save changes' }).click();
    expect((await saved).status()).toBe(200);

    await viewerPage.getByRole('heading', { level: 1, name: after }).waitFor({ timeout: SHOWN_WITHIN_MS });
    expect(await viewerPage.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
      true,
    );
    expect(new URL(viewerPage.url()).pathname).toBe(`/series/${seriesId}`);
    await context.close();
  });
});
