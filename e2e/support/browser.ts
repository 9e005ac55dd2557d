/**
 * Debian's Chromium driven by playwright-core, with the flags this machine needs (PITFALLS). The benches
 * launch the browser through this file outside jest too, so it must not import jest.
 */
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * One browser for a journey file: launched before its first test, closed after its last. Tests open
 * their own contexts on it (`newContext`), as they would on the browser itself.
 */
export function journeyBrowser(): Pick<Browser, 'newContext'> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    newContext: (options) => {
      if (!browser) throw new Error('the journey browser is launched in beforeAll: open contexts inside tests');
      return browser.newContext(options);
    },
  };
}

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the journeys through jest (npm run test:e2e)');
  return url;
}

/** Fails when the page is wider than its window: nothing may need sideways scrolling on a phone. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  if (scrollWidth > innerWidth) {
    throw new Error(`the page is ${scrollWidth} px wide in a ${innerWidth} px window: it scrolls sideways`);
  }
}
