/**
 * The Content-Security-Policy in a real browser (issue #9 item 3): every screen of the route table and
 * every remote's standalone harness is opened under the policy the server sends — as a guest, as a
 * signed-in viewer (wallet and account screens) and as a staff member (the admin area) — with an
 * episode playing through hls.js, and not one `securitypolicyviolation` or console CSP error is
 * recorded; nor on the API documentation page under the server's strict policy. Then the same with
 * every remote on an origin of its own, where the policy must name those origins and nothing else. A
 * first check proves the recorder does see a blocked inline script.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOTE_IDS, type RemoteId, SCREENS, type ScreenKey } from '@cliffhanger/shared/routes';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { registerAccount, sessionInitScript } from '../support/accounts';
import { baseUrl, launchBrowser } from '../support/browser';
import { type StaticOrigin, startStaticOrigin } from '../support/origins';
import { REMOTE_SCREENS, readyText } from '../support/remotes';
import { createStaffAccount, staffLogin } from '../support/staff-accounts';
import { ROOT, type RunningSystem, startSystem, stopSystem } from '../support/system';
import { waitForPlayback } from '../support/viewer-helpers';

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
}

/** Runs in every frame before the page's own scripts: reports each violation to the test. */
const RECORD_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  window.__reportCspViolation({
    page: location.href,
    directive: event.effectiveDirective,
    blocked: event.blockedURI,
    source: event.sourceFile + ':' + event.lineNumber,
  });
});`;

interface Recorder {
  violations: Violation[];
  /** Console messages about the policy (workers report there, not as events of the document). */
  consoleErrors: string[];
  /** Each document the context loaded, with the policy it came with. */
  documents: Array<{ url: string; policy: string | undefined }>;
  /** Header reads still under way; awaited before the context closes. */
  pending: Array<Promise<void>>;
  /** Paths of every request made, and those not answered yet (video segments aside). */
  requested: string[];
  inFlight: Set<Request>;
}

async function recordingContext(browser: Browser, init?: string): Promise<{ context: BrowserContext; seen: Recorder }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const seen: Recorder = {
    violations: [],
    consoleErrors: [],
    documents: [],
    pending: [],
    requested: [],
    inFlight: new Set(),
  };
  await context.exposeBinding('__reportCspViolation', (_source, violation: Violation) => {
    seen.violations.push(violation);
  });
  await context.addInitScript(RECORD_VIOLATIONS);
  if (init) await context.addInitScript(init);
  context.on('console', (message) => {
    if (/content security policy|refused to (load|execute|connect|create|frame|apply)/i.test(message.text())) {
      seen.consoleErrors.push(`${message.location().url}: ${message.text()}`);
    }
  });
  context.on('request', (request) => {
    const { pathname } = new URL(request.url());
    seen.requested.push(pathname);
    if (!pathname.startsWith('/media/')) seen.inFlight.add(request);
  });
  const answered = (request: Request) => seen.inFlight.delete(request);
  context.on('requestfinished', answered);
  context.on('requestfailed', answered);
  context.on('response', (response) => {
    if (response.request().resourceType() !== 'document') return;
    seen.pending.push(
      response.allHeaders().then((headers) => {
        seen.documents.push({ url: response.url(), policy: headers['content-security-policy'] });
      }),
    );
  });
  return { context, seen };
}

/** Lets the last reports arrive, then closes the context. */
async function finish(context: BrowserContext, seen: Recorder): Promise<void> {
  await Promise.all(seen.pending);
  await context.close();
}

function expectClean(seen: Recorder) {
  expect(seen.documents.length).toBeGreaterThan(0);
  for (const document of seen.documents) {
    expect({ url: document.url, policy: document.policy }).toEqual({
      url: document.url,
      policy: expect.stringMatching(/(^|;\s*)script-src 'self'/),
    });
  }
  expect(seen.violations).toEqual([]);
  expect(seen.consoleErrors).toEqual([]);
}

/** In-app navigation, as the shell's links do it: the document and its loaded remotes stay. */
async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/**
 * Waits until the screen has settled: no loading screen, and the network quiet for a moment (scripts,
 * styles, API answers and images in; video segments stream on and are not waited for), so whatever
 * the screen loads has loaded under the policy before the next one opens.
 */
async function settled(page: Page, seen: Recorder, label: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.ch-spinner-screen'), undefined, { timeout: 20_000 });
  await page.waitForLoadState('load');
  for (let quiet = 0, waited = 0; quiet < 300 && waited < 10_000; waited += 50) {
    quiet = seen.inFlight.size === 0 ? quiet + 50 : 0;
    await page.waitForTimeout(50);
  }
  if ((await page.getByText('is unavailable right now').count()) > 0) {
    throw new Error(`${label}: a remote is unavailable`);
  }
}

interface Catalogue {
  seriesId: number;
  episodeId: number;
  episodeNumber: number;
}

/** A free episode of a series coins unlock: the player plays it for anybody. */
async function freeEpisode(api: string): Promise<Catalogue> {
  const answer = (await (await fetch(`${api}/api/series/?limit=100`)).json()) as
    | Array<{ id: number; is_gold_exclusive: boolean }>
    | { results: Array<{ id: number; is_gold_exclusive: boolean }> };
  for (const series of (Array.isArray(answer) ? answer : answer.results).filter((s) => !s.is_gold_exclusive)) {
    const episodes = (await (await fetch(`${api}/api/series/${series.id}/episodes/`)).json()) as
      | Array<{ id: number; episode_number: number; is_free: boolean; hls_url: string | null }>
      | { results: Array<{ id: number; episode_number: number; is_free: boolean; hls_url: string | null }> };
    const free = (Array.isArray(episodes) ? episodes : episodes.results).find((e) => e.is_free && e.hls_url);
    if (free) return { seriesId: series.id, episodeId: free.id, episodeNumber: free.episode_number };
  }
  throw new Error('the catalogue has no free episode with a video');
}

/** Every path of the route table with real ids, for the screens a role may open. */
function screenPaths(keys: ScreenKey[], catalogue: Catalogue): string[] {
  return keys.flatMap((key) =>
    SCREENS[key].paths.map((pattern) =>
      pattern
        .replace('/*', '/balance')
        .replace(':seriesSlug', `series-${catalogue.seriesId}`)
        .replace(':episodeNumber', String(catalogue.episodeNumber))
        .replace(':seriesId', String(catalogue.seriesId))
        .replace(':episodeId', String(catalogue.episodeId))
        .replace(':id', String(pattern.startsWith('/admin/series/') ? catalogue.seriesId : catalogue.episodeId)),
    ),
  );
}

const allScreens = Object.keys(SCREENS) as ScreenKey[];
const staffScreens = allScreens.filter((key) => 'guarded' in SCREENS[key] && SCREENS[key].guarded);
const viewerScreens = allScreens.filter((key) => ['wallet', 'account'].includes(SCREENS[key].remote));
const guestScreens = allScreens.filter((key) => !staffScreens.includes(key));

/** Opens the first path with a page load, then every other one in the app, checking each settles. */
async function visitAll(page: Page, seen: Recorder, origin: string, keys: ScreenKey[]): Promise<void> {
  const [first, ...rest] = screenPaths(keys, catalogue);
  await page.goto(`${origin}${first}`);
  await settled(page, seen, first as string);
  for (const next of rest) {
    await navigate(page, next);
    await settled(page, seen, next);
  }
  // Each remote those screens belong to was loaded.
  for (const remote of new Set(keys.map((key) => SCREENS[key].remote))) {
    expect(seen.requested).toContain(`/remotes/${remote}/remoteEntry.js`);
  }
}

let browser: Browser;
let catalogue: Catalogue;
beforeAll(async () => {
  [browser, catalogue] = await Promise.all([launchBrowser(), freeEpisode(baseUrl())]);
});
afterAll(async () => {
  await browser?.close();
});

describe('the page policy in a browser, everything on one origin', () => {
  it('is enforced: an injected inline script is blocked and recorded', async () => {
    const { context, seen } = await recordingContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${REMOTE_SCREENS.catalog.path}`);
    await page.getByRole('heading', { name: REMOTE_SCREENS.catalog.ready }).waitFor();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineScriptRan = true;';
      document.head.appendChild(script);
    });
    const blocked = () => seen.violations.some((v) => v.directive === 'script-src-elem' && v.blocked === 'inline');
    for (let waited = 0; !blocked() && waited < 5_000; waited += 100) await page.waitForTimeout(100);
    expect(seen.violations).toEqual([expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' })]);
    expect(await page.evaluate(() => (window as { __inlineScriptRan?: boolean }).__inlineScriptRan)).toBeUndefined();
    await finish(context, seen);
  });

  it('records no violation on any screen a guest opens, with an episode playing', async () => {
    const { context, seen } = await recordingContext(browser);
    const page = await context.newPage();
    await visitAll(page, seen, baseUrl(), guestScreens);
    // hls.js: MediaSource blobs and its worker, the video's segments.
    await navigate(page, `/player/${catalogue.seriesId}/episode/${catalogue.episodeId}`);
    await waitForPlayback(page, 0.5);
    await finish(context, seen);
    expectClean(seen);
  });

  it('records no violation on the wallet and account screens of a signed-in viewer', async () => {
    const viewer = await registerAccount('csp');
    const { context, seen } = await recordingContext(browser, sessionInitScript(viewer));
    const page = await context.newPage();
    await visitAll(page, seen, baseUrl(), viewerScreens);
    await finish(context, seen);
    expectClean(seen);
  });

  it('records no violation on any admin screen of a signed-in staff member', async () => {
    const staff = await createStaffAccount('csp');
    const session = await staffLogin(staff);
    const { context, seen } = await recordingContext(browser, sessionInitScript(session));
    const page = await context.newPage();
    const paths = screenPaths(staffScreens, catalogue);
    await visitAll(page, seen, baseUrl(), staffScreens);
    // Still in the admin area: the staff session was honoured, so the admin screens really rendered.
    expect(new URL(page.url()).pathname).toBe(paths[paths.length - 1]);
    await finish(context, seen);
    expectClean(seen);
  });

  it('records no violation in any remote’s standalone harness', async () => {
    const { context, seen } = await recordingContext(browser);
    const page = await context.newPage();
    for (const remote of REMOTE_IDS) {
      await page.goto(`${baseUrl()}/remotes/${remote}/index.html`);
      await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
      await page.waitForLoadState('load');
    }
    await finish(context, seen);
    expectClean(seen);
    expect(seen.documents).toHaveLength(REMOTE_IDS.length);
  });
});

