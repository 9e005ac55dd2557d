/**
 * First-screen weight of the federated site on a phone (390×844, touch), in Debian's Chromium with
 * the cache off: the JavaScript transferred (compressed, as sent on the wire, headers included) until
 * the first contentful paint, and separately what loads after it (the remotes warmed on idle); the
 * requests started before the first contentful paint; copies of React on the page (must be 1).
 * Uses BASE_URL when given, otherwise builds and starts the system on a free port.
 *
 *   npm run bench:first-screen -w bench     (SAMPLES=5; BENCH_QUICK=1: a quick pass)
 */
import { launchBrowser } from '../e2e/support/browser';
import { type Figure, formatTable, loadAverage, median, QUICK } from './support/stats';
import { systemUnderBench } from './support/system-under-bench';

const SAMPLES = Number(process.env.SAMPLES ?? (QUICK ? 1 : 5));
/** JS before the first contentful paint on a phone, compressed. */
export const FIRST_PAINT_JS_BUDGET_KB = 170;

interface Sample {
  jsBeforeFcp: number;
  jsIdle: number;
  requestsBeforeFcp: number;
  fcpMs: number;
  reactCopies: number;
}

async function measure(baseUrl: string): Promise<Sample> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    // tsx keeps function names with `__name(…)`, which the page lacks: a no-op stands in for it.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await page.waitForSelector('.series-card, [role="alert"]', { timeout: 60_000 });
    await page.waitForTimeout(QUICK ? 1_500 : 3_000); // the idle warm-up of the remotes
    return await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const scripts = resources.filter((r) => r.initiatorType === 'script' || /\.m?js(\?|$)/.test(r.name));
      const bytes = (list: PerformanceResourceTiming[]) => list.reduce((sum, r) => sum + r.transferSize, 0);
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
      return {
        jsBeforeFcp: bytes(scripts.filter((r) => r.responseEnd <= fcp)),
        jsIdle: bytes(scripts.filter((r) => r.responseEnd > fcp)),
        requestsBeforeFcp: resources.filter((r) => r.startTime <= fcp).length + 1, // + the document itself
        fcpMs: fcp,
        reactCopies: copies.size,
      };
    });
  } finally {
    await browser.close();
  }
}

export async function firstScreenBench(): Promise<{ figures: Figure[]; detail: string[] }> {
  const system = await systemUnderBench();
  const baseUrl = system.baseUrl;
  try {
    const samples: Sample[] = [];
    for (let i = 0; i < SAMPLES; i += 1) samples.push(await measure(baseUrl));
    const kb = (v: number) => Math.round(v / 100) / 10;
    const before = kb(median(samples.map((s) => s.jsBeforeFcp)));
    const idle = kb(median(samples.map((s) => s.jsIdle)));
    return {
      figures: [
        {
          name: 'JS transferred before FCP on a phone (compressed)',
          product: before,
          baseline: idle,
          unit: 'KB before FCP vs KB loaded on idle after it',
          goal: { direction: 'at most', ratio: FIRST_PAINT_JS_BUDGET_KB },
          samples: SAMPLES,
          absolute: { value: before, goal: FIRST_PAINT_JS_BUDGET_KB, unit: 'KB' },
        },
      ],
      detail: [
        `requests before first contentful paint: ${median(samples.map((s) => s.requestsBeforeFcp))}`,
        `first contentful paint (unthrottled): ${Math.round(median(samples.map((s) => s.fcpMs)))} ms`,
        `React copies on the page: ${Math.max(...samples.map((s) => s.reactCopies))}`,
      ],
    };
  } finally {
    await system.stop();
  }
}

if (require.main === module) {
  const load = loadAverage();
  firstScreenBench()
    .then(({ figures, detail }) => {
      console.log(formatTable(`First screen on a phone (390×844, cache off), load before ${load}`, figures));
      for (const line of detail) console.log(line);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
