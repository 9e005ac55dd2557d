/**
 * Every route of the specification (product.md#screens) renders in its remote, fetched from
 * `/remotes/<name>/mf-manifest.json` at run time, with one React on the page; the slug forms open the
 * series their address names, and every page route answers the app to a client that asks for no type.
 */

import { SCREENS, type ScreenKey } from '@cliffhanger/shared/routes';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A concrete address for each route pattern. */
const concrete = (path: string) =>
  path
    .replace('/*', '/balance')
    .replace(':seriesSlug', 'series-1')
    .replace(':episodeNumber', '1')
    .replace(/:(\w+)/g, '1');

const cases = (Object.keys(SCREENS) as ScreenKey[]).flatMap((key) =>
  SCREENS[key].paths.map((path) => [concrete(path), SCREENS[key].remote, key] as const),
);

describe('the route table in a real browser', () => {
  it.each(cases)('renders %s in the %s remote (%s)', async (path, remote) => {
    const context = await browser.newContext();
    await context.addInitScript(() => window.localStorage.setItem('is_admin', 'true'));
    const page = await context.newPage();
    const manifests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/mf-manifest.json')) manifests.push(new URL(request.url()).pathname);
    });
    // The shell reads which version of each remote to load before it asks for one: wait for the ask.
    const manifest = page.waitForRequest((request) => request.url().endsWith(`/remotes/${remote}/mf-manifest.json`), {
      timeout: 15_000,
    });
    await page.goto(`${baseUrl()}${path}`);
    await manifest;
    await page.waitForFunction(() => !document.querySelector('.ch-spinner-screen'), undefined, { timeout: 15_000 });
    expect(manifests).toContain(`/remotes/${remote}/mf-manifest.json`);
    expect(await page.getByText('is unavailable right now').count()).toBe(0);
    expect(await page.getByText('Oops! Something went wrong').count()).toBe(0);
    expect(await page.getByText('We couldn’t find that page').count()).toBe(0);
    await context.close();
  });

  it('redirects the legacy series link to the mobile player at 768 px and to the desktop player at 769 px', async () => {
    for (const [width, expected] of [
      [768, '/player/series-3/EP1'],
      [769, '/desktop-player/series-3/EP1'],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${baseUrl()}/series-legacy/3`);
      await page.waitForURL(`**${expected}`);
      await page.close();
    }
  });

  it('opens the slug forms by the series’ address, and sends a loosely written one to the current address', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    for (const [path, at] of [
      ['/player/the-ceos-secret-twins/4', '/player/the-ceos-secret-twins/4'],
      ['/desktop-player/The-CEO’s-Secret-Twins/1', '/desktop-player/the-ceos-secret-twins/1'],
      ['/player/my-fake-fiancé-is-a-prince/1', '/player/my-fake-fiance-is-a-prince/1'],
    ]) {
      await page.goto(`${baseUrl()}${path}`);
      await page.locator('main.player').waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe(at);
      expect(await page.getByText('Episode not available').count()).toBe(0);
    }
    await page.close();
    // A crawler or curl (no Accept header) gets the app with the episode's own preview.
    const crawler = await fetch(`${baseUrl()}/player/the-ceos-secret-twins/4`);
    expect(crawler.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await crawler.text()).toContain('<meta property="og:title" content="The CEO’s Secret Twins — Episode 4');
  });

  it('shows a friendly page for an unknown path', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/no/such/page`);
    await page.getByText('We couldn’t find that page').waitFor();
    await page.close();
  });

  it('sends a visitor without staff rights from /admin to /admin-login', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/admin/users`);
    await page.waitForURL('**/admin-login');
    await page.close();
  });
});
