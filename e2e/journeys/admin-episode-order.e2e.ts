/**
 * Staff reorder a series' episodes on a phone (issue #18), at 390 × 844 with touch: pressing an
 * episode's handle and dragging it down the list moves it there; the new order is saved and is the
 * order the API answers. The keyboard-reachable arrows still move an episode too.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sessionInitScript } from '../support/accounts';
import { baseUrl, launchBrowser } from '../support/browser';
import { createStaffAccount, type StaffAccount, staffLogin } from '../support/staff-accounts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function staffCall<T>(staff: StaffAccount, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/api/admin${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staff.access}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const rowTitles = (page: Page) =>
  page
    .locator('.admin-episode-row .admin-episode-title')
    .evaluateAll((titles) => titles.map((title) => title.textContent?.match(/Part (One|Two|Three)/)?.[0] ?? ''));

/** A finger pressing at (x, fromY), sliding to toY in small steps, and lifting. */
async function touchDrag(context: BrowserContext, page: Page, x: number, fromY: number, toY: number) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: fromY }] });
  for (let step = 1; step <= 8; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x, y: fromY + ((toY - fromY) * step) / 8 }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('reordering episodes on a phone', () => {
  it('moves an episode by dragging its handle with a finger, saves it, and the arrows still work by keyboard', async () => {
    const staff = await createStaffAccount('orderer');
    const series = await staffCall<{ id: number }>(staff, 'POST', '/series/', {
      title: `Three Parts ${Date.now().toString(36)}`,
    });
    for (const part of ['Part One', 'Part Two', 'Part Three']) {
      await staffCall(staff, 'POST', `/series/${series.id}/episodes/`, { title: part, is_free: true });
    }
    const account = await staffLogin(staff);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await context.addInitScript(sessionInitScript(account));
    await context.addInitScript(() => window.localStorage.setItem('is_admin', 'true'));
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/admin/series/${series.id}/episodes`);
    await page.locator('.admin-episode-row').nth(2).waitFor({ timeout: 30_000 });
    expect(await rowTitles(page)).toEqual(['Part One', 'Part Two', 'Part Three']);

    // Press the first episode's handle and drag it onto the last row.
    const handle = await page.locator('.admin-episode-row').first().locator('.admin-drag-handle').boundingBox();
    const last = await page.locator('.admin-episode-row').nth(2).boundingBox();
    if (!handle || !last) throw new Error('the episode rows are not on screen');
    const scrolledBefore = await page.evaluate(() => window.scrollY);
    await touchDrag(context, page, handle.x + handle.width / 2, handle.y + handle.height / 2, last.y + last.height / 2);
    expect(await rowTitles(page)).toEqual(['Part Two', 'Part Three', 'Part One']);
    // The finger dragged the episode, not the page.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledBefore);

    const savedAnswer = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().includes(`/series/${series.id}/episodes/`),
    );
    // Pressed with a click: after a touch drag emulated through the DevTools protocol, Chromium no longer
    // turns emulated taps into clicks (a tap before the drag does), whatever the page does.
    await page.getByRole('button', { name: 'Save the new order' }).click();
    const answer = await savedAnswer;
    expect([answer.status(), await answer.text()]).toEqual([200, expect.any(String)]);
    const saved = await staffCall<Array<{ title: string }>>(staff, 'GET', `/series/${series.id}/episodes/`);
    expect(saved.map((episode) => episode.title)).toEqual(['Part Two', 'Part Three', 'Part One']);

    // By keyboard: the arrow buttons move an episode up.
    await page.getByRole('button', { name: 'Move “Part One” up' }).focus();
    await page.keyboard.press('Enter');
    expect(await rowTitles(page)).toEqual(['Part Two', 'Part One', 'Part Three']);
    await page.getByRole('button', { name: 'Save the new order' }).waitFor();
    await context.close();
  }, 120_000);
});
