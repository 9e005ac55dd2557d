/**
 * A remote shipped to a share of viewers first (issue #22), on the multi-origin deployment: the API, the
 * shell and each remote on their own origins, and published versions on a CDN-like origin of their own
 * (REMOTE_RELEASES_URL). The wallet team publishes 2.0.0; staff start it as a canary for half of the
 * sessions; each session gets the version its key's bucket gives it and keeps it across navigations;
 * a rollback reaches pages already open on 2.0.0 the next time they mount the wallet's screen, with no
 * reload; a build made against another React is refused before it can reach anybody.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOTE_ROLLOUT_KEY_STORAGE, REMOTE_ROLLOUT_REFRESH_MS } from '@cliffhanger/shared/remote-releases';
import { rolloutBucket } from '@cliffhanger/shared/remote-rollout';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PublishRefused, publishRemote } from '../../scripts/publish-remote';
import { launchBrowser } from '../support/browser';
import {
  type MultiOriginSystem,
  type StaticOrigin,
  startMultiOriginSystem,
  startStaticOrigin,
} from '../support/origins';
import { createStaffAccount, type StaffAccount } from '../support/staff-accounts';
import { ROOT } from '../support/system';

const CANARY = '2.0.0';
const SESSIONS = 20;
const WALLET_SCREEN = '/coins';

let browser: Browser;
let system: MultiOriginSystem;
let cdn: StaticOrigin;
let releasesDir: string;
let staff: StaffAccount;
let stableVersion: string;

beforeAll(async () => {
  releasesDir = mkdtempSync(path.join(tmpdir(), 'cliffhanger-releases-'));
  cdn = await startStaticOrigin({ root: releasesDir });
  [browser, system] = await Promise.all([
    launchBrowser(),
    startMultiOriginSystem({ apiEnv: { REMOTE_RELEASES_DIR: releasesDir, REMOTE_RELEASES_URL: cdn.url } }),
  ]);
  staff = await createStaffAccount('releases', system.apiUrl);
  stableVersion = (await rollouts()).wallet.stable.version;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await system?.stop();
  await cdn?.close();
  if (releasesDir) rmSync(releasesDir, { recursive: true, force: true });
});

async function rollouts() {
  const response = await fetch(`${system.apiUrl}/api/remotes/`);
  expect(response.status).toBe(200);
  return (await response.json()).remotes;
}

/**
 * A staff call, sent again once when the kept-alive connection it went out on was being closed by the
 * server at that moment (what a browser does for these idempotent requests): a loaded machine can
 * reuse a socket just as its idle time runs out.
 */
