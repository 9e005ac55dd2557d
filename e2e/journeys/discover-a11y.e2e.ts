/**
 * Accessibility of the discovery screens (issue #16): axe-core finds no serious or critical violation
 * on home, search (empty and with results), a series page and my list, on a phone (390 × 844) and a
 * desktop (1440 × 900).
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from '../support/browser';

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