describe('the strict policy of the server’s other pages', () => {
  it('records no violation on the API documentation page', async () => {
    const { context, seen } = await recordingContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/api/docs`);
    await page.getByText('Cliffhanger API').first().waitFor({ timeout: 20_000 });
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    await finish(context, seen);
    expectClean(seen);
  });
});

describe('the page policy in a browser, every remote on an origin of its own', () => {
  let system: RunningSystem | undefined;
  let origins: Record<RemoteId, StaticOrigin> | undefined;
  let copies: string;

  beforeAll(async () => {
    // Each origin serves its own copy of the build, so a rebuild by another run does not change it.
    copies = mkdtempSync(path.join(tmpdir(), 'cliffhanger-csp-'));
    const started = await Promise.all(
      REMOTE_IDS.map(async (id) => {
        const root = path.join(copies, id);
        cpSync(path.join(ROOT, `mf-${id}`, 'dist'), root, { recursive: true, filter: (f) => !f.endsWith('.map') });
        return [id, await startStaticOrigin({ root })] as const;
      }),
    );
    origins = Object.fromEntries(started) as Record<RemoteId, StaticOrigin>;
    system = await startSystem({
      REMOTES_JSON: JSON.stringify(
        Object.fromEntries(REMOTE_IDS.map((id) => [id, `${origins?.[id].url}/mf-manifest.json`])),
      ),
    });
  }, 180_000);

  afterAll(async () => {
    await stopSystem(system);
    if (system) rmSync(system.dataDir, { recursive: true, force: true });
    await Promise.all(Object.values(origins ?? {}).map((origin) => origin.close()));
    if (copies) rmSync(copies, { recursive: true, force: true });
  });

  it('names each remote origin in script-src and nothing more', async () => {
    const response = await fetch(`${system?.baseUrl}/`, { headers: { accept: 'text/html' } });
    const policy = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = /(?:^|; )script-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? [];
    expect(scriptSrc.sort()).toEqual(["'self'", ...REMOTE_IDS.map((id) => origins?.[id].url as string)].sort());
  });

  it('records no violation while each remote loads from its own origin', async () => {
    const api = system?.baseUrl as string;
    const { context, seen } = await recordingContext(browser);
    const page = await context.newPage();
    const episode = await freeEpisode(api);
    await page.goto(`${api}/`);
    await page.getByRole('heading', { name: REMOTE_SCREENS.catalog.ready }).waitFor({ timeout: 30_000 });
    for (const remote of REMOTE_IDS.filter((id) => id !== 'catalog')) {
      await navigate(page, REMOTE_SCREENS[remote].path);
      await readyText(page, REMOTE_SCREENS[remote]).waitFor({ timeout: 20_000 });
    }
    await navigate(page, `/player/${episode.seriesId}/episode/${episode.episodeId}`);
    await waitForPlayback(page, 0.5);
    for (const id of REMOTE_IDS) {
      expect(origins?.[id].requests).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));
    }
    await finish(context, seen);
    expectClean(seen);
  });
});
