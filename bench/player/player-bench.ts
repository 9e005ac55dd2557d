/**
 * Player and home performance in Debian's Chromium:
 * - time from navigating to a player route (from a warm shell) to the first rendered video frame;
 * - time from "next episode" to that episode's first frame on screen, median of 10: the pre-buffered
 *   next episode already holds its first decoded frame, so it is on screen in the first animation frame
 *   in which its <video> is the visible one; the first *new* frame after it (requestVideoFrameCallback,
 *   when playback is moving) is printed beside it;
 * - the home screen's LCP under mobile throttling (slow 4G + 4× CPU), median of 3, with its element.
 * It also prints where the first frame's time goes: the median start and end of each request of the
 * chain (remote, API, hls.js, playlists, segments) counted from the navigation.
 * Uses BASE_URL when given, otherwise builds and starts the system on a free port. Prints the numbers;
 * it is a measurement, not a pass/fail test.
 *
 *   npx tsx bench/player/player-bench.ts
 */
import type { Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser';
import { type RunningSystem, startSystem, stopSystem } from '../../e2e/support/system';
import { buildFrontends } from '../../scripts/build';

const RUNS = Number(process.env.RUNS ?? 10);
const LCP_RUNS = Number(process.env.LCP_RUNS ?? 3);

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

/**
 * Resolves with performance.now() of the first frame presented by the player's visible video for
 * `episodeId` (the hidden, pre-buffered video of the next episode is not `.player-video` until shown).
 */
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

/**
 * Resolves with performance.now() of the first animation frame in which the visible player video is
 * `episodeId`'s and holds a decoded frame (readyState ≥ HAVE_CURRENT_DATA): what the viewer sees from
 * that paint on. A video that holds no frame yet counts from its first presented frame instead.
 */
function onScreenAt(page: Page, episodeId: number) {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const timeout = setTimeout(() => reject(new Error('not on screen within 20 s')), 20_000);
        const check = () => {
          const video = document.querySelector<HTMLVideoElement>(`video.player-video[data-episode-id="${id}"]`);
          if (!video) return void requestAnimationFrame(check);
          if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
            clearTimeout(timeout);
            return resolve(performance.now());
          }
          video.requestVideoFrameCallback(() => {
            clearTimeout(timeout);
            resolve(performance.now());
          });
        };
        requestAnimationFrame(check);
      }),
    episodeId,
  );
}

/** The stage a request of the first-frame chain belongs to, by its address. */
function stageOf(url: string): string | null {
  const path = new URL(url).pathname;
  if (path.startsWith('/remotes/mf-player/')) return /hls/.test(path) ? 'hls.js chunk' : 'player remote';
  if (path.startsWith('/api/')) return `API ${path.replace(/\d+/g, ':id')}`;
  if (path.endsWith('master.m3u8')) return 'master playlist';
  if (path.endsWith('.m3u8')) return 'media playlist';
  if (/init\.(mp4|m4s)$/.test(path)) return 'init segment';
  if (/\.(m4s|ts|mp4)$/.test(path)) return 'first segments';
  return null;
}

type Span = { start: number; end: number };

/** Each stage's first start and last end after `since`, from the page's resource timing. */
function spansAfter(page: Page, since: number): Promise<Array<{ url: string } & Span>> {
  return page.evaluate(
    (t0) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => r.startTime >= t0)
        .map((r) => ({ url: r.name, start: r.startTime - t0, end: r.responseEnd - t0 })),
    since,
  );
}

