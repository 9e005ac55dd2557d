/**
 * Staff see how viewers watched one series: a guest plays its free first episode for five seconds,
 * and within seconds the analytics screen of that series counts one more viewer of episode 1 — in the
 * API and on the screen staff read (the drop-off table).
 */
import type { Browser } from 'playwright-core';
import { sessionInitScript } from '../support/accounts';
import { baseUrl, launchBrowser } from '../support/browser';
import { createStaffAccount } from '../support/staff-accounts';
import { waitForPlayback } from '../support/viewer-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface JourneySeries {
  id: number;
  title: string;
  is_gold_exclusive: boolean;
  episodes_count: number;
}

interface SeriesFunnel {
  steps: { starters: number };
  episodes: Array<{ episode_number: number; viewers: number }>;
}

async function funnelOf(access: string, seriesId: number): Promise<SeriesFunnel> {
  const response = await fetch(`${baseUrl()}/api/admin/analytics/?days=7&series_id=${seriesId}`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { funnel: SeriesFunnel }).funnel;
}

const firstEpisodeViewers = (funnel: SeriesFunnel) =>
  funnel.episodes.find((episode) => episode.episode_number === 1)?.viewers ?? 0;

describe('staff analytics per series', () => {
  it("counts a guest's five seconds of episode 1 among the series' viewers within seconds", async () => {
    const staff = await createStaffAccount('analyst');
    const login = await fetch(`${baseUrl()}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: staff.email, password: staff.password }),
    });
    const account = await login.json();

    const list = (await (await fetch(`${baseUrl()}/api/series/?limit=100`)).json()) as
      | JourneySeries[]
      | { results: JourneySeries[] };
    const all = Array.isArray(list) ? list : list.results;
    const series = all.find((s) => s.title === 'Midnight Vows') ?? all.find((s) => !s.is_gold_exclusive);
    expect(series).toBeTruthy();
    const seriesId = series?.id as number;
    const before = firstEpisodeViewers(await funnelOf(account.access, seriesId));

    // A new guest (a fresh browser) plays the free first episode for five seconds.
    const viewer = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await viewer.newPage();
    await page.goto(`${baseUrl()}/player/${seriesId}/episode/1`);
    await waitForPlayback(page, 0.5);
    await page.waitForTimeout(5_000);
    await page.close({ runBeforeUnload: true });
    await viewer.close();

    const deadline = Date.now() + 20_000;
    let after = before;
    while (Date.now() < deadline && after <= before) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      after = firstEpisodeViewers(await funnelOf(account.access, seriesId));
    }
    expect(after).toBe(before + 1);

    // The analytics screen shows the same figure in its drop-off table.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(sessionInitScript(account));
    await context.addInitScript(() => window.localStorage.setItem('is_admin', 'true'));
    const screen = await context.newPage();
    await screen.goto(`${baseUrl()}/admin/analytics`);
    await screen.getByLabel('Series').selectOption(String(seriesId));
    const row = screen.getByRole('row', { name: /^EP1\b/ });
    await row.waitFor({ timeout: 20_000 });
    await expect(row.getByRole('cell').first().textContent()).resolves.toBe(String(after));
    await context.close();
  });
});
