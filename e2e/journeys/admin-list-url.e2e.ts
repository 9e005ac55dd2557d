/**
 * A staff list lives in the page's address: staff search the series list, choose a filter and turn to
 * the second page; the address says so, opening a series and coming Back returns to that very page,
 * and a reload keeps it. An address with values the list cannot use shows the plain list. Walked on a
 * desktop (1440 × 900) and on a phone (390 × 844, touch).
 */
import type { Browser, Page } from 'playwright-core';
import { sessionInitScript } from '../support/accounts';
import { baseUrl, expectNoHorizontalOverflow, launchBrowser } from '../support/browser';
import { createStaffAccount, type StaffAccount, staffLogin } from '../support/staff-accounts';
import { staffCall } from '../support/staff-catalogue';

let browser: Browser;
let staff: StaffAccount;
let session: Parameters<typeof sessionInitScript>[0];
/** A word only this run's series carry, so the search finds exactly them. */
const tag = `Ledgerline${Date.now().toString(36)}`;

beforeAll(async () => {
  [browser, staff] = await Promise.all([launchBrowser(), createStaffAccount('lister')]);
  // 22 drafts carrying the word: two pages of 20.
  for (let i = 1; i <= 22; i += 1) {
    await staffCall(staff, 'POST', '/series/', { title: `${tag} ${String(i).padStart(2, '0')}` });
  }
  session = await staffLogin(staff);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search' });
const showFilter = (page: Page) => page.getByRole('combobox', { name: 'Show' });
/** The series list's own pager (the genre names below it have theirs, "Genre pages"). */
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages', exact: true });
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** The list shows the search, the filter and the page the address names. */
async function expectDraftsPageTwo(page: Page) {
  await pager(page).getByText('Page 2 of 2 · 22 in all').waitFor({ timeout: 15_000 });
  expect(query(page)).toEqual({ q: tag, status: 'draft', page: '2' });
  expect(await searchBox(page).inputValue()).toBe(tag);
  expect(await showFilter(page).inputValue()).toBe('draft');
  // The pager names the page as soon as it is asked for; its rows follow when they arrive.
  const rows = page.getByRole('link', { name: new RegExp(`^${tag} \\d\\d$`) });
  await rows.nth(2).waitFor({ state: 'detached', timeout: 15_000 });
  expect(await rows.count()).toBe(2);
}

describe.each([
  ['on a desktop', { viewport: { width: 1440, height: 900 } }],
  ['on a phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
])('a staff list kept in the address %s', (_, device) => {
  it('keeps the search, filter and page through opening a row, Back and a reload', async () => {
    const context = await browser.newContext(device);
    await context.addInitScript(sessionInitScript(session));
    await context.addInitScript(() => window.localStorage.setItem('is_admin', 'true'));
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/admin/series`);
    await searchBox(page).waitFor({ timeout: 30_000 });

    await searchBox(page).fill(tag);
    await page.waitForURL((url) => url.searchParams.get('q') === tag);
    await showFilter(page).selectOption('draft');
    await page.waitForURL((url) => url.searchParams.get('status') === 'draft');
    await pager(page).getByText('Page 1 of 2 · 22 in all').waitFor({ timeout: 15_000 });
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expectDraftsPageTwo(page);
    await expectNoHorizontalOverflow(page);

    // Open a series on that page, then come Back to the same page of the same list.
    await page
      .getByRole('link', { name: new RegExp(`^${tag} \\d\\d$`) })
      .first()
      .click();
    await page.waitForURL(/\/admin\/series\/\d+\/episodes$/);
    await page.goBack();
    await expectDraftsPageTwo(page);

    // Back again: the first page of the drafts; Forward: the second page once more.
    await page.goBack();
    await pager(page).getByText('Page 1 of 2 · 22 in all').waitFor({ timeout: 15_000 });
    expect(query(page)).toEqual({ q: tag, status: 'draft' });
    await page.goForward();
    await expectDraftsPageTwo(page);

    await page.reload();
    await expectDraftsPageTwo(page);
    await context.close();
  }, 120_000);

  it('shows the plain list for an address it cannot use, and says nothing went wrong', async () => {
    const context = await browser.newContext(device);
    await context.addInitScript(sessionInitScript(session));
    await context.addInitScript(() => window.localStorage.setItem('is_admin', 'true'));
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await page.goto(`${baseUrl()}/admin/series?page=-3&sort=evil&status=%3Cb%3E&q=${'x'.repeat(10_240)}`);
    await pager(page).waitFor({ timeout: 30_000 });
    expect(await searchBox(page).inputValue()).toBe('');
    expect(await showFilter(page).inputValue()).toBe('active');
    // The values the list reads leave the address; what it does not read (it offers no order) stays unread.
    await page.waitForURL((url) => ['q', 'page', 'status'].every((name) => !url.searchParams.has(name)));
    await pager(page)
      .getByText(/^Page 1 of \d+/)
      .waitFor();
    expect(failures).toEqual([]);
    await context.close();
  }, 60_000);
});