const staffCall = async (method: string, url: string, body?: unknown): Promise<Response> => {
  const send = () =>
    fetch(`${system.apiUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${staff.access}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  return send().catch((error: unknown) => {
    if (error instanceof TypeError && /other side closed|socket/i.test(String((error as Error).cause))) return send();
    throw error;
  });
};

/** A fresh browser session whose rollout key is `key` (as if it had drawn it), its errors recorded. */
async function session(key: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext();
  await context.addInitScript(
    ([storage, value]) => {
      if (!localStorage.getItem(storage)) localStorage.setItem(storage, value);
    },
    [REMOTE_ROLLOUT_KEY_STORAGE, key] as const,
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /chunk|ChunkLoadError|federation/i.test(message.text()))
      errors.push(message.text());
  });
  return { context, page, errors };
}

/** In-app navigation, as the shell's links do it: the document and what it loaded stay. */
async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

async function walletVersion(page: Page): Promise<string | null> {
  await page.getByRole('heading', { name: 'Coin store', level: 1 }).waitFor({ timeout: 30_000 });
  return page.locator('[data-remote="wallet"]').first().getAttribute('data-remote-version');
}

const expectedVersion = (key: string, share: number) => (rolloutBucket(key, 'wallet') < share ? CANARY : stableVersion);

describe('a new version of the wallet, rolled out to half of the sessions and rolled back', () => {
  const keys = Array.from({ length: SESSIONS }, (_, i) => `journey-session-${i}`);
  const open: Array<{ key: string; context: BrowserContext; page: Page; errors: string[] }> = [];

  afterAll(async () => {
    await Promise.all(open.map(({ context }) => context.close()));
  });

  it('publishes 2.0.0 beside the live version without touching it, and staff start it for 50 %', async () => {
    const published = await publishRemote({
      remote: 'wallet',
      version: CANARY,
      from: path.join(ROOT, 'mf-wallet', 'dist'),
      releasesDir,
      log: () => undefined,
    });
    expect(published.folder).toBe(path.join(releasesDir, 'wallet', CANARY));
    // Published versions never change: the same version cannot be published twice.
    await expect(
      publishRemote({
        remote: 'wallet',
        version: CANARY,
        from: path.join(ROOT, 'mf-wallet', 'dist'),
        releasesDir,
        log: () => undefined,
      }),
    ).rejects.toThrow(PublishRefused);

    const started = await staffCall('PUT', '/api/admin/releases/wallet/canary', { version: CANARY, share: 50 });
    expect(started.status).toBe(200);
    const rule = (await rollouts()).wallet;
    expect(rule.canary).toEqual({
      version: CANARY,
      manifest: `${cdn.url}/wallet/${CANARY}/mf-manifest.json`,
      share: 50,
    });
    expect(rule.stable.version).toBe(stableVersion);
  });

  it(`gives each of ${SESSIONS} fresh sessions the version its bucket says, about half of them 2.0.0`, async () => {
    const onCanary = keys.filter((key) => expectedVersion(key, 50) === CANARY).length;
    // The keys are fixed, so the split is too: it must be a real split, not all on one side.
    expect(onCanary).toBeGreaterThanOrEqual(6);
    expect(onCanary).toBeLessThanOrEqual(14);
    // Two at a time: a page load per session on a two-core machine.
    for (let i = 0; i < keys.length; i += 2) {
      await Promise.all(
        keys.slice(i, i + 2).map(async (key) => {
          const s = await session(key);
          open.push({ key, ...s });
          await s.page.goto(`${system.shell.url}${WALLET_SCREEN}`);
          expect(await walletVersion(s.page)).toBe(expectedVersion(key, 50));
        }),
      );
    }
    const counted = open.filter(({ page }) => page.url()).length;
    expect(counted).toBe(SESSIONS);
  }, 600_000);

  it('keeps every session on its version across navigations', async () => {
    for (const { key, page } of open.slice(0, 6)) {
      await navigate(page, '/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await navigate(page, WALLET_SCREEN);
      expect(await walletVersion(page)).toBe(expectedVersion(key, 50));
    }
  }, 180_000);

  it('loads 2.0.0 from its own address, chunks included', async () => {
    const requests = cdn.requests.filter((url) => url.startsWith(`/wallet/${CANARY}/`));
    expect(requests).toContain(`/wallet/${CANARY}/mf-manifest.json`);
    expect(requests.some((url) => url.endsWith('.js') && !url.endsWith('remoteEntry.js'))).toBe(true);
  });

  it('after a rollback, pages open on 2.0.0 switch back at the next mount of the wallet screen, without a reload', async () => {
    const onCanary = open.filter(({ key }) => expectedVersion(key, 50) === CANARY).slice(0, 3);
    expect(onCanary.length).toBeGreaterThan(0);
    for (const { page } of onCanary) {
      await page.evaluate(() => {
        (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      });
    }
    const rolledBack = await staffCall('POST', '/api/admin/releases/wallet/rollback');
    expect(rolledBack.status).toBe(200);
    expect((await rollouts()).wallet.canary).toBeNull();

    // An open page re-reads the rules on a timer and on navigation; within a minute it has them.
    const deadline = Date.now() + 2 * REMOTE_ROLLOUT_REFRESH_MS + 15_000;
    for (const { page, errors } of onCanary) {
      let version: string | null = CANARY;
      while (version === CANARY && Date.now() < deadline) {
        await navigate(page, '/');
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForTimeout(1_000);
        await navigate(page, WALLET_SCREEN);
        version = await walletVersion(page);
      }
      expect(version).toBe(stableVersion);
      // The same document all along, the wallet working, and no chunk went missing on the way.
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      await page.getByRole('heading', { name: 'Coin store', level: 1 }).waitFor();
      expect(errors).toEqual([]);
    }
  }, 240_000);
});

describe('a wallet built against another React', () => {
  it('is refused at publish time, and staff cannot start it as a canary either', async () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'cliffhanger-react18-'));
    try {
      cpSync(path.join(ROOT, 'mf-wallet', 'dist'), copy, { recursive: true });
      const stampFile = path.join(copy, 'release.json');
      const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
      writeFileSync(stampFile, JSON.stringify({ ...stamp, shared: { ...stamp.shared, react: '^18.2.0' } }));
      await expect(
        publishRemote({ remote: 'wallet', version: '3.0.0-react18', from: copy, releasesDir, log: () => undefined }),
      ).rejects.toThrow(/react/);
      expect(
        (await staffCall('PUT', '/api/admin/releases/wallet/canary', { version: '3.0.0-react18', share: 5 })).status,
      ).toBe(400);

      // Even put in the folder by hand, the API will not roll it out.
      cpSync(copy, path.join(releasesDir, 'wallet', '3.0.0-react18'), { recursive: true });
      const refused = await staffCall('PUT', '/api/admin/releases/wallet/canary', {
        version: '3.0.0-react18',
        share: 5,
      });
      expect(refused.status).toBe(409);
      expect((await refused.json()).message).toMatch(/react/i);
      expect((await rollouts()).wallet.canary).toBeNull();
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
