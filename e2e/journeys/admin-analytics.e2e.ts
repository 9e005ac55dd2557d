/**
 * Staff read the analytics on a phone (390 px) and a desktop (1440 px): the page never spills sideways
 * (tables scroll in their own box), a preset and a chosen period are asked of the API, a table is
 * saved as a CSV file, and when the next series fails to load the screen shows the error alone —
 * never the previous series' figures under the new choice.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { sessionInitScript } from '../support/accounts';
import { baseUrl, launchBrowser } from '../support/browser';
import { listedSeries } from '../support/catalogue';
import { createStaffAccount, staffLogin } from '../support/staff-accounts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DAY_MS = 86_400_000;
/** A UTC day `by` days from today, YYYY-MM-DD, as the API counts days. */
const dayFromToday = (by: number) => new Date(Date.now() + by * DAY_MS).toISOString().slice(0, 10);

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The next analytics request whose address contains every one of `parts`. */
const analyticsRequest = (page: Page, ...parts: string[]) =>
  page.waitForRequest(
    (request) => request.url().includes('/api/admin/analytics/') && parts.every((part) => request.url().includes(part)),
  );

describe('the analytics screen', () => {
  it.each([
    [390, 844],
    [1440, 900],
  ])(
    'at %i px fits the page, changes period, saves a table as CSV and never shows stale figures',
    async (width, height) => {
      const account = await staffLogin(await createStaffAccount(`analytics${width}`));
      const [first, second] = await listedSeries();
      expect(second).toBeTruthy();
      const context = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
      await context.addInitScript(sessionInitScript(account));
      await context.addInitScript(() => window.localStorage.setItem('is_admin', 'true'));
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/admin/analytics`);
      const totals = page.getByTestId('viewing-totals');
      await totals.waitFor({ timeout: 30_000 });
      await page.getByText('A view is one episode start.').waitFor();
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);

      // A preset, then two chosen days.
      const lastWeek = analyticsRequest(page, `from=${dayFromToday(-6)}`, `to=${dayFromToday(0)}`);
      await page.getByLabel('Period').selectOption({ label: 'Last 7 days' });
      await lastWeek;
      await totals.waitFor();
      await page.getByLabel('Period').selectOption({ label: 'Chosen days' });
      await page.getByLabel('From', { exact: true }).fill(dayFromToday(-20));
      await page.getByLabel('To', { exact: true }).fill(dayFromToday(-10));
      const chosen = analyticsRequest(page, `from=${dayFromToday(-20)}`, `to=${dayFromToday(-10)}`);
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      await chosen;
      await totals.waitFor();
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);

      // The views table of those days as a CSV file.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export “Views and viewers per day” as CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`analytics-daily-${dayFromToday(-20)}-${dayFromToday(-10)}.csv`);
      const lines = (await readFile(await file.path(), 'utf8'))
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe('day,views,viewers,active_viewers');
      expect(lines).toHaveLength(12);

      // The first series shown, then the next one fails to load: the error alone, nothing of the first.
      await page.getByLabel('Series').selectOption(String(first?.id));
      const seriesHeading = page.getByRole('heading', { name: /^How far viewers of “.+” got$/ });
      await seriesHeading.waitFor();
      const firstHeading = await seriesHeading.textContent();
      await page.route(`**/api/admin/analytics/**series_id=${second?.id}*`, (route) =>
        route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Series not found' }),
        }),
      );
      await page.getByLabel('Series').selectOption(String(second?.id));
      await page.getByText('The analytics could not be loaded').waitFor();
      expect(await seriesHeading.count()).toBe(0);
      expect(await page.getByText(firstHeading ?? '').count()).toBe(0);
      expect(await totals.count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Export / }).count()).toBe(0);
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      const shots = process.env.E2E_SHOTS_DIR;
      if (shots) await page.screenshot({ path: `${shots}/admin-analytics-${width}.png`, fullPage: true });
      await context.close();
    },
  );
});
