/**
 * First-screen cost of the federated site, measured in Debian's Chromium:
 *   - JS bytes transferred (compressed, as sent on the wire) until the home screen has rendered,
 *   - requests started before the first contentful paint,
 *   - copies of React on the page (the federation share scope; must be 1).
 * Uses BASE_URL when given, otherwise builds and starts the system on a free port.
 *
 *   npx tsx bench/first-screen.ts            (or: npm run bench)
 */
import { launchBrowser } from '../e2e/support/browser';
import { type RunningSystem, startSystem, stopSystem } from '../e2e/support/system';
import { buildFrontends } from '../scripts/build';

interface Sample {
  jsBytes: number;
  jsRequests: number;
  requestsBeforeFcp: number;
  fcpMs: number;
  reactCopies: number;
}

async function measure(baseUrl: string): Promise<Sample> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const jsRequests = new Set<string>();
    let jsBytes = 0;
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') jsRequests.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (jsRequests.has(event.requestId)) jsBytes += event.encodedDataLength;
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await page.waitForSelector('.series-card, [role="alert"]', { timeout: 30_000 });
    await page.waitForTimeout(500);
    const timing = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const before = resources.filter((r) => r.startTime <= fcp).length + 1; // + the document itself
      // Every loaded copy of React is a share-scope entry with loaded set; one instance per page.
      const federation = (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, unknown> } }).__FEDERATION__;
      const copies = new Set<string>();
      for (const scopes of Object.values(federation?.__SHARE__ ?? {})) {
        const react = (scopes as Record<string, Record<string, Record<string, { loaded?: boolean; from?: string }>>>)
          .default?.react;
        for (const [version, entry] of Object.entries(react ?? {})) {
          if (entry.loaded) copies.add(`${version}@${entry.from}`);
        }
      }
      return { fcp, before, copies: copies.size };
    });
    return {
      jsBytes,
      jsRequests: jsRequests.size,
      requestsBeforeFcp: timing.before,
      fcpMs: timing.fcp,
      reactCopies: timing.copies,
    };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  let system: RunningSystem | undefined;
  let baseUrl = process.env.BASE_URL;
  if (!baseUrl) {
    await buildFrontends();
    system = await startSystem();
    baseUrl = system.baseUrl;
  }
  try {
    const samples: Sample[] = [];
    for (let i = 0; i < 5; i += 1) samples.push(await measure(baseUrl));
    const row = (label: string, pick: (s: Sample) => number, unit = '') =>
      console.log(`${label.padEnd(40)} ${String(median(samples.map(pick))).padStart(8)} ${unit}`);
    console.log(`first screen of ${baseUrl}/ (median of ${samples.length}, 390×844, cache disabled)`);
    row('JS transferred (compressed)', (s) => Math.round(s.jsBytes / 1024), 'KiB');
    row('JS requests', (s) => s.jsRequests);
    row('requests before first contentful paint', (s) => s.requestsBeforeFcp);
    row('first contentful paint (unthrottled)', (s) => Math.round(s.fcpMs), 'ms');
    row('React copies on the page', () => Math.max(...samples.map((x) => x.reactCopies)));
  } finally {
    await stopSystem(system);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
