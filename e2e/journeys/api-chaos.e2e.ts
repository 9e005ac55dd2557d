/**
 * Chaos for the API (issue #9 item 6), in a real browser against the running system: 502, 503 and 504
 * answers, dropped connections and network time-outs are retried as product.md#requests says (up to 3 times,
 * 1 s × the attempt number apart), a series list that still fails falls back to the built-in sample
 * series, and whatever the API does the page never goes blank and nothing is uncaught. A sample series
 * opened from that fallback shows its sample detail and episodes, and with the whole API down the series
 * screen gives up after the transport's retries alone, not the transport's times the query's: the tab's
 * transport then backs off (one request at a time, product.md#requests), so a request waits at most
 * GATE_PATIENCE_MS for its turns before the screen hears of the failure.
 */
import {
  GATE_PATIENCE_MS,
  MAX_RETRIES,
  RETRY_DELAY_MS,
  RETRY_STATUSES,
  SERIES_NOT_FOUND_MESSAGE,
} from '@cliffhanger/shared/constants';
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
/** The note on a sample series' own screen. */
const SAMPLE_SERIES_NOTE = 'We couldn’t reach the catalogue, so this is one of our sample series.';
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

/** The waits product.md#requests prescribes before retries 1, 2, 3: 1 s × the attempt number. */
const PRESCRIBED_WAITS = Array.from({ length: MAX_RETRIES }, (_, i) => RETRY_DELAY_MS * (i + 1));

async function expectSampleSeries(page: Page): Promise<void> {
  await page.getByText(SAMPLE_NOTICE).waitFor({ timeout: 20_000 });
  await page.locator('.series-grid-section a.series-card').filter({ hasText: FIRST_SAMPLE }).first().waitFor();
}

/** The first sample series' card on the home grid. */
function firstSampleCard(page: Page) {
  return page.locator('.series-grid-section a.series-card').filter({ hasText: FIRST_SAMPLE }).first();
}

/** Moves within the single-page app, as its links do, keeping what the page holds in memory. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * The sample series screen: its title, the note that it is a sample, and its three sample episodes.
 * Answers when the title appeared.
 */
async function expectSampleSeriesScreen(page: Page, timeout: number): Promise<number> {
  await page.getByRole('heading', { name: FIRST_SAMPLE, level: 1 }).waitFor({ timeout });
  const shownAt = Date.now();
  await page.getByText(SAMPLE_SERIES_NOTE).waitFor({ timeout: 1_000 });
  expect(await page.locator('.episode-grid a').count()).toBe(3);
  expect(await page.getByRole('heading', { name: SERIES_NOT_FOUND_MESSAGE }).count()).toBe(0);
  return shownAt;
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
    // The samples are kept in the browser's storage too (product.md#catalogue).
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
    // Buying needs the server to know the visitor, and it could not register them (product.md#accounts).
    await page
      .getByRole('heading', { name: 'We could not connect your session', level: 1 })
      .waitFor({ timeout: 20_000 });
    await expectShellStanding(page);
    expect(pageErrors).toEqual([]);
  });
});

describe('a sample series opened from the fallback', () => {
  it('shows its sample detail and episodes while only the series list fails, and an unknown real id still reads "Series not found"', async () => {
    const { page, pageErrors } = await openPage();
    await chaosOnSeriesList(page, [{ status: 503 }]);
    await page.goto(`${baseUrl()}/`);
    await expectSampleSeries(page);

    await firstSampleCard(page).click();
    await expectSampleSeriesScreen(page, 10_000);

    await navigateInApp(page, '/series/987654');
    await page.getByRole('heading', { name: SERIES_NOT_FOUND_MESSAGE, level: 1 }).waitFor({ timeout: 10_000 });
    expect(await page.getByText(SAMPLE_SERIES_NOTE).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});

describe('the series screen with the whole API down', () => {
  /** The longest a request waits for its turns at a failing API, its last retry wait, and room to draw. */
  const GIVE_UP_MS = GATE_PATIENCE_MS + PRESCRIBED_WAITS[MAX_RETRIES - 1] + 2_000;

  /**
   * The screen gave up after the transport's own retries (product.md#requests: 3, 1 s × the attempt apart), not after
   * those times a query's. A request may follow at once: the sample catalogue just written to storage
   * reads as a catalogue change, which asks for the series again.
   */
  function expectOneRoundOfRetries(arrivals: number[], askedAt: number, shownAt: number): void {
    const round = arrivals.filter((time) => time < shownAt);
    expect(round.length).toBeLessThanOrEqual(1 + MAX_RETRIES);
    gapsBetween(round).forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(PRESCRIBED_WAITS[i] - CLOCK_SLACK_MS);
    });
    expect(shownAt - askedAt).toBeLessThan(GIVE_UP_MS);
  }

  it(`falls back within ${GIVE_UP_MS / 1000} s: the sample for a sample series, "Failed to fetch series detail" with Try again for a real one`, async () => {
    const { page, pageErrors } = await openPage();
    const detailArrivals = new Map<string, number[]>();
    await page.route(
      (url) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/feed-api/'),
      (route) => {
        const detail = /^\/api\/series\/(\d+)\/$/.exec(new URL(route.request().url()).pathname);
        if (detail) detailArrivals.set(detail[1], [...(detailArrivals.get(detail[1]) ?? []), Date.now()]);
        return route.fulfill({ status: 503, contentType: 'text/plain', body: 'down for maintenance' });
      },
    );
    await page.goto(`${baseUrl()}/`);
    await expectSampleSeries(page);
    const sampleId = (await firstSampleCard(page).getAttribute('href'))?.match(/\/series\/(\d+)/)?.[1];
    if (!sampleId) throw new Error('the sample card links to no series');

    const sampleAskedAt = Date.now();
    await firstSampleCard(page).click();
    const sampleShownAt = await expectSampleSeriesScreen(page, GIVE_UP_MS + 5_000);
    expectOneRoundOfRetries(detailArrivals.get(sampleId) ?? [], sampleAskedAt, sampleShownAt);

    const realAskedAt = Date.now();
    await navigateInApp(page, '/series/1');
    await page.getByText('Failed to fetch series detail').waitFor({ timeout: GIVE_UP_MS + 5_000 });
    expectOneRoundOfRetries(detailArrivals.get('1') ?? [], realAskedAt, Date.now());

    const askedAgain = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/series/1/');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Failed to fetch series detail' })
      .getByRole('button', { name: 'Try again' })
      .click();
    await askedAgain;
    expect(pageErrors).toEqual([]);
  });
});
