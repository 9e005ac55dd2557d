/**
 * Chaos for the API (issue #9 item 6), in a real browser against the running system: 502, 503 and 504
 * answers, dropped connections and network time-outs are retried as spec §8 says (up to 3 times,
 * 1 s × the attempt number apart), a series list that still fails falls back to the built-in sample
 * series, and whatever the API does the page never goes blank and nothing is uncaught.
 */
import { MAX_RETRIES, RETRY_DELAY_MS, RETRY_STATUSES } from '@cliffhanger/shared/src/constants';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { baseUrl, launchBrowser } from '../support/browser';
import { REMOTE_SCREENS } from '../support/remotes';

let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await browser.newContext();
});
afterEach(async () => {
  await context?.close();
});

const SAMPLE_NOTICE = 'We couldn’t reach the catalogue, so here are a few sample series.';
/** The first of the built-in sample series (mf-catalog/src/features/catalogue/sample-catalogue.ts). */
const FIRST_SAMPLE = 'The Heir Returns';

/** A timer may fire a little late, never early; this is only room for the clocks of two processes. */
const CLOCK_SLACK_MS = 250;

async function openPage(): Promise<{ page: Page; pageErrors: string[] }> {
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { page, pageErrors };
}

/**
 * Answers the home screen's series list (`GET /api/series/?…`) by `plan`, one step per attempt; an
 * attempt past the plan's end gets the last step. Answers when each attempt arrived.
 */
async function chaosOnSeriesList(
  page: Page,
  plan: Array<{ status: number } | { abort: 'timedout' | 'connectionreset' } | 'real'>,
): Promise<number[]> {
  const arrivals: number[] = [];
  await page.route(
    (url) => url.pathname === '/api/series/',
    async (route: Route) => {
      arrivals.push(Date.now());
      const step = plan[Math.min(arrivals.length, plan.length) - 1];
      if (step === 'real') return route.continue();
      if ('abort' in step) return route.abort(step.abort);
      return route.fulfill({ status: step.status, contentType: 'text/plain', body: 'upstream trouble' });
    },
  );
  return arrivals;
}

function gapsBetween(times: number[]): number[] {
  return times.slice(1).map((time, i) => time - times[i]);
}

/** The waits §8 prescribes before retries 1, 2, 3: 1 s × the attempt number. */
const PRESCRIBED_WAITS = Array.from({ length: MAX_RETRIES }, (_, i) => RETRY_DELAY_MS * (i + 1));

async function expectSampleSeries(page: Page): Promise<void> {
  await page.getByText(SAMPLE_NOTICE).waitFor({ timeout: 20_000 });
  await page.locator('.series-grid-section a.series-card').filter({ hasText: FIRST_SAMPLE }).first().waitFor();
}

async function expectShellStanding(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Cliffhanger home' }).first().waitFor({ state: 'visible', timeout: 5_000 });
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, so a page showing nothing fails
  const text = await page.locator('#root').innerText();
  expect(text.trim().length).toBeGreaterThan(0);
}

describe('when the API answers 502, 503 or 504', () => {
  it(`retries the series list ${MAX_RETRIES} times, 1 s × the attempt apart, then shows the sample series`, async () => {
    const { page, pageErrors } = await openPage();
    const [first, second, third] = RETRY_STATUSES;
    const arrivals = await chaosOnSeriesList(page, [{ status: first }, { status: second }, { status: third }]);
    await page.goto(`${baseUrl()}/`);
    await expectShellStanding(page);
    await expectSampleSeries(page);

    expect(arrivals).toHaveLength(1 + MAX_RETRIES);
    gapsBetween(arrivals).forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(PRESCRIBED_WAITS[i] - CLOCK_SLACK_MS);
    });
    // The samples are kept in the browser's storage too (§8).
    const stored = await page.evaluate(
      (title) => Object.values(window.localStorage).some((value) => value.includes(title)),
      FIRST_SAMPLE,
    );
    expect(stored).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('shows the real catalogue when a retry gets through, with no sample notice', async () => {
    const { page, pageErrors } = await openPage();
    const arrivals = await chaosOnSeriesList(page, [{ status: 503 }, { status: 502 }, 'real']);
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('heading', { name: REMOTE_SCREENS.catalog.ready }).waitFor();
    const cards = page.locator('.series-grid-section a.series-card');
    await cards.first().waitFor({ timeout: 20_000 });
    expect(arrivals).toHaveLength(3);
    expect(await cards.filter({ hasText: FIRST_SAMPLE }).count()).toBe(0);
    expect(await page.getByText(SAMPLE_NOTICE).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});

describe('when connections to the API time out or drop', () => {
  it(`retries the series list ${MAX_RETRIES} times, then shows the sample series`, async () => {
    const { page, pageErrors } = await openPage();
    const arrivals = await chaosOnSeriesList(page, [
      { abort: 'timedout' },
      { abort: 'connectionreset' },
      { abort: 'timedout' },
      { abort: 'connectionreset' },
    ]);
    await page.goto(`${baseUrl()}/`);
    await expectShellStanding(page);
    await expectSampleSeries(page);
    expect(arrivals).toHaveLength(1 + MAX_RETRIES);
    gapsBetween(arrivals).forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(PRESCRIBED_WAITS[i] - CLOCK_SLACK_MS);
    });
    expect(pageErrors).toEqual([]);
  });
});

describe('when the whole API is down', () => {
  it('still renders the shell, the home screen with the sample series and the other screens, with nothing uncaught', async () => {
    const { page, pageErrors } = await openPage();
    await page.route(
      (url) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/feed-api/'),
      (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'down for maintenance' }),
    );
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('heading', { name: REMOTE_SCREENS.catalog.ready }).waitFor({ timeout: 20_000 });
    await expectShellStanding(page);
    await expectSampleSeries(page);

    await page.getByRole('link', { name: 'Cliffhanger home' }).first().waitFor();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/coins');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: REMOTE_SCREENS.wallet.ready, level: 1 }).waitFor({ timeout: 15_000 });
    await expectShellStanding(page);
    expect(pageErrors).toEqual([]);
  });
});
