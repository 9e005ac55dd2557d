import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DemoCatalogue } from '../src/demo-catalogue.types';
import { sceneSvg, settingOf } from '../src/demo-scenes';
import { DEMO_SCRIPT, type DemoScript } from '../src/demo-script';
import {
  DEMO_EPISODE_SHAPE,
  type DemoMediaProgress,
  ensureDemoMedia,
  esc,
  homeFirstSeries,
  parseMediaPlaylist,
  planEpisode,
} from '../src/generate-demo-media';

const [first] = DEMO_SCRIPT.series;
/** One series, two episodes, and a title full of the characters filtergraphs and SVG treat specially. */
const smallScript: DemoScript = {
  categories: DEMO_SCRIPT.categories,
  series: [
    {
      ...first,
      slug: 'test-series',
      title: "Love: 100%, Isn't It? [Part 1]; <Again> & Again",
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
      onProgress: (p) => progress.push(p),
    });
  }, 120_000);

  it('returns the catalogue of the script', () => {
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

  it('makes episodes of one to two minutes, as long as their playlists say, in one 540×960 rendition', async () => {
    const [series] = catalogue.series;
    expect(series.episodes.map((e) => e.episodeNumber)).toEqual([1, 2]);
    for (const episode of series.episodes) {
      expect(episode).toMatchObject({ seasonNumber: 1, isFree: true, coinCost: 0, videoPath: null });
      expect(episode.durationSeconds).toBeGreaterThanOrEqual(60);
      expect(episode.durationSeconds).toBeLessThanOrEqual(120);
      const dir = join(mediaRoot, episode.hlsPath, '..');
      const master = await readFile(join(dir, 'master.m3u8'), 'utf8');
      const variants = master.split('\n').filter((line) => line.endsWith('.m3u8'));
      expect(variants).toEqual(['v0/index.m3u8']);
      expect(master).toContain('RESOLUTION=540x960');
      for (const variant of variants) {
        const segments = parseMediaPlaylist(await readFile(join(dir, variant), 'utf8'));
        const seconds = segments.reduce((sum, s) => sum + s.duration, 0);
        expect(Math.round(seconds)).toBe(episode.durationSeconds);
        // Every segment the playlist names is inside the episode's own folder (the playback route serves nothing else).
        for (const segment of segments) {
          expect(segment.uri).toMatch(/^[\w.-]+\.ts$/);
          expect(await exists(join(dir, variant, '..', segment.uri))).toBe(true);
        }
      }
    }
  });

  it('ends every episode with the credits, the same segments for every episode of the series, and marks where they start', async () => {
    const [series] = catalogue.series;
    const tails = await Promise.all(
      series.episodes.map(async (episode) => {
        const text = await readFile(join(mediaRoot, episode.hlsPath, '..', 'v0', 'index.m3u8'), 'utf8');
        return parseMediaPlaylist(text)
          .slice(-DEMO_EPISODE_SHAPE.outroSeconds / 2)
          .map((s) => s.uri);
      }),
    );
    expect(tails[0]).toHaveLength(4);
    expect(tails[1]).toEqual(tails[0]);
    // Each episode carries where those credits start: it counts as watched from there.
    for (const episode of series.episodes) {
      const text = await readFile(join(mediaRoot, episode.hlsPath, '..', 'v0', 'index.m3u8'), 'utf8');
      const story = parseMediaPlaylist(text).slice(0, -DEMO_EPISODE_SHAPE.outroSeconds / 2);
      const creditsAt = story.reduce((sum, segment) => sum + segment.duration, 0);
      expect(Math.abs(episode.creditsStartSeconds - creditsAt)).toBeLessThan(1);
    }
    // Each episode opens with a segment of its own.
    const heads = await Promise.all(
      series.episodes.map(async (episode) => {
        const text = await readFile(join(mediaRoot, episode.hlsPath, '..', 'v0', 'index.m3u8'), 'utf8');
        return parseMediaPlaylist(text)[0]?.uri;
      }),
    );
    expect(heads[0]).not.toEqual(heads[1]);
  });

  it('reports progress up to the total', () => {
    expect(progress.length).toBeGreaterThan(0);
    const last = progress[progress.length - 1];
    expect(last.total).toBe(1); // one series
    expect(last.done).toBe(last.total);
  });

  it('returns quickly and generates nothing on a second call', async () => {
    const before = await stat(join(mediaRoot, 'demo', 'test-series', 'ep1', 'master.m3u8'));
    const again: DemoMediaProgress[] = [];
    const started = performance.now();
    const second = await ensureDemoMedia({
      mediaRoot,
      script: smallScript,
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
    const untouched = await stat(join(seriesDir, 'ep1', 'master.m3u8'));
    const reel = await stat(join(seriesDir, 'reel', 'reel.json'));
    await rm(join(seriesDir, 'ep2'), { recursive: true });
    // What a killed run leaves: a half-written episode folder named after a pid that no longer exists.
    const leftover = join(seriesDir, '.tmp-ep2-999999-deadbeef');
    await mkdir(join(leftover, 'v0'), { recursive: true });

    const resumed: DemoMediaProgress[] = [];
    const third = await ensureDemoMedia({
      mediaRoot,
      script: smallScript,
      onProgress: (p) => resumed.push(p),
    });
    expect(resumed.at(-1)).toMatchObject({ done: 1, total: 1 });
    expect(third).toEqual(catalogue);
    expect(await exists(join(seriesDir, 'ep2', 'master.m3u8'))).toBe(true);
    expect((await stat(join(seriesDir, 'ep1', 'master.m3u8'))).mtimeMs).toBe(untouched.mtimeMs);
    expect((await stat(join(seriesDir, 'reel', 'reel.json'))).mtimeMs).toBe(reel.mtimeMs);
    expect((await readdir(seriesDir)).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
  }, 60_000);

  it('answers new texts without re-encoding when only texts change', async () => {
    const edited: DemoScript = {
      ...smallScript,
      series: [{ ...smallScript.series[0], description: 'A new description for the shelf.' }],
    };
    const calls: DemoMediaProgress[] = [];
    const result = await ensureDemoMedia({
      mediaRoot,
      script: edited,
      onProgress: (p) => calls.push(p),
    });
    expect(calls).toEqual([]);
    expect(result.series[0].description).toBe('A new description for the shelf.');
  });
});

describe('planning the demo episodes', () => {
  const plans = DEMO_SCRIPT.series.flatMap((series) =>
    series.episodes.map((_, index) => planEpisode(series.slug, index + 1)),
  );

  it('gives every episode of the catalogue 60 to 120 seconds, and not all the same', () => {
    for (const plan of plans) {
      expect(plan.durationSeconds).toBeGreaterThanOrEqual(60);
      expect(plan.durationSeconds).toBeLessThanOrEqual(120);
    }
    expect(new Set(plans.map((p) => p.durationSeconds)).size).toBeGreaterThanOrEqual(8);
  });

  it('never plays the same body clip twice in a row', () => {
    for (const plan of plans) {
      for (let i = 1; i < plan.body.length; i++) expect(plan.body[i]).not.toBe(plan.body[i - 1]);
    }
  });
});

describe('the series made first', () => {
  it('is the one the home screen’s hero shows: the newest featured series', () => {
    const first = homeFirstSeries(DEMO_SCRIPT);
    expect(first.isFeatured).toBe(true);
    // The seed dates the script's series newest first, so no featured series is newer.
    expect(DEMO_SCRIPT.series.findIndex((s) => s.isFeatured)).toBe(DEMO_SCRIPT.series.indexOf(first));
    const later = { ...DEMO_SCRIPT, series: [{ ...first, isFeatured: false }, ...DEMO_SCRIPT.series.slice(1)] };
    expect(homeFirstSeries(later).slug).not.toBe(first.slug);
    expect(homeFirstSeries(later).isFeatured).toBe(true);
  });
});

describe('the demo artwork', () => {
  it('is a drawn scene without a word in it, different for every series', () => {
    const drawings = DEMO_SCRIPT.series.map((series) =>
      sceneSvg({ width: 720, height: 1080, palette: series.palette, setting: settingOf(series), seed: series.slug }),
    );
    for (const svg of drawings) expect(svg).not.toMatch(/<text|<tspan/);
    expect(new Set(drawings).size).toBe(drawings.length);
  });

  it('writes posters at 2:3 and banners and slides at 16:9', async () => {
    const sharp = (await import('sharp')).default;
    const dir = join(mediaRoot, 'demo', 'test-series');
    const size = async (file: string) => {
      const { width = 0, height = 0 } = await sharp(join(dir, file)).metadata();
      return width / height;
    };
    expect(await size('poster.webp')).toBeCloseTo(2 / 3, 2);
    expect(await size('banner.webp')).toBeCloseTo(16 / 9, 2);
    expect(await size('slider.webp')).toBeCloseTo(16 / 9, 2);
  });
});

describe('filtergraph escaping', () => {
  it('escapes option values for both filtergraph levels', () => {
    expect(esc('a:b')).toBe('a\\\\:b');
    expect(esc("it's")).toBe("it\\\\\\'s");
    expect(esc('x,y;[z]')).toBe('x\\,y\\;\\[z\\]');
  });
});
