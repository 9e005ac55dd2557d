/**
 * Every screen in reach (issue #16): from home, For you, Search, My list, Rewards and Profile each
 * open in at most two taps on a phone (390 × 844, touch) and on a desktop (1440 × 900). Search keeps
 * its query in the address, so a reload and the back button come back to the same results; "hei"
 * finds "The Heiress Returns". A series page answers link-preview crawlers with its tags, no script
 * needed. Screenshots of each screen are kept in docs/screens/discover-*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1440, height: 900 } };
const SCREENS_DIR = join(__dirname, '..', '..', 'docs', 'screens');

async function shoot(page: Page, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENS_DIR, `discover-${name}.png`) });
}

async function openHome(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/`);
  await page.locator('#root').getByRole('heading', { name: 'Watch something gripping' }).waitFor({ timeout: 30_000 });
  return page;
}

/** A screen has opened: its address, and a heading of its own inside the app. */
async function arrived(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
  await page.locator('#root h1').first().waitFor({ state: 'attached', timeout: 30_000 });
}

const PHONE_ENTRIES = [
  { name: 'For you', path: '/foryou' },
  { name: 'Search', path: '/search' },
  { name: 'My list', path: '/mylist' },
  { name: 'Rewards', path: '/rewards' },
];

describe('every screen within two taps', () => {
  it('on a phone: For you, Search, My list and Rewards from the header icons, Profile from the tab bar', async () => {
    const context = await browser.newContext(PHONE);
    const page = await openHome(context);
    await shoot(page, 'phone-home');
    for (const entry of PHONE_ENTRIES) {
      const link = page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: entry.name });
      expect(await link.isVisible()).toBe(true);
      const box = await link.boundingBox();
      // A comfortable target, inside the screen.
      expect(box && box.width >= 40 && box.height >= 40 && box.x + box.width <= 390).toBe(true);
      await link.tap();
      await arrived(page, entry.path);
      await shoot(page, `phone-${entry.path.slice(1)}`);
      await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Home' }).tap();
      await page.waitForURL((url) => url.pathname === '/');
    }
    await page
      .getByRole('navigation', { name: 'Tabs' })
      .getByRole('link', { name: /Profile/ })
      .tap();
    await arrived(page, '/profile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  }, 120_000);

  it('on a desktop: every screen from the header navigation', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await openHome(context);
    await shoot(page, 'desktop-home');
    expect(await page.getByRole('navigation', { name: 'Quick links' }).isVisible()).toBe(false);
    for (const entry of PHONE_ENTRIES) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: entry.name }).click();
      await arrived(page, entry.path);
      await page.getByRole('link', { name: 'Cliffhanger home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    }
    await page.getByRole('link', { name: 'Sign in' }).click();
    await arrived(page, '/profile');
    await context.close();
  }, 120_000);
});

describe('search keeps its query', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])(
    'on a %s: "hei" finds The Heiress Returns, in the address, through a reload and back',
    async (size, options) => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/search`);
      const box = page.getByLabel('Search series and episodes');
      await box.waitFor({ timeout: 30_000 });
      await page.getByRole('region', { name: 'Trending now' }).waitFor({ timeout: 15_000 });
      if (size === 'phone') await shoot(page, 'phone-search-empty');
      await box.fill('hei');
      await page.waitForURL((url) => url.searchParams.get('q') === 'hei', { timeout: 15_000 });
      const result = page.locator('.search-results').getByRole('link', { name: /^The Heiress Returns/ });
      await result.waitFor({ timeout: 15_000 });
      await shoot(page, `${size}-search-results`);

      await page.reload();
      await result.waitFor({ timeout: 30_000 });
      expect(await page.getByLabel('Search series and episodes').inputValue()).toBe('hei');

      await result.click();
      await page.waitForURL((url) => url.pathname.startsWith('/series/'));
      await page.locator('#root').getByRole('heading', { name: 'The Heiress Returns' }).waitFor({ timeout: 30_000 });
      await page.goBack();
      await result.waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).searchParams.get('q')).toBe('hei');
      await context.close();
    },
    120_000,
  );
});

describe('the series page', () => {
  it('shows the honest totals, durations and Share, and answers crawlers with link-preview tags', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const list = (await (await page.request.get(`${baseUrl()}/api/search/?q=heiress`)).json()) as {
      series: Array<{ id: number; title: string }>;
    };
    const heiress = list.series.find((s) => s.title === 'The Heiress Returns');
    expect(heiress).toBeDefined();
    const id = heiress?.id as number;

    // A crawler: no JavaScript, any type.
    const html = await (await page.request.get(`${baseUrl()}/series/${id}`, { headers: { accept: '*/*' } })).text();
    expect(html).toContain('<meta property="og:title" content="The Heiress Returns"/>');
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"\/>/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');

    await page.goto(`${baseUrl()}/series/${id}`);
    const totals = page.getByTestId('series-totals');
    await totals.waitFor({ timeout: 30_000 });
    expect(await totals.textContent()).toMatch(
      /^\d+ episodes · \d+ min · \d+ free · the rest (for \d+ coins or )?with Gold$/,
    );
    await page.locator('.episode-duration').first().waitFor();
    expect(await page.getByRole('button', { name: 'Share “The Heiress Returns”' }).isVisible()).toBe(true);
    await shoot(page, 'phone-series');
    await context.close();
  }, 120_000);
});
