/**
 * The start-up skeleton (api/src/frontends/first-screen.ts, shell/public/index.html) draws the site
 * header, the title and the first hero before any script runs. When the home screen takes its place,
 * nothing may move: a hero even a pixel lower is a layout shift the viewer sees, and the browser counts
 * it as a new, later largest paint — the first picture would no longer count as the page being there.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Box = { x: number; y: number; width: number; height: number };
const boxOf = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const rect = document.querySelector(s)?.getBoundingClientRect();
    return rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
  }, selector);

const SCREENS: Array<[string, BrowserContextOptions]> = [
  ['a 360 px phone', { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }],
  ['a 390 px phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['a desktop', { viewport: { width: 1440, height: 900 } }],
];

describe('the first screen', () => {
  it.each(SCREENS)(
    'on %s, the home screen replaces the start-up skeleton without moving its hero',
    async (_, options) => {
      const context = await browser.newContext(options);
      try {
        // The skeleton alone: the page as it is before its script arrives.
        const before = await context.newPage();
        await before.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort());
        await before.goto(`${baseUrl()}/`);
        const skeletonHero = (await boxOf(before, '.startup-hero-image')) as Box;
        const skeletonHeader = (await boxOf(before, '.startup-header')) as Box;
        expect(skeletonHero).not.toBeNull();
        await before.close();

        const page = await context.newPage();
        await page.goto(`${baseUrl()}/`);
        await page.locator('#root img.hero-image').first().waitFor({ timeout: 30_000 });
        const hero = (await boxOf(page, '#root img.hero-image')) as Box;
        const header = (await boxOf(page, '#root .site-header')) as Box;
        expect(header.height).toBeCloseTo(skeletonHeader.height, 1);
        for (const side of ['x', 'y', 'width', 'height'] as const)
          expect(hero[side]).toBeCloseTo(skeletonHero[side], 1);
      } finally {
        await context.close();
      }
    },
    60_000,
  );

  it.each(SCREENS)(
    "on %s, the skeleton's hero stays the page's largest paint after the home screen draws its own",
    async (_, options) => {
      const context = await browser.newContext(options);
      try {
        const page = await context.newPage();
        await page.addInitScript(() => {
          const w = window as unknown as { __largestPaints: string[] };
          w.__largestPaints = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>)
              w.__largestPaints.push(
                entry.element ? `${entry.element.tagName.toLowerCase()}.${entry.element.className}` : '',
              );
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        });
        await page.goto(`${baseUrl()}/`);
        await page.locator('#root img.hero-image').first().waitFor({ timeout: 30_000 });
        await page.locator('#startup-loader').waitFor({ state: 'detached', timeout: 30_000 });
        await page.waitForTimeout(300);
        const paints = await page.evaluate(() => (window as unknown as { __largestPaints: string[] }).__largestPaints);
        expect(paints.at(-1)).toBe('img.startup-hero-image');
      } finally {
        await context.close();
      }
    },
    60_000,
  );
});
