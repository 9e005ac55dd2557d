/**
 * Independent deployment for real (issue #9 item 1): the API and each frontend's production build run
 * as separate servers on separate origins, wired only by remotes.json and config.js (see
 * support/origins.ts). A viewer's main journeys work across them; then the wallet team deploys a new
 * release while a page is open. Kept old chunks let the open page go on; new page loads get the new
 * release; a deploy that drops the old chunks ends in the unavailable panel, never a blank page.
 */
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_LOAD_TIMEOUT_MS } from '@cliffhanger/shared/constants';
import { REMOTE_CONTAINER_NAMES, REMOTE_IDS, type RemoteId } from '@cliffhanger/shared/routes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildRelease } from '../../scripts/build';
import { launchBrowser } from '../support/browser';
import { type MultiOriginSystem, startMultiOriginSystem } from '../support/origins';
import { REMOTE_SCREENS, readyText } from '../support/remotes';
import { waitForPlayback } from '../support/viewer-helpers';

/** The remote that is redeployed, and the release it gets. */
const REDEPLOYED: RemoteId = 'wallet';
const RELEASE = '2.0.0-e2e';

let browser: Browser;
let system: MultiOriginSystem;
/**
 * The new release's build folder, built once before the journeys: a webpack build beside a page load
 * on two cores starves the page, so the two never overlap.
 */
let release: Promise<string>;

