/**
 * Player and home performance against a running server (BASE_URL, default http://localhost:8080):
 * - time from navigating to a player route (from a warm shell) to the first rendered video frame;
 * - time from "next episode" to that episode's first frame;
 * both via requestVideoFrameCallback, median of 10;
 * - the home screen's LCP under mobile throttling (slow 4G + 4× CPU), median of 3.
 * Prints the numbers; it is a measurement, not a pass/fail test.
 */
import { chromium, type Page } from 'playwright-core';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:8080';
const RUNS = 10;
const LCP_RUNS = 3;
const ARGS = [
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

/**
 * tsx (esbuild with keepNames) wraps named functions in `__name(…)`, which does not exist in the page
 * where `page.evaluate` runs them; this no-op stands in for it.
 */
const KEEP_NAMES_SHIM = { content: 'globalThis.__name = (fn) => fn;' };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** Resolves with performance.now() of the first frame presented by the player's video for `episodeId`. */
function firstFrameAt(page: Page, episodeId: number) {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const timeout = setTimeout(() => reject(new Error('no frame within 20 s')), 20_000);
        const attach = () => {
          const video = document.querySelector<HTMLVideoElement>(`video.player-video[data-episode-id="${id}"]`);
          if (!video) return void requestAnimationFrame(attach);
          video.requestVideoFrameCallback(() => {
            clearTimeout(timeout);
            resolve(performance.now());
          });
        };
        attach();
      }),
    episodeId,
  );
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
  });
  const api = async <T>(path: string): Promise<T> => (await fetch(`${BASE_URL}/api${path}`)).json() as Promise<T>;
  type Ep = {
    id: number;
    series: number;
    episode_number: number;
    is_free: boolean;
    is_unlocked: boolean;
    hls_url: string | null;
  };
  const series = (await api<{ results: Array<{ id: number }> }>('/series/?limit=20')).results;
  let episodes: Ep[] = [];
  for (const s of series) {
    const list = await api<Ep[]>(`/series/${s.id}/episodes/`);
    const playable = list.filter((e) => e.hls_url);
    if (playable.length >= 2) {
      episodes = playable;
      break;
    }
  }
  if (episodes.length < 2) throw new Error('no series with two playable episodes');
  const [first, second] = episodes as [Ep, Ep];

  const toPlayer: number[] = [];
  const toNext: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(KEEP_NAMES_SHIM);
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/`);
    await page.getByRole('heading', { name: 'Watch something gripping' }).waitFor();
    // Warm shell: navigate inside the single-page app, as a click on an episode would.
    const frame = firstFrameAt(page, first.id);
    const start = await page.evaluate((to) => {
      const t = performance.now();
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
      return t;
    }, `/player/${first.series}/episode/${first.id}?t=0`);
    toPlayer.push((await frame) - start);

    await page.waitForTimeout(1_500); // the next episode's head start happens while the first plays
    const nextFrame = firstFrameAt(page, second.id);
    const nextStart = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Next episode' }).first().click();
    toNext.push((await nextFrame) - nextStart);
    await context.close();
  }

  const lcps: number[] = [];
  for (let run = 0; run < LCP_RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await context.addInitScript(KEEP_NAMES_SHIM);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 562.5,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      (window as unknown as { __lcp: number }).__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) (window as unknown as { __lcp: number }).__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${BASE_URL}/`, { waitUntil: 'load', timeout: 120_000 });
    await page.getByRole('heading', { name: 'Watch something gripping' }).waitFor({ timeout: 120_000 });
    await page.waitForTimeout(3_000);
    lcps.push(await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp));
    await context.close();
  }
  await browser.close();

  const fmt = (v: number) => `${Math.round(v)} ms`;
  console.log(
    `player route → first frame (warm shell), median of ${RUNS}: ${fmt(median(toPlayer))}  [${toPlayer.map(fmt).join(', ')}]`,
  );
  console.log(`next episode → first frame, median of ${RUNS}: ${fmt(median(toNext))}  [${toNext.map(fmt).join(', ')}]`);
  console.log(`home LCP, slow 4G + 4× CPU, median of ${LCP_RUNS}: ${fmt(median(lcps))}  [${lcps.map(fmt).join(', ')}]`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
