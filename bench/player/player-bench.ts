/**
 * Player and home speed in Debian's Chromium, each figure beside a bare baseline measured in the same
 * run, alternating product and baseline run by run (fresh browser context each), medians and ratio:
 * - player route → first rendered video frame, from a warm shell (single-page navigation) vs a bare
 *   page already loaded holding only a <video> and hls.js light with the player's own hls.js settings
 *   (FAST_START_CONFIG), starting the same playlist from the same server; both timed from the moment
 *   playback is asked for, so neither pays a document load;
 * - next episode → its first frame on screen, in display frames (the median requestAnimationFrame
 *   interval of the page): the pre-buffered next episode already holds its first decoded frame, so it
 *   is on screen in the first animation frame in which its <video> is the visible one;
 * - home LCP under mobile throttling (slow 4G + 4× CPU) vs a static HTML page showing the same hero
 *   image, served by a bare node:http server under the same throttling.
 * It also prints where the first frame's time goes: the median start and end of each request of the
 * chain (remote, API, hls.js, playlists, segments) counted from the navigation.
 * Uses BASE_URL when given, otherwise builds and starts the system on a free port.
 *
 *   npm run bench:player -w bench     (RUNS=10 LCP_RUNS=5; BENCH_QUICK=1: a quick pass)
 */

import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { FAST_START_CONFIG } from '@cliffhanger/shared/hls-config';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser';
import { ROOT } from '../../e2e/support/system';
import { startBareServer } from '../api/bare-server';
import { alternate, type Figure, formatTable, loadAverage, median, QUICK } from '../support/stats';
import { systemUnderBench } from '../support/system-under-bench';

const RUNS = Number(process.env.RUNS ?? (QUICK ? 2 : 10));
const LCP_RUNS = Number(process.env.LCP_RUNS ?? (QUICK ? 1 : 5));
const HOME_HEADING = 'Watch something gripping';

/**
 * tsx (esbuild with keepNames) wraps named functions in `__name(…)`, which does not exist in the page
 * where `page.evaluate` runs them; this no-op stands in for it.
 */
const KEEP_NAMES_SHIM = { content: 'globalThis.__name = (fn) => fn;' };

