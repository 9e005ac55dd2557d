import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DemoCatalogue } from '../../src/demo/demo-catalogue.types';
import { DEMO_SCRIPT, type DemoScript } from '../../src/demo/demo-script';
import { type DemoMediaProgress, ensureDemoMedia, episodeSourceGraph, esc } from '../../src/demo/generate-demo-media';
import { transcodeToHls, VERTICAL_RENDITIONS } from '../../src/media/hls-transcode';

const [first] = DEMO_SCRIPT.series;
/** One series, two episodes, and a title full of the characters filtergraphs treat specially. */
const smallScript: DemoScript = {
  categories: DEMO_SCRIPT.categories,
  series: [
    {
      ...first,
      slug: 'test-series',
      title: "Love: 100%, Isn't It? [Part 1]; Again",
      episodes: first.episodes.slice(0, 2),
    },
  ],
};

let mediaRoot: string;

beforeAll(async () => {
  mediaRoot = await mkdtemp(join(tmpdir(), 'demo-media-test-'));
});

afterAll(async () => {
  await rm(mediaRoot, { recursive: true, force: true });
});

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

describe('ensureDemoMedia', () => {
  let catalogue: DemoCatalogue;
  const progress: DemoMediaProgress[] = [];

  beforeAll(async () => {
    catalogue = await ensureDemoMedia({
      mediaRoot,
      script: smallScript,
      episodeSeconds: 2,
      onProgress: (p) => progress.push(p),
    });
  }, 60_000);

  it('writes the catalogue manifest it returns', async () => {
    const manifest = JSON.parse(await readFile(join(mediaRoot, 'demo', 'catalogue.json'), 'utf8'));
    expect(manifest).toEqual(catalogue);
    expect(catalogue.version).toBeGreaterThanOrEqual(1);
    expect(catalogue.categories).toEqual(DEMO_SCRIPT.categories);
    expect(catalogue.series).toHaveLength(1);
  });

  it('creates every file the catalogue points to', async () => {
    const [series] = catalogue.series;
    const files = [series.posterPath, series.coverPath, series.bannerPath, series.sliderPath];
    for (const episode of series.episodes) files.push(episode.hlsPath, episode.posterPath, episode.thumbnailPath);
    for (const file of files) expect(await exists(join(mediaRoot, file))).toBe(true);
    expect(series.posterPath).toBe('demo/test-series/poster.webp');
    expect(series.episodes[1].hlsPath).toBe('demo/test-series/ep2/master.m3u8');
  });

  it('describes episodes with real durations and the free/paid rule', () => {
    const [series] = catalogue.series;
    expect(series.episodes.map((e) => e.episodeNumber)).toEqual([1, 2]);
    for (const episode of series.episodes) {
      expect(episode).toMatchObject({ seasonNumber: 1, isFree: true, coinCost: 0, videoPath: null });
      expect(episode.durationSeconds).toBe(2);
    }
  });

  it('reports progress up to the total', () => {
    expect(progress.length).toBeGreaterThan(0);
    const last = progress[progress.length - 1];
    expect(last.total).toBe(3); // one artwork set, two episodes
    expect(last.done).toBe(last.total);
  });

  it('returns quickly and generates nothing on a second call', async () => {
    const before = await stat(join(mediaRoot, 'demo', 'test-series', 'ep1', 'master.m3u8'));
    const again: DemoMediaProgress[] = [];
    const started = performance.now();
    const second = await ensureDemoMedia({
      mediaRoot,
      script: smallScript,
      episodeSeconds: 2,
      onProgress: (p) => again.push(p),
    });
    expect(performance.now() - started).toBeLessThan(500);
    expect(second).toEqual(catalogue);
    expect(again).toEqual([]);
    const after = await stat(join(mediaRoot, 'demo', 'test-series', 'ep1', 'master.m3u8'));
    expect(after.mtimeMs).toBe(before.mtimeMs);
  });

  it('after a crash, redoes only the missing episode and clears the dead run’s leftovers', async () => {
    const seriesDir = join(mediaRoot, 'demo', 'test-series');
    await rm(join(seriesDir, 'ep2'), { recursive: true });
    // What a killed run leaves: a half-written episode folder named after a pid that no longer exists.
    const leftover = join(seriesDir, '.tmp-ep2-999999-deadbeef');
    await mkdir(join(leftover, 'v0'), { recursive: true });

    const resumed: DemoMediaProgress[] = [];
    const third = await ensureDemoMedia({
      mediaRoot,
      script: smallScript,
      episodeSeconds: 2,
      onProgress: (p) => resumed.push(p),
    });
    expect(resumed.at(-1)).toMatchObject({ done: 1, total: 1 });
    expect(third).toEqual(catalogue);
    expect(await exists(join(seriesDir, 'ep2', 'master.m3u8'))).toBe(true);
    expect((await readdir(seriesDir)).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
  }, 60_000);

  it('rewrites the manifest without re-encoding when only texts change', async () => {
    const edited: DemoScript = {
      ...smallScript,
      series: [{ ...smallScript.series[0], description: 'A new description for the shelf.' }],
    };
    const calls: DemoMediaProgress[] = [];
    const result = await ensureDemoMedia({
      mediaRoot,
      script: edited,
      episodeSeconds: 2,
      onProgress: (p) => calls.push(p),
    });
    expect(calls).toEqual([]);
    expect(result.series[0].description).toBe('A new description for the shelf.');
    const manifest = JSON.parse(await readFile(join(mediaRoot, 'demo', 'catalogue.json'), 'utf8'));
    expect(manifest.series[0].description).toBe('A new description for the shelf.');
  });
});

describe('the episode picture', () => {
  it('still renders when drawtext is unavailable, with shapes instead of text', async () => {
    const outDir = join(mediaRoot, 'shapes-only');
    const graph = episodeSourceGraph({
      seriesTitle: 'Shapes',
      episodeNumber: 4,
      episodeTitle: 'No Font',
      palette: first.palette,
      durationSeconds: 1,
      fontFile: null,
    });
    expect(graph).not.toContain('drawtext');
    const result = await transcodeToHls({
      input: { url: graph, format: 'lavfi', durationSeconds: 1, hasAudio: true, frameRate: 24 },
      outDir,
      renditions: VERTICAL_RENDITIONS.demo.slice(0, 1),
    });
    expect(result.variants).toHaveLength(1);
    expect(await exists(join(outDir, 'poster.jpg'))).toBe(true);
  }, 30_000);

  it('escapes option values for both filtergraph levels', () => {
    expect(esc('a:b')).toBe('a\\\\:b');
    expect(esc("it's")).toBe("it\\\\\\'s");
    expect(esc('x,y;[z]')).toBe('x\\,y\\;\\[z\\]');
  });
});