async function main() {
  let system: RunningSystem | undefined;
  let baseUrl = process.env.BASE_URL;
  if (!baseUrl) {
    await buildFrontends();
    system = await startSystem();
    baseUrl = system.baseUrl;
  }
  const browser = await launchBrowser();
  try {
    const api = async <T>(path: string): Promise<T> => (await fetch(`${baseUrl}/api${path}`)).json() as Promise<T>;
    type Ep = { id: number; series: number; hls_url: string | null; is_free: boolean };
    const answer = await api<Array<{ id: number }> | { results: Array<{ id: number }> }>('/series/?limit=20');
    const series = Array.isArray(answer) ? answer : answer.results;
    let episodes: Ep[] = [];
    for (const s of series) {
      const list = await api<Ep[]>(`/series/${s.id}/episodes/`);
      const playable = list.filter((e) => e.hls_url && e.is_free);
      if (playable.length >= 2) {
        episodes = playable;
        break;
      }
    }
    if (episodes.length < 2) throw new Error('no series with two playable episodes');
    const [first, second] = episodes as [Ep, Ep];

    const toPlayer: number[] = [];
    const toNext: number[] = [];
    const toNextMoving: number[] = [];
    const stages = new Map<string, { start: number[]; end: number[] }>();
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(KEEP_NAMES_SHIM);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`);
      await page.getByRole('heading', { name: 'Watch something gripping' }).waitFor();
      await page.waitForTimeout(1_000); // the shell warms the remotes on idle
      // Warm shell: navigate inside the single-page app, as a click on an episode would.
      const frame = firstFrameAt(page, first.id);
      const start = await page.evaluate((to) => {
        const t = performance.now();
        history.pushState({}, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
        return t;
      }, `/player/${first.series}/episode/${first.id}?t=0`);
      const firstFrame = (await frame) - start;
      toPlayer.push(firstFrame);
      const seen = new Map<string, Span>();
      for (const r of await spansAfter(page, start)) {
        const stage = stageOf(r.url);
        if (!stage || r.start > firstFrame) continue;
        const span = seen.get(stage);
        seen.set(stage, span ? { start: Math.min(span.start, r.start), end: Math.max(span.end, r.end) } : r);
      }
      for (const [stage, span] of seen) {
        const entry = stages.get(stage) ?? { start: [], end: [] };
        entry.start.push(span.start);
        entry.end.push(span.end);
        stages.set(stage, entry);
      }

      await page.waitForTimeout(1_500); // the next episode's head start happens while the first plays
      const nextOnScreen = onScreenAt(page, second.id);
      const nextFrame = firstFrameAt(page, second.id);
      // Pressed in the page, as the viewer's tap is: the driver's own latency is not the player's.
      const nextStart = await page.evaluate(() => {
        const button = document.querySelector<HTMLButtonElement>('button[aria-label="Next episode"]:not([disabled])');
        if (!button) throw new Error('no "Next episode" button');
        const t = performance.now();
        button.click();
        return t;
      });
      toNext.push((await nextOnScreen) - nextStart);
      toNextMoving.push((await nextFrame) - nextStart);
      await context.close();
    }

    const lcps: number[] = [];
    const lcpElements: string[] = [];
    for (let run = 0; run < LCP_RUNS; run++) {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
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
        const w = window as unknown as { __lcp: number; __lcpElement: string };
        w.__lcp = 0;
        w.__lcpElement = '';
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element; url?: string }>) {
            w.__lcp = entry.startTime;
            const el = entry.element;
            w.__lcpElement = el ? `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}` : (entry.url ?? '');
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${baseUrl}/`, { waitUntil: 'load', timeout: 120_000 });
      await page.getByRole('heading', { name: 'Watch something gripping' }).waitFor({ timeout: 120_000 });
      await page.waitForTimeout(3_000);
      const { lcp, element } = await page.evaluate(() => {
        const w = window as unknown as { __lcp: number; __lcpElement: string };
        return { lcp: w.__lcp, element: w.__lcpElement };
      });
      lcps.push(lcp);
      lcpElements.push(element);
      await context.close();
    }

    const fmt = (v: number) => `${Math.round(v)} ms`;
    console.log(
      `player route → first frame (warm shell), median of ${RUNS}: ${fmt(median(toPlayer))}  [${toPlayer.map(fmt).join(', ')}]`,
    );
    console.log(
      `next episode → its first frame on screen, median of ${RUNS}: ${fmt(median(toNext))}  [${toNext.map(fmt).join(', ')}]`,
    );
    console.log(
      `next episode → first new frame (moving), median of ${RUNS}: ${fmt(median(toNextMoving))}  [${toNextMoving.map(fmt).join(', ')}]`,
    );
    console.log(
      `home LCP, slow 4G + 4× CPU, median of ${LCP_RUNS}: ${fmt(median(lcps))}  [${lcps.map(fmt).join(', ')}]`,
    );
    console.log(`home LCP element: ${[...new Set(lcpElements)].join(' | ')}`);
    console.log('first-frame chain (median start → end from the navigation, runs that made the request):');
    const rows = [...stages].sort(([, a], [, b]) => median(a.start) - median(b.start));
    for (const [stage, { start, end }] of rows)
      console.log(
        `  ${stage.padEnd(34)} ${fmt(median(start)).padStart(8)} → ${fmt(median(end)).padStart(8)}  (${start.length}/${RUNS})`,
      );
    console.log(`  ${'first frame'.padEnd(34)} ${fmt(median(toPlayer)).padStart(8)}`);
  } finally {
    await browser.close();
    await stopSystem(system);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