/** The bare player page: a <video> and hls.js light, nothing else; `startPlayback` is timed inside. */
const BARE_PLAYER_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>bare player</title></head>
<body style="margin:0;background:#000"><video id="v" muted playsinline style="width:100vw;height:100vh"></video>
<script src="/__bench/hls.light.min.js"></script>
<script>
window.startPlayback = (src, config) => new Promise((resolve) => {
  const video = document.getElementById('v');
  const t = performance.now();
  video.requestVideoFrameCallback(() => resolve(performance.now() - t));
  const hls = new Hls(config);
  hls.loadSource(src);
  hls.attachMedia(video);
  video.addEventListener('canplay', () => video.play().catch(() => undefined), { once: true });
});
</script></body></html>`;

/** The page's display frame: the median interval between animation frames over half a second. */
function frameInterval(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const stamps: number[] = [];
        const tick = (t: number) => {
          stamps.push(t);
          if (stamps.length < 31) return void requestAnimationFrame(tick);
          const gaps = stamps.slice(1).map((v, i) => v - (stamps[i] as number));
          gaps.sort((a, b) => a - b);
          resolve(gaps[Math.floor(gaps.length / 2)] as number);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/**
 * Follows a page's requests from its first: `settled()` waits until the page has settled, as a viewer's
 * home screen has by the time they tap an episode — no request in flight and none started or ended for
 * half a second, then an idle moment of the browser (what the shell warms on idle has arrived and run).
 * Gives up waiting after 15 s.
 */
function followRequests(page: Page): { settled(): Promise<void> } {
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async settled() {
      const deadline = Date.now() + 15_000;
      while ((inFlight > 0 || Date.now() - lastActivity < 500) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
    },
  };
}

/** Slow 4G and a 4× slower CPU, as Lighthouse's mobile profile. */
async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Records every largest-contentful-paint candidate of the page into window.__lcp. */
function observeLcp(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __lcpElement: string; __lcpUrl: string };
    w.__lcp = 0;
    w.__lcpElement = '';
    w.__lcpUrl = '';
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element; url?: string }>) {
        w.__lcp = entry.startTime;
        const el = entry.element;
        // The entry's url is cut at 100 characters: an inlined (data:) image needs the element's own.
        const background = el ? /url\("?(.*?)"?\)/.exec(getComputedStyle(el).backgroundImage)?.[1] : undefined;
        w.__lcpUrl = el instanceof HTMLImageElement ? el.currentSrc || el.src : (background ?? entry.url ?? '');
        w.__lcpElement = el ? `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}` : (entry.url ?? '');
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

async function lcpOf(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<{ lcp: number; element: string; url: string }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript(KEEP_NAMES_SHIM);
    const page = await context.newPage();
    await throttle(context, page);
    await observeLcp(page);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await ready(page);
    await page.waitForTimeout(3_000);
    return await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __lcpElement: string; __lcpUrl: string };
      return { lcp: w.__lcp, element: w.__lcpElement, url: w.__lcpUrl };
    });
  } finally {
    await context.close();
  }
}

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
  const remote = /^\/remotes\/([^/]+)\//.exec(path)?.[1];
  if (remote) return /\/hls\.[^/]*\.js$/.test(path) ? 'hls.js chunk' : `${remote} remote`;
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

export async function playerBench(): Promise<{ figures: Figure[]; detail: string[] }> {
  const system = await systemUnderBench();
  const base = system.baseUrl;
  const browser = await launchBrowser();
  const hlsLight = readFileSync(require.resolve('hls.js/dist/hls.light.min.js', { paths: [ROOT] }));
  let staticServer: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    const api = async <T>(path: string): Promise<T> => (await fetch(`${base}/api${path}`)).json() as Promise<T>;
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
    const playlist = new URL(first.hls_url as string, base).toString();

    const toNext: number[] = [];
    const frames: number[] = [];
    const stages = new Map<string, { start: number[]; end: number[] }>();
    const product = async (): Promise<number> => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        await context.addInitScript(KEEP_NAMES_SHIM);
        const page = await context.newPage();
        const requests = followRequests(page);
        await page.goto(`${base}/`);
        await page.getByRole('heading', { name: HOME_HEADING }).waitFor();
        await requests.settled(); // the shell warms the remotes (and they what they need) on idle
        // Warm shell: navigate inside the single-page app, as a click on an episode would.
        const frame = firstFrameAt(page, first.id);
        const start = await page.evaluate((to) => {
          const t = performance.now();
          history.pushState({}, '', to);
          dispatchEvent(new PopStateEvent('popstate'));
          return t;
        }, `/player/${first.series}/episode/${first.id}?t=0`);
        const firstFrame = (await frame) - start;
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
        frames.push(await frameInterval(page));
        const nextOnScreen = onScreenAt(page, second.id);
        // Pressed in the page, as the viewer's tap is: the driver's own latency is not the player's.
        const nextStart = await page.evaluate(() => {
          const button = document.querySelector<HTMLButtonElement>('button[aria-label="Next episode"]:not([disabled])');
          if (!button) throw new Error('no "Next episode" button');
          const t = performance.now();
          button.click();
          return t;
        });
        toNext.push((await nextOnScreen) - nextStart);
        return firstFrame;
      } finally {
        await context.close();
      }
    };
    const bare = async (): Promise<number> => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        // The bare page lives on the product's own origin, so the playlist comes from the same server
        // the same way; its document and hls.js are answered locally and are not timed.
        await context.route(`${base}/__bench/bare-player.html`, (route) =>
          route.fulfill({ contentType: 'text/html; charset=utf-8', body: BARE_PLAYER_PAGE }),
        );
        await context.route(`${base}/__bench/hls.light.min.js`, (route) =>
          route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: hlsLight }),
        );
        const page = await context.newPage();
        await page.goto(`${base}/__bench/bare-player.html`, { waitUntil: 'load' });
        const args: { src: string; config: string } = {
          src: playlist,
          config: JSON.stringify({ ...FAST_START_CONFIG, startPosition: -1 }),
        };
        return await page.evaluate(
          ({ src, config }: { src: string; config: string }) =>
            (window as unknown as { startPlayback(s: string, c: object): Promise<number> }).startPlayback(
              src,
              JSON.parse(config),
            ),
          args,
        );
      } finally {
        await context.close();
      }
    };
    const firstFrames = await alternate(['product', 'bare'] as const, RUNS, (name) =>
      name === 'product' ? product() : bare(),
    );

    // Home LCP: learn the hero image from one product load, then alternate product and static page.
    const ready = (page: Page) => page.getByRole('heading', { name: HOME_HEADING }).waitFor({ timeout: 120_000 });
    const probe = await lcpOf(browser, `${base}/`, ready);
    if (!probe.url) throw new Error(`the home LCP is not an image (${probe.element})`);
    // The same image the home paints first: inlined in the page (data:) or fetched from the server.
    const hero = new URL(probe.url, base);
    const heroResponse = await fetch(hero).catch((error: unknown) => {
      throw new Error(`the hero image ${probe.url.slice(0, 80)} could not be read: ${String(error)}`);
    });
    const heroPath = hero.protocol === 'data:' ? probe.url : '/hero';
    const staticPage = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>static home</title></head>
<body style="margin:0"><img src="${heroPath}" alt="" fetchpriority="high" style="display:block;width:100%;height:auto"></body></html>`;
    staticServer = await startBareServer(
      [
        {
          method: 'GET',
          url: '/static-home.html',
          status: 200,
          headers: { 'content-type': 'text/html; charset=utf-8' },
          bodyBase64: Buffer.from(staticPage).toString('base64'),
        },
        {
          method: 'GET',
          url: '/hero',
          status: 200,
          headers: { 'content-type': heroResponse.headers.get('content-type') ?? 'image/jpeg' },
          bodyBase64: Buffer.from(await heroResponse.arrayBuffer()).toString('base64'),
        },
      ],
      0,
    );
    const staticUrl = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}/static-home.html`;
    const lcpElements = new Set<string>();
    const lcps = await alternate(['product', 'static'] as const, LCP_RUNS, async (name) => {
      if (name === 'static') return (await lcpOf(browser, staticUrl, (page) => page.locator('img').waitFor())).lcp;
      const result = await lcpOf(browser, `${base}/`, ready);
      lcpElements.add(result.element);
      return result.lcp;
    });

    const frame = median(frames);
    const nextMs = median(toNext);
    const figures: Figure[] = [
      {
        name: 'player route → first frame (warm shell vs bare hls.js page)',
        product: median(firstFrames.product),
        baseline: median(firstFrames.bare),
        unit: 'ms',
        goal: { direction: 'at most', ratio: 1.3 },
        samples: RUNS,
      },
      {
        name: 'next episode → its first frame on screen',
        product: nextMs,
        baseline: frame,
        unit: 'ms vs one display frame',
        goal: { direction: 'at most', ratio: 2 },
        samples: RUNS,
        absolute: { value: nextMs / frame, goal: 2, unit: 'frames' },
      },
      {
        name: 'home LCP, slow 4G + 4× CPU (vs static page, same hero image)',
        product: median(lcps.product),
        baseline: median(lcps.static),
        unit: 'ms',
        goal: { direction: 'at most', ratio: 1.2 },
        samples: LCP_RUNS,
      },
    ];
    const fmt = (v: number) => `${Math.round(v)} ms`;
    const detail = [
      `first frame samples: product [${firstFrames.product.map(fmt).join(', ')}], bare [${firstFrames.bare.map(fmt).join(', ')}]`,
      `next episode samples: [${toNext.map(fmt).join(', ')}], display frame ${frame.toFixed(1)} ms`,
      `home LCP samples: product [${lcps.product.map(fmt).join(', ')}], static [${lcps.static.map(fmt).join(', ')}]; element ${[...lcpElements].join(' | ')}`,
      'first-frame chain (median start → end from the navigation, runs that made the request):',
      ...[...stages]
        .sort(([, a], [, b]) => median(a.start) - median(b.start))
        .map(
          ([stage, { start, end }]) =>
            `  ${stage.padEnd(34)} ${fmt(median(start)).padStart(8)} → ${fmt(median(end)).padStart(8)}  (${start.length}/${RUNS})`,
        ),
    ];
    return { figures, detail };
  } finally {
    staticServer?.close();
    await browser.close();
    await system.stop();
  }
}

if (require.main === module) {
  const before = loadAverage();
  playerBench()
    .then(({ figures, detail }) => {
      console.log(
        formatTable(`Player and home vs bare pages — Chromium, alternating runs, load before ${before}`, figures),
      );
      for (const line of detail) console.log(line);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
