/**
 * Accessibility of the viewer's screens (issue #16): axe-core finds no serious or critical violation
 * on home, search (empty and with results), a series page and my list, and — for a signed-in viewer —
 * on the player (the phone's immersive player with its episode drawer open too), For you, rewards,
 * the profile, the coin store, Gold and the account, on a phone (390 × 844) and a desktop (1440 × 900).
 * "Skip to content" is every page's first tab stop, and the player breaks no rule of the page's own
 * Content-Security-Policy (issue #38).
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { registerAccount, sessionInitScript } from '../support/accounts';
import { baseUrl, launchBrowser } from '../support/browser';
import { waitForPlayback } from '../support/viewer-helpers';

let browser: Browser;
let axeSource: string;
beforeAll(async () => {
  browser = await launchBrowser();
  axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
});
afterAll(async () => {
  await browser?.close();
});

const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1440, height: 900 } },
};

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** The serious and critical violations axe-core finds on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: Violation[] };
    return result.violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function heiressId(page: Page): Promise<number> {
  const answer = (await (await page.request.get(`${baseUrl()}/api/search/?q=heiress`)).json()) as {
    series: Array<{ id: number; title: string }>;
  };
  const found = answer.series.find((s) => s.title === 'The Heiress Returns');
  if (!found) throw new Error('The demo series "The Heiress Returns" is not on show');
  return found.id;
}

describe.each(Object.entries(SIZES))('no serious or critical accessibility problems (%s)', (_size, options) => {
  it('on home, search, a series page and my list', async () => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const found: Record<string, string[]> = {};

    await page.goto(`${baseUrl()}/`);
    await page.locator('#root').getByRole('heading', { name: 'Watch something gripping' }).waitFor({ timeout: 30_000 });
    await page.locator('#root .series-card').first().waitFor({ timeout: 30_000 });
    found.home = await seriousViolations(page);
    // The first tab stop skips the header: Enter lands in the screen's content.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('content');

    await page.goto(`${baseUrl()}/search`);
    await page.getByRole('region', { name: 'Trending now' }).waitFor({ timeout: 30_000 });
    found.searchEmpty = await seriousViolations(page);

    await page.goto(`${baseUrl()}/search?q=hei`);
    await page.locator('.search-results a').first().waitFor({ timeout: 30_000 });
    found.searchResults = await seriousViolations(page);

    await page.goto(`${baseUrl()}/series/${await heiressId(page)}`);
    await page.locator('.episode-tile').first().waitFor({ timeout: 30_000 });
    found.series = await seriousViolations(page);

    await page.goto(`${baseUrl()}/mylist`);
    await page.locator('#root h1').first().waitFor({ timeout: 30_000 });
    await page.locator('.ch-spinner-inline, .ch-spinner').first().waitFor({ state: 'detached', timeout: 15_000 });
    found.myList = await seriousViolations(page);

    expect(found).toEqual({ home: [], searchEmpty: [], searchResults: [], series: [], myList: [] });
    await context.close();
  }, 180_000);
});

async function firstEpisodeId(page: Page, seriesId: number): Promise<number> {
  const episodes = (await (await page.request.get(`${baseUrl()}/api/series/${seriesId}/episodes/`)).json()) as Array<{
    id: number;
    season: number;
    episode_number: number;
  }>;
  const first = [...episodes].sort((a, b) => a.season - b.season || a.episode_number - b.episode_number)[0];
  if (!first) throw new Error('The demo series has no episodes');
  return first.id;
}

/** Waits until no spinner is left on the page (the screen's data has arrived). */
async function settled(page: Page) {
  await page.locator('.ch-spinner-inline, .ch-spinner').first().waitFor({ state: 'detached', timeout: 15_000 });
}

describe.each(Object.entries(SIZES))(
  'no serious or critical accessibility problems for a signed-in viewer (%s)',
  (size, options) => {
    it('on the player (within the page policy), For you, rewards, the profile, the coin store, Gold and the account', async () => {
      const account = await registerAccount('a11y');
      const context = await browser.newContext(options);
      await context.addInitScript(sessionInitScript(account));
      // Whatever the page's own policy refuses, as the browser reports it.
      await context.addInitScript(() => {
        const refused: string[] = [];
        (window as unknown as { refused: string[] }).refused = refused;
        document.addEventListener('securitypolicyviolation', (event) =>
          refused.push(`${event.effectiveDirective} ${event.blockedURI}`),
        );
      });
      const page = await context.newPage();
      const found: Record<string, string[]> = {};

      const seriesId = await heiressId(page);
      await page.goto(`${baseUrl()}/player/${seriesId}/episode/${await firstEpisodeId(page, seriesId)}`);
      await waitForPlayback(page, 0.3);
      found.player = await seriousViolations(page);
      found.playerPolicy = await page.evaluate(() => (window as unknown as { refused: string[] }).refused);
      if (size === 'phone') {
        // The immersive player's episode drawer, open over the playing video.
        await page.getByRole('button', { name: 'Episodes' }).tap();
        await page.getByRole('dialog', { name: 'Episodes' }).waitFor();
        found.episodeDrawer = await seriousViolations(page);
      }

      await page.goto(`${baseUrl()}/foryou`);
      await page.locator('.feed-item').first().waitFor({ timeout: 30_000 });
      await page.waitForFunction(
        () => (document.querySelector('.feed-item video') as HTMLVideoElement | null)?.readyState,
        null,
        {
          timeout: 30_000,
        },
      );
      found.forYou = await seriousViolations(page);

      await page.goto(`${baseUrl()}/rewards`);
      await page.locator('#root h1').first().waitFor({ timeout: 30_000 });
      await settled(page);
      found.rewards = await seriousViolations(page);

      await page.goto(`${baseUrl()}/profile`);
      await page.locator('#root h1').first().waitFor({ timeout: 30_000 });
      await settled(page);
      found.profile = await seriousViolations(page);

      await page.goto(`${baseUrl()}/coins`);
      await page.getByRole('heading', { name: 'Coin store', level: 1 }).waitFor({ timeout: 30_000 });
      await page.locator('.package-list button').first().waitFor({ timeout: 15_000 });
      await settled(page);
      found.coins = await seriousViolations(page);

      await page.goto(`${baseUrl()}/gold-subscription`);
      await page.getByRole('heading', { name: 'Choose your plan' }).waitFor({ timeout: 30_000 });
      await settled(page);
      found.gold = await seriousViolations(page);

      await page.goto(`${baseUrl()}/account`);
      await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor({ timeout: 30_000 });
      await settled(page);
      found.account = await seriousViolations(page);

      expect(found).toEqual({
        player: [],
        playerPolicy: [],
        ...(size === 'phone' ? { episodeDrawer: [] } : {}),
        forYou: [],
        rewards: [],
        profile: [],
        coins: [],
        gold: [],
        account: [],
      });
      await context.close();
    }, 180_000);
  },
);