beforeAll(async () => {
  [browser, system] = await Promise.all([launchBrowser(), startMultiOriginSystem()]);
  const outDir = path.join(system.deployDir, `mf-${REDEPLOYED}-${RELEASE}`);
  release = buildRelease({ app: `mf-${REDEPLOYED}`, version: RELEASE, outDir }).then(() => outDir);
  release.catch(() => undefined); // awaited (and reported) by the redeploy tests
  await release.catch(() => undefined);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

/** A page that records its uncaught errors; every journey here ends with none. */
async function openPage(context: BrowserContext): Promise<{ page: Page; pageErrors: string[] }> {
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { page, pageErrors };
}

/** In-app navigation, as the shell's links do it: the document (and its loaded remotes) stays. */
async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** The release of a remote this page loaded, as its federation manifest named it. */
async function loadedRelease(page: Page, remote: RemoteId): Promise<string | undefined> {
  return page.evaluate((container) => {
    const federation = (window as unknown as { __FEDERATION__?: { moduleInfo?: Record<string, unknown> } })
      .__FEDERATION__;
    const entry = Object.entries(federation?.moduleInfo ?? {}).find(([key]) => key.startsWith(`${container}:`));
    return (entry?.[1] as { buildVersion?: string } | undefined)?.buildVersion;
  }, REMOTE_CONTAINER_NAMES[remote]);
}

describe('the frontends and the API on separate origins', () => {
  it('serve a viewer home → series → playing episode, the coin store, the account and the staff sign-in', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const { page, pageErrors } = await openPage(context);
    const shell = system.shell.url;

    await page.goto(`${shell}/`);
    await page.getByRole('heading', { name: REMOTE_SCREENS.catalog.ready }).waitFor({ timeout: 30_000 });
    const cards = page.locator('.series-grid-section a.series-card');
    await cards.first().waitFor({ timeout: 30_000 });
    // A series coins unlock, with free first episodes: this API's own fresh catalogue is the demo one.
    const list = (await (await fetch(`${system.apiUrl}/api/series/?limit=100`)).json()) as
      | Array<{ id: number; is_gold_exclusive: boolean }>
      | { results: Array<{ id: number; is_gold_exclusive: boolean }> };
    const open = new Set(
      (Array.isArray(list) ? list : list.results).filter((s) => !s.is_gold_exclusive).map((s) => `/series/${s.id}`),
    );
    const hrefs = await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    const href = hrefs.find((h) => open.has(h));
    expect(href).toBeTruthy();
    await page.locator(`.series-grid-section a.series-card[href="${href}"]`).first().click();
    await page.waitForURL(/\/series\/\d+$/);
    await page.getByRole('link', { name: /Play episode 1|Resume episode/ }).click();
    await page.waitForURL(/\/player\/\d+\/episode\/\d+/);
    await waitForPlayback(page, 0.5);

    await navigate(page, '/coins');
    await page.getByRole('heading', { name: REMOTE_SCREENS.wallet.ready, level: 1 }).waitFor({ timeout: 15_000 });
    // The packages come from the API's origin: the API allowed the shell's origin.
    await page
      .getByRole('button', { name: /^Buy .* coins for/ })
      .first()
      .waitFor({ timeout: 15_000 });

    await navigate(page, REMOTE_SCREENS.account.path);
    await readyText(page, REMOTE_SCREENS.account).waitFor({ timeout: 15_000 });
    await navigate(page, REMOTE_SCREENS.admin.path);
    await readyText(page, REMOTE_SCREENS.admin).waitFor({ timeout: 15_000 });

    // Each remote came from its own origin, and nothing was asked of the shell's origin for it.
    for (const id of REMOTE_IDS) {
      expect(system.remotes[id].requests).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));
    }
    expect(system.shell.requests.filter((p) => /remoteEntry|mf-manifest/.test(p))).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe(`a new release of the ${REDEPLOYED} remote, deployed while a page is open`, () => {
  const origin = () => system.remotes[REDEPLOYED];
  const screens = { open: '/coins', next: '/rewards', later: '/store' } as const;
  let context: BrowserContext;
  let openPageState: { page: Page; pageErrors: string[] };
  let firstRelease: string;
  let keepingOldChunks: string;

  beforeAll(async () => {
    context = await browser.newContext();
    openPageState = await openPage(context);
    const { page } = openPageState;
    await page.goto(`${system.shell.url}${screens.open}`);
    await page.getByRole('heading', { name: 'Coin store', level: 1 }).waitFor({ timeout: 30_000 });
    firstRelease = origin().root();
    // A deploy that keeps the old chunks: the new release copied over the live folder.
    const built = await release;
    keepingOldChunks = `${built}-over-${path.basename(firstRelease)}`;
    cpSync(firstRelease, keepingOldChunks, { recursive: true });
    cpSync(built, keepingOldChunks, { recursive: true });
  }, 300_000);

  afterAll(async () => {
    await context?.close();
  });

  it('keeps the open page working on its old release, chunks it had not loaded included', async () => {
    const { page, pageErrors } = openPageState;
    const before = await loadedRelease(page, REDEPLOYED);
    expect(before).toBeDefined();
    expect(before).not.toBe(RELEASE);

    origin().deploy(keepingOldChunks);
    const asked = origin().requests.length;
    await navigate(page, screens.next);
    await page.getByRole('heading', { name: 'Rewards', level: 1 }).waitFor({ timeout: 15_000 });

    // The screen's chunk was one of the old release's, still there because the deploy kept it.
    const fetched = origin().requests.slice(asked);
    expect(fetched.length).toBeGreaterThan(0);
    for (const file of fetched) expect(existsSync(path.join(firstRelease, file))).toBe(true);
    expect(fetched).not.toContain('/remoteEntry.js');
    expect(await loadedRelease(page, REDEPLOYED)).toBe(before);
    expect(pageErrors).toEqual([]);
  });

  it('gives a new page load the new release', async () => {
    const { page, pageErrors } = await openPage(context);
    await page.goto(`${system.shell.url}${screens.open}`);
    await page.getByRole('heading', { name: 'Coin store', level: 1 }).waitFor({ timeout: 30_000 });
    expect(await loadedRelease(page, REDEPLOYED)).toBe(RELEASE);
    await navigate(page, screens.later);
    await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor({ timeout: 15_000 });
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('shows the unavailable panel, not a blank page, when a deploy dropped the chunks an open page needs', async () => {
    const { page, pageErrors } = openPageState;
    origin().deploy(await release); // the new release alone: the open page's chunks are gone

    const started = Date.now();
    await navigate(page, screens.later);
    const panel = page.getByRole('alert').filter({ hasText: 'unavailable' });
    await panel.waitFor({ timeout: REMOTE_LOAD_TIMEOUT_MS + 5_000 });
    // Generous: the rule is the product's 5 s; a missing chunk is known at once.
    expect(Date.now() - started).toBeLessThan(REMOTE_LOAD_TIMEOUT_MS + 5_000);
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await page.getByRole('link', { name: 'Cliffhanger home' }).first().waitFor();
    expect(pageErrors).toEqual([]);
  });

  /*
   * Retry forgets the loaded remote whose chunk failed and registers it again, so it fetches the
   * remote's current manifest rather than re-render the same lazy screen, which keeps its failed import.
   */
  it('recovers with Retry by loading the remote’s current release, without a reload', async () => {
    const { page } = openPageState;
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor({ timeout: 10_000 });
    expect(await loadedRelease(page, REDEPLOYED)).toBe(RELEASE);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});
