/**
 * Makes the demo catalogue real on disk, so a fresh install has something to watch:
 *
 *   <mediaRoot>/demo/<slug>/{poster,cover,banner,slider}.webp, scene.png + images.json
 *   <mediaRoot>/demo/<slug>/reel/v0/ + reel.json    every moving picture of the series, encoded once
 *   <mediaRoot>/demo/<slug>/ep<N>/master.m3u8, v0/, poster.jpg, thumb.jpg, episode.json
 *
 * An episode lasts 60–120 s, like the product's real ones, without encoding that much video per
 * episode. A series has one reel: its body clips (its scene filmed from a few angles), its credits
 * and one short opening per episode (the scene framed the episode's own way, with the series and
 * episode titles), each a whole number of 2 s segments that start on a keyframe. An episode is a
 * playlist over that reel: its opening, then body clips in a number and order of its own, then the
 * credits, with a discontinuity wherever it jumps. The segments it names are hard links inside the
 * episode's folder, so the package stays self-contained (the signed playback route serves nothing
 * outside it) at no cost in disk or time. The credits make "watched despite the outro" real: they
 * are the last 8 s of every episode, and each episode carries that mark (`creditsStartSeconds`).
 *
 * Artwork (posters, covers, banners, slides) is a composed scene with figures and no text (see
 * demo-scenes.ts): the interface writes the title once.
 *
 * Series are made one by one, each whole (artwork, reel, episodes) before it counts as ready, so a
 * caller can publish a series as soon as it is: the one the home screen shows first is made alone and
 * first, then the others two at a time. A series that fails is reported and does not stop the others.
 * Within a series, work is split into units (its artwork, its reel, an episode). A unit is built in a
 * temporary folder or file and renamed into place when complete, and carries a marker with the
 * fingerprint of what it was made from. So a crash leaves only temporaries (removed on the next run),
 * a later run redoes only units that are missing or whose inputs changed, and a run with nothing to
 * do only reads markers.
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { resolveFfmpeg } from '../../api/src/domains/media/ffmpeg';
import {
  type HlsVariant,
  MASTER_PLAYLIST,
  masterPlaylist,
  POSTER_FILE,
  THUMBNAIL_FILE,
  transcodeToHls,
  VERTICAL_RENDITIONS,
  variantDir,
} from '../../api/src/domains/media/hls-transcode';
import { BOLD_EM_PER_CHAR, fitLines, REGULAR_EM_PER_CHAR, wrapWords } from '../../api/src/domains/media/images';
import type { DemoCatalogue, DemoSeries } from './demo-catalogue.types';
import { renderScene, sceneSvg, settingOf } from './demo-scenes';
import {
  DEMO_FREE_EPISODES,
  DEMO_SCRIPT,
  type DemoPalette,
  type DemoScript,
  type DemoSeriesScript,
  demoEpisodeCoinCost,
} from './demo-script';

/** The shape of a {@link DemoCatalogue}. */
export const DEMO_CATALOGUE_VERSION = 1;
/** Bump when the look of generated media changes: every unit's fingerprint changes and it is redrawn. */
const MEDIA_REVISION = 3;
export const DEMO_DIR = 'demo';

/** Slow camera moves over a still scene look the same at 15 frames a second and cost a quarter less. */
const FRAME_RATE = 15;
export const SEGMENT_SECONDS = 2;
/**
 * One rendition, the top of the demo ladder: a second one doubled the encoding (x264 and AAC run once
 * per rendition, 8.1 against 4.5 CPU-seconds a series) for drawn scenes that look alike at either size.
 * Uploads keep their ladder.
 */
const EPISODE_RENDITIONS = VERTICAL_RENDITIONS.demo.slice(-1);
const VIDEO = EPISODE_RENDITIONS[0] as (typeof VERTICAL_RENDITIONS.demo)[number];
/** The scene the video pans over: larger than the frame, so every episode can frame it its own way. */
const SCENE = { file: 'scene.png', width: 810, height: 1440 };
const THUMB_WIDTH = 180;
/** The nice value of the encodes made after the first series, while the site serves. */
const BACKGROUND_NICENESS = 10;

/** How an episode is put together; every length is a whole number of segments. */
export interface EpisodeShape {
  openingSeconds: number;
  bodyClipSeconds: number;
  bodyClips: number;
  outroSeconds: number;
  minSeconds: number;
  maxSeconds: number;
}

export const DEMO_EPISODE_SHAPE: EpisodeShape = {
  openingSeconds: 2,
  bodyClipSeconds: 4,
  bodyClips: 3,
  outroSeconds: 8,
  minSeconds: 60,
  maxSeconds: 120,
};

const ARTWORK = [
  { key: 'posterPath', file: 'poster.webp', width: 720, height: 1080 },
  { key: 'coverPath', file: 'cover.webp', width: 720, height: 1280 },
  { key: 'bannerPath', file: 'banner.webp', width: 1280, height: 720 },
  { key: 'sliderPath', file: 'slider.webp', width: 1920, height: 1080 },
] as const;
const ARTWORK_MARKER = 'images.json';
const REEL_DIR = 'reel';
const REEL_MARKER = 'reel.json';
const EPISODE_MARKER = 'episode.json';
const TEMP_PREFIX = '.tmp-';

const FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

/** `done` of the `total` series that needed work are made. */
export interface DemoMediaProgress {
  message: string;
  done: number;
  total: number;
}

export interface EnsureDemoMediaOptions {
  mediaRoot: string;
  onProgress?(progress: DemoMediaProgress): void;
  /** The catalogue to build; the full demo script by default. Tests pass a small one. */
  script?: DemoScript;
  /** Only these series (slugs); all of the script by default. */
  only?: readonly string[];
  /** Series made at once after the first. x264 already uses every core; two keep both busy through the gaps. */
  concurrency?: number;
  /** The episode shape; tests may pass a shorter one. */
  shape?: EpisodeShape;
  signal?: AbortSignal;
  ffmpegPath?: string;
}

interface ArtworkMarker {
  fingerprint: string;
}

/** Where each piece sits in the reel, in segments. */
interface ReelLayout {
  body: { first: number; count: number }[];
  outro: { first: number; count: number };
  openings: { first: number; count: number }[]; // by episode number - 1
  segments: number;
}

interface ReelMarker {
  fingerprint: string;
  variants: HlsVariant[];
}

interface EpisodeMarker {
  fingerprint: string;
  durationSeconds: number;
}

interface SeriesUnit {
  series: DemoSeriesScript;
  dir: string;
  artworkFingerprint: string;
  reelFingerprint: string;
  plans: EpisodePlan[];
}

interface EpisodeUnit {
  key: string; // slug/number
  owner: SeriesUnit;
  episodeNumber: number;
  dir: string;
  fingerprint: string;
  plan: EpisodePlan;
}

/** What a run made: the catalogue of the series that are ready, and those that could not be made. */
export interface DemoMediaOutcome {
  catalogue: DemoCatalogue;
  failures: { slug: string; error: unknown }[];
}

export interface DemoMediaRun {
  /** The series in the order they are made: the one the home screen shows first, then the script's order. */
  order: readonly DemoSeriesScript[];
  /** A series once every file of it is in place; rejects when it could not be made. */
  series(slug: string): Promise<DemoSeries>;
  /** Settles (never rejects) when every series has. */
  finished: Promise<DemoMediaOutcome>;
}

const inFlight = new Map<string, DemoMediaRun>();

/**
 * Starts making whatever demo media is missing, series by series. Calls for the same media root share
 * one run, so `npm start` and the server it starts do not encode twice.
 */
export function startDemoMedia(options: EnsureDemoMediaOptions): DemoMediaRun {
  const key = join(options.mediaRoot, DEMO_DIR);
  const running = inFlight.get(key);
  if (running) return running;
  const run = generate(options);
  inFlight.set(key, run);
  void run.finished.then(() => inFlight.delete(key));
  return run;
}

/** The demo catalogue once all of it is made; rejects with the first series' failure. */
export async function ensureDemoMedia(options: EnsureDemoMediaOptions): Promise<DemoCatalogue> {
  const { catalogue, failures } = await startDemoMedia(options).finished;
  if (failures[0]) throw failures[0].error;
  return catalogue;
}

/**
 * The series the home screen shows first: its hero is the newest featured series, and the seed dates
 * the script's series newest first.
 */
export function homeFirstSeries(script: DemoScript): DemoSeriesScript {
  const first = script.series.find((series) => series.isFeatured) ?? script.series[0];
  if (!first) throw new Error('the demo script has no series');
  return first;
}

/** A promise with its settle functions, for units that wait on others. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => {}); // observed by whoever awaits it; never an unhandled rejection
  return { promise, resolve, reject };
}

/** What a series still needs: nothing when every marker matches. */
interface SeriesWork {
  unit: SeriesUnit;
  artwork: boolean;
  reel: ReelMarker | null;
  episodes: EpisodeUnit[];
  markers: Map<string, EpisodeMarker>;
}

function generate(options: EnsureDemoMediaOptions): DemoMediaRun {
  const { mediaRoot, onProgress, signal } = options;
  const script = options.script ?? DEMO_SCRIPT;
  const shape = options.shape ?? DEMO_EPISODE_SHAPE;
  validateScript(script);
  validateShape(shape);
  const demoRoot = join(mediaRoot, DEMO_DIR);
  const startedAt = Date.now();
  const first = homeFirstSeries(script);
  const wanted = script.series.filter((series) => !options.only || options.only.includes(series.slug));
  const order = [...wanted.filter((series) => series === first), ...wanted.filter((series) => series !== first)];
  const slots = new Map(order.map((series) => [series.slug, deferred<DemoSeries>()]));

  let ffmpegPath = options.ffmpegPath;
  let done = 0;
  let total = 0;
  const report = (message: string) => onProgress?.({ message, done, total });

  const make = async (work: SeriesWork, niceness?: number) => {
    const { unit } = work;
    const slot = slots.get(unit.series.slug);
    try {
      if (work.artwork || !work.reel || work.episodes.length > 0) {
        signal?.throwIfAborted();
        if (work.artwork) await renderArtwork(unit);
        signal?.throwIfAborted();
        ffmpegPath ??= resolveFfmpeg();
        const reel = work.reel ?? (await renderReel(unit, { shape, ffmpegPath, signal, niceness }));
        // Episodes are playlists, links and two small pictures: all of them at once.
        await Promise.all(
          work.episodes.map(async (episode) => {
            signal?.throwIfAborted();
            work.markers.set(episode.key, await assembleEpisode(episode, reel, shape));
          }),
        );
        done += 1;
        report(`Series ready: ${unit.series.title}`);
      }
      slot?.resolve(seriesEntry(unit.series, work.markers, shape));
    } catch (error) {
      slot?.reject(error);
      if (!signal?.aborted) report(`Could not make ${unit.series.title}: ${(error as Error).message ?? error}`);
    }
  };

  const schedule = async () => {
    await mkdir(demoRoot, { recursive: true });
    await removeStaleTemporaries(demoRoot, script);
    const works = await Promise.all(order.map((series) => pendingWork(seriesUnit(series, demoRoot, shape))));
    total = works.filter((w) => w.artwork || !w.reel || w.episodes.length > 0).length;
    if (total === 0) {
      for (const work of works) await make(work);
      return;
    }
    report(`Making ${total} demo series, ${works[0]?.unit.series.title} first`);
    const [head, ...rest] = works;
    // The home screen's series alone, so it is ready soonest; then the others, side by side.
    if (head) await make(head);
    // Those encode beside the serving site, at a lower priority so pages stay quick.
    await runPool(rest, options.concurrency ?? 2, (work) => make(work, BACKGROUND_NICENESS));
    report(`Demo media ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  };
  schedule().catch((error: unknown) => {
    for (const slot of slots.values()) slot.reject(error); // no effect on those already settled
  });

  const finished = Promise.allSettled(order.map((series) => slots.get(series.slug)?.promise)).then((results) => {
    const made = new Map<string, DemoSeries>();
    const failures: DemoMediaOutcome['failures'] = [];
    for (const [index, result] of results.entries()) {
      const slug = (order[index] as DemoSeriesScript).slug;
      if (result.status === 'fulfilled' && result.value) made.set(slug, result.value);
      else if (result.status === 'rejected') failures.push({ slug, error: result.reason });
    }
    const catalogue: DemoCatalogue = {
      version: DEMO_CATALOGUE_VERSION,
      categories: script.categories.map((c) => ({ ...c })),
      series: script.series.flatMap((s) => made.get(s.slug) ?? []),
    };
    return { catalogue, failures };
  });
  return {
    order,
    series: (slug) => slots.get(slug)?.promise ?? Promise.reject(new Error(`no demo series "${slug}" in this run`)),
    finished,
  };
}

function seriesUnit(series: DemoSeriesScript, demoRoot: string, shape: EpisodeShape): SeriesUnit {
  const artworkFingerprint = fingerprintOf({
    revision: MEDIA_REVISION,
    palette: series.palette,
    setting: settingOf(series),
    slug: series.slug,
    artwork: ARTWORK,
    scene: SCENE,
  });
  const plans = series.episodes.map((_, index) => planEpisode(series.slug, index + 1, shape));
  return {
    series,
    dir: join(demoRoot, series.slug),
    artworkFingerprint,
    plans,
    reelFingerprint: fingerprintOf({
      artworkFingerprint,
      title: series.title,
      tagline: series.tagline,
      episodes: series.episodes.map((e) => e.title),
      frames: plans.map((p) => p.frame),
      shape,
      frameRate: FRAME_RATE,
      renditions: EPISODE_RENDITIONS,
    }),
  };
}

async function pendingWork(unit: SeriesUnit): Promise<SeriesWork> {
  const { series, dir } = unit;
  const markers = new Map<string, EpisodeMarker>();
  const episodes: EpisodeUnit[] = [];
  const [artworkOk, reel] = await Promise.all([
    artworkReady(dir, unit.artworkFingerprint),
    readyReel(dir, unit.reelFingerprint),
  ]);
  await Promise.all(
    series.episodes.map(async (_, index) => {
      const number = index + 1;
      const plan = unit.plans[index] as EpisodePlan;
      const episode: EpisodeUnit = {
        key: episodeKey(series.slug, number),
        owner: unit,
        episodeNumber: number,
        dir: join(dir, episodeDirName(number)),
        plan,
        fingerprint: fingerprintOf({ reel: unit.reelFingerprint, episodeNumber: number, plan }),
      };
      const marker = await readyEpisode(episode);
      if (marker) markers.set(episode.key, marker);
      else episodes.push(episode);
    }),
  );
  episodes.sort((a, b) => a.episodeNumber - b.episodeNumber);
  return { unit, artwork: !artworkOk, reel, episodes, markers };
}

function validateScript(script: DemoScript): void {
  const categories = new Set(script.categories.map((c) => c.slug));
  const slugs = new Set<string>();
  for (const series of script.series) {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(series.slug))
      throw new Error(`demo series slug "${series.slug}" is not a URL slug`);
    if (slugs.has(series.slug)) throw new Error(`demo series slug "${series.slug}" is used twice`);
    slugs.add(series.slug);
    for (const slug of series.categorySlugs) {
      if (!categories.has(slug)) throw new Error(`demo series "${series.slug}" names unknown category "${slug}"`);
    }
    if (series.episodes.length === 0) throw new Error(`demo series "${series.slug}" has no episodes`);
  }
}

function validateShape(shape: EpisodeShape): void {
  for (const key of ['openingSeconds', 'bodyClipSeconds', 'outroSeconds'] as const) {
    if (!(shape[key] > 0 && shape[key] % SEGMENT_SECONDS === 0))
      throw new Error(`episode shape: ${key} must be a positive multiple of ${SEGMENT_SECONDS} s`);
  }
  if (!(shape.bodyClips >= 1)) throw new Error('episode shape: at least one body clip');
  if (shape.openingSeconds + shape.outroSeconds + shape.bodyClipSeconds > shape.maxSeconds)
    throw new Error('episode shape: the shortest episode is longer than maxSeconds');
}

// ---------------------------------------------------------------------------------------------------
// Planning an episode

export interface EpisodePlan {
  /** The series' body clips, in playing order (a clip comes back later, never twice in a row). */
  body: number[];
  /** How the opening frames the scene: a zoom (1 = the frame's width) and a focus, 0–1 each way. */
  frame: { zoom: number; focusX: number; focusY: number };
  durationSeconds: number;
}

/**
 * How long an episode is and what it is made of: a length within the shape's bounds, spread over
 * the series (the same episode always gets the same plan), and the body clips in a rotating order.
 */
export function planEpisode(
  slug: string,
  episodeNumber: number,
  shape: EpisodeShape = DEMO_EPISODE_SHAPE,
): EpisodePlan {
  const hash = createHash('sha256').update(`${slug}#${episodeNumber}`).digest();
  const byte = (i: number) => hash[i] as number;
  const fixed = shape.openingSeconds + shape.outroSeconds;
  const fewest = Math.max(1, Math.ceil((shape.minSeconds - fixed) / shape.bodyClipSeconds));
  const most = Math.max(fewest, Math.floor((shape.maxSeconds - fixed) / shape.bodyClipSeconds));
  const count = fewest + (byte(0) % (most - fewest + 1));
  const body: number[] = [];
  let clip = byte(1) % shape.bodyClips;
  for (let i = 0; i < count; i++) {
    body.push(clip);
    // The next clip: one of the others, chosen by the hash.
    if (shape.bodyClips > 1) clip = (clip + 1 + (byte(2 + (i % 24)) % (shape.bodyClips - 1))) % shape.bodyClips;
  }
  return {
    body,
    frame: {
      zoom: Math.round((1.05 + (byte(26) / 255) * 0.4) * 100) / 100,
      focusX: Math.round((0.15 + (byte(27) / 255) * 0.7) * 100) / 100,
      focusY: Math.round((0.2 + (byte(28) / 255) * 0.6) * 100) / 100,
    },
    durationSeconds: fixed + count * shape.bodyClipSeconds,
  };
}

/** Where each piece of a series' reel starts, in segments: body clips, credits, then openings. */
export function reelLayout(episodeCount: number, shape: EpisodeShape): ReelLayout {
  let next = 0;
  const take = (seconds: number) => {
    const count = seconds / SEGMENT_SECONDS;
    const span = { first: next, count };
    next += count;
    return span;
  };
  const body = Array.from({ length: shape.bodyClips }, () => take(shape.bodyClipSeconds));
  const outro = take(shape.outroSeconds);
  const openings = Array.from({ length: episodeCount }, () => take(shape.openingSeconds));
  return { body, outro, openings, segments: next };
}

// ---------------------------------------------------------------------------------------------------
// The catalogue

function episodeDirName(episodeNumber: number): string {
  return `ep${episodeNumber}`;
}

function episodeKey(slug: string, episodeNumber: number): string {
  return `${slug}/${episodeNumber}`;
}

/** A made series as the seed writes it. */
function seriesEntry(s: DemoSeriesScript, markers: Map<string, EpisodeMarker>, shape: EpisodeShape): DemoSeries {
  const base = `${DEMO_DIR}/${s.slug}`;
  const artwork = Object.fromEntries(ARTWORK.map((a) => [a.key, `${base}/${a.file}`])) as Record<
    (typeof ARTWORK)[number]['key'],
    string
  >;
  return {
    title: s.title,
    titleEn: s.titleEn,
    slug: s.slug,
    description: s.description,
    categorySlugs: [...s.categorySlugs],
    tags: [...s.tags],
    year: s.year,
    rating: Math.round(s.rating * 10) / 10,
    isGoldExclusive: s.isGoldExclusive,
    isFeatured: s.isFeatured,
    isTrending: s.isTrending,
    isTop: s.isTop,
    ...artwork,
    episodes: s.episodes.map((episode, index) => {
      const number = index + 1;
      const dir = `${base}/${episodeDirName(number)}`;
      const durationSeconds = markers.get(episodeKey(s.slug, number))?.durationSeconds ?? 0;
      return {
        episodeNumber: number,
        seasonNumber: 1,
        title: episode.title,
        description: episode.description,
        durationSeconds,
        // Every episode ends on the reel's credits.
        creditsStartSeconds: Math.max(0, durationSeconds - shape.outroSeconds),
        isFree: number <= DEMO_FREE_EPISODES,
        coinCost: demoEpisodeCoinCost(s, number),
        hlsPath: `${dir}/${MASTER_PLAYLIST}`,
        videoPath: null,
        thumbnailPath: `${dir}/${THUMBNAIL_FILE}`,
        posterPath: `${dir}/${POSTER_FILE}`,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------
// Units: fingerprints and readiness

function fingerprintOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 20);
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

async function allExist(files: string[]): Promise<boolean> {
  const results = await Promise.all(
    files.map((f) =>
      stat(f).then(
        () => true,
        () => false,
      ),
    ),
  );
  return results.every(Boolean);
}

async function artworkReady(seriesDir: string, expected: string): Promise<boolean> {
  const marker = await readJson<ArtworkMarker>(join(seriesDir, ARTWORK_MARKER));
  if (marker?.fingerprint !== expected) return false;
  return allExist([...ARTWORK.map((a) => join(seriesDir, a.file)), join(seriesDir, SCENE.file)]);
}

async function readyReel(seriesDir: string, expected: string): Promise<ReelMarker | null> {
  const dir = join(seriesDir, REEL_DIR);
  const marker = await readJson<ReelMarker>(join(dir, REEL_MARKER));
  if (marker?.fingerprint !== expected) return null;
  const files = EPISODE_RENDITIONS.map((_, i) => join(dir, variantDir(i), 'index.m3u8'));
  return (await allExist(files)) ? marker : null;
}

async function readyEpisode(unit: EpisodeUnit): Promise<EpisodeMarker | null> {
  const marker = await readJson<EpisodeMarker>(join(unit.dir, EPISODE_MARKER));
  if (marker?.fingerprint !== unit.fingerprint) return null;
  const files = [
    MASTER_PLAYLIST,
    POSTER_FILE,
    THUMBNAIL_FILE,
    ...EPISODE_RENDITIONS.map((_, i) => `${variantDir(i)}/index.m3u8`),
  ];
  return (await allExist(files.map((f) => join(unit.dir, f)))) ? marker : null;
}

/**
 * Temporaries are named `.tmp-…-<pid>-…`; those of a process that is gone are leftovers of a crash.
 * A live pid's are left alone: another process may be generating into the same root.
 */
async function removeStaleTemporaries(demoRoot: string, script: DemoScript): Promise<void> {
  const dirs = [demoRoot, ...script.series.map((s) => join(demoRoot, s.slug))];
  await Promise.all(
    dirs.map(async (dir) => {
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        const pid = /^\.tmp-.*?-(\d+)-[0-9a-f]+$/.exec(name)?.[1] ?? /\.(\d+)\.\d+\.tmp$/.exec(name)?.[1];
        if (pid && !processAlive(Number(pid))) await rm(join(dir, name), { recursive: true, force: true });
      }
    }),
  );
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tempName(label: string): string {
  return `${TEMP_PREFIX}${label}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

async function writeAtomically(file: string, data: string | Buffer): Promise<void> {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

// ---------------------------------------------------------------------------------------------------
// Artwork

async function renderArtwork(owner: SeriesUnit): Promise<void> {
  const { series, dir } = owner;
  await mkdir(dir, { recursive: true });
  const scene = { palette: series.palette, setting: settingOf(series), seed: series.slug };
  // Two drawings per series: a 9:16 one (the video's scene, the cover and, cut down, the 2:3 poster)
  // and a 16:9 one (banner and slide).
  const portrait = await sharp(Buffer.from(sceneSvg({ ...scene, width: SCENE.width, height: SCENE.height })))
    .png({ compressionLevel: 3 })
    .toBuffer();
  await writeAtomically(join(dir, SCENE.file), portrait);
  const wide = ARTWORK.find((a) => a.key === 'sliderPath') as (typeof ARTWORK)[number];
  const landscapeFile = join(dir, `${tempName('landscape')}.png`);
  await renderScene({ ...scene, width: wide.width, height: wide.height, output: landscapeFile });
  try {
    for (const artwork of ARTWORK) {
      const landscape = artwork.width > artwork.height;
      const image = sharp(landscape ? landscapeFile : portrait).resize(artwork.width, artwork.height, {
        fit: 'cover',
        // A 2:3 poster from the 9:16 scene keeps the figures and the light: it loses sky, not people.
        position: landscape ? 'centre' : 'bottom',
      });
      await writeAtomically(join(dir, artwork.file), await image.webp({ quality: 82, effort: 2 }).toBuffer());
    }
  } finally {
    await rm(landscapeFile, { force: true });
  }
  await writeAtomically(join(dir, ARTWORK_MARKER), JSON.stringify({ fingerprint: owner.artworkFingerprint }));
}

// ---------------------------------------------------------------------------------------------------
// The reel: one encode per series

interface EncodeContext {
  shape: EpisodeShape;
  ffmpegPath: string;
  signal?: AbortSignal;
  niceness?: number;
}

/** The camera on the body clips: three framings of the scene, drifting different ways. */
const BODY_FRAMES: { frame: EpisodePlan['frame']; drift: number }[] = [
  { frame: { zoom: 1.35, focusX: 0.3, focusY: 0.7 }, drift: 0.06 },
  { frame: { zoom: 1.12, focusX: 0.65, focusY: 0.3 }, drift: -0.05 },
  { frame: { zoom: 1.5, focusX: 0.5, focusY: 0.85 }, drift: 0.04 },
];

async function renderReel(owner: SeriesUnit, context: EncodeContext): Promise<ReelMarker> {
  const { series, dir } = owner;
  const { shape } = context;
  const temp = join(dir, tempName(REEL_DIR));
  try {
    await mkdir(temp, { recursive: true });
    const scene = join(dir, SCENE.file);
    const credits = join(temp, '.credits.png');
    const creditsHeight = await renderCredits(series, credits);
    const pieces: PieceSpec[] = [];
    for (let i = 0; i < shape.bodyClips; i++) {
      const camera = BODY_FRAMES[i % BODY_FRAMES.length] as (typeof BODY_FRAMES)[number];
      pieces.push({ seconds: shape.bodyClipSeconds, frame: camera.frame, drift: camera.drift, tone: i, volume: 0.2 });
    }
    pieces.push({
      seconds: shape.outroSeconds,
      frame: { zoom: 1.1, focusX: 0.5, focusY: 0.4 },
      drift: 0.02,
      dim: 0.5,
      // The credits roll from below the frame to above it.
      overlay: { file: credits, y: `H-(H+${creditsHeight})*t/${shape.outroSeconds}` },
      tone: 7,
      volume: 0.2,
      fadeOut: 1,
    });
    for (const [index, plan] of owner.plans.entries()) {
      const titles = join(temp, `.titles-${index + 1}.png`);
      await renderTitles(series, index + 1, titles);
      pieces.push({
        seconds: shape.openingSeconds,
        frame: plan.frame,
        drift: 0.03,
        // The titles fade in after a moment, so the first frame (the episode's poster) is the scene alone.
        overlay: { file: titles, y: '0', fadeInAt: 0.3, fadeSeconds: 0.4 },
        tone: index + 1,
        volume: 0.24,
      });
    }
    const seconds = pieces.reduce((sum, piece) => sum + piece.seconds, 0);
    const result = await transcodeToHls({
      input: {
        url: reelGraph(scene, pieces, series.palette),
        format: 'lavfi',
        durationSeconds: seconds,
        hasAudio: true,
        frameRate: FRAME_RATE,
      },
      outDir: temp,
      renditions: EPISODE_RENDITIONS,
      segmentSeconds: SEGMENT_SECONDS,
      preset: 'ultrafast',
      aacCoder: 'fast',
      ffmpegPath: context.ffmpegPath,
      signal: context.signal,
      niceness: context.niceness,
    });
    // Every piece must start on a segment of its own: check the reel was cut on the 2 s grid.
    const layout = reelLayout(owner.plans.length, shape);
    for (const i of EPISODE_RENDITIONS.keys()) {
      const segments = parseMediaPlaylist(await readFile(join(temp, variantDir(i), 'index.m3u8'), 'utf8'));
      const offGrid = segments.find((s) => Math.abs(s.duration - SEGMENT_SECONDS) > 0.05);
      if (segments.length !== layout.segments || offGrid) {
        throw new Error(
          `the reel of ${series.slug} was cut into ${segments.length} segments (expected ${layout.segments} of ${SEGMENT_SECONDS} s)`,
        );
      }
    }
    await rm(credits, { force: true });
    for (const name of await readdir(temp))
      if (name.startsWith('.titles-')) await rm(join(temp, name), { force: true });
    const marker: ReelMarker = { fingerprint: owner.reelFingerprint, variants: result.variants };
    await writeFile(join(temp, REEL_MARKER), JSON.stringify(marker));
    await installDir(temp, join(dir, REEL_DIR));
    return marker;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------
// Episodes: playlists over the reel

async function assembleEpisode(unit: EpisodeUnit, reel: ReelMarker, shape: EpisodeShape): Promise<EpisodeMarker> {
  const { dir: seriesDir, plans } = unit.owner;
  const layout = reelLayout(plans.length, shape);
  const opening = layout.openings[unit.episodeNumber - 1];
  if (!opening) throw new Error(`no opening for episode ${unit.episodeNumber}`);
  const spans = [opening, ...unit.plan.body.map((clip) => layout.body[clip] as typeof opening), layout.outro];
  const order = spans.flatMap((span) => Array.from({ length: span.count }, (_, i) => span.first + i));
  const reelDir = join(seriesDir, REEL_DIR);
  const temp = join(seriesDir, tempName(episodeDirName(unit.episodeNumber)));
  try {
    await mkdir(temp, { recursive: true });
    let durationSeconds = 0;
    for (const rendition of EPISODE_RENDITIONS.keys()) {
      const variant = variantDir(rendition);
      const segments = parseMediaPlaylist(await readFile(join(reelDir, variant, 'index.m3u8'), 'utf8'));
      await mkdir(join(temp, variant), { recursive: true });
      const lines: string[] = [];
      const linked = new Set<number>();
      let total = 0;
      let previous = -1;
      for (const index of order) {
        const segment = segments[index];
        if (!segment) throw new Error(`the reel has no segment ${index}`);
        if (!linked.has(index)) {
          await linkOrCopy(join(reelDir, variant, segment.uri), join(temp, variant, segment.uri));
          linked.add(index);
        }
        // A jump in the reel is a jump in time stamps: the player is told so.
        if (previous !== -1 && index !== previous + 1) lines.push('#EXT-X-DISCONTINUITY');
        lines.push(`#EXTINF:${segment.duration.toFixed(6)},`, segment.uri);
        total += segment.duration;
        previous = index;
      }
      const longest = Math.max(...order.map((i) => (segments[i] as { duration: number }).duration));
      const playlist = [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        `#EXT-X-TARGETDURATION:${Math.ceil(longest)}`,
        '#EXT-X-MEDIA-SEQUENCE:0',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        ...lines,
        '#EXT-X-ENDLIST',
        '',
      ].join('\n');
      await writeFile(join(temp, variant, 'index.m3u8'), playlist);
      if (rendition === 0) durationSeconds = total;
    }
    await writeFile(join(temp, MASTER_PLAYLIST), masterPlaylist(reel.variants, FRAME_RATE));
    await renderEpisodeStills(join(seriesDir, SCENE.file), unit.plan.frame, temp);
    const marker: EpisodeMarker = { fingerprint: unit.fingerprint, durationSeconds: Math.round(durationSeconds) };
    await writeFile(join(temp, EPISODE_MARKER), JSON.stringify(marker));
    await installDir(temp, unit.dir);
    return marker;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** Where the camera's window sits on the scaled scene at the start of a piece. */
function cameraWindow(frame: EpisodePlan['frame']) {
  const { width, height } = VIDEO;
  const scaledWidth = even(width * frame.zoom);
  const scaledHeight = even((scaledWidth * SCENE.height) / SCENE.width);
  const roomX = scaledWidth - width;
  const roomY = scaledHeight - height;
  return {
    scaledWidth,
    scaledHeight,
    roomX,
    roomY,
    // Even offsets: 4:2:0 video crops on whole chroma samples.
    x: Math.round((roomX * frame.focusX) / 2) * 2,
    y: Math.round((roomY * frame.focusY) / 2) * 2,
  };
}

/** The episode's poster and thumbnail: the opening's first frame, before the titles appear. */
async function renderEpisodeStills(scene: string, frame: EpisodePlan['frame'], outDir: string): Promise<void> {
  const { width, height } = VIDEO;
  const camera = cameraWindow(frame);
  const still = await sharp(scene)
    .resize(camera.scaledWidth, camera.scaledHeight)
    .extract({ left: camera.x, top: camera.y, width, height })
    .toBuffer();
  await sharp(still).jpeg({ quality: 82 }).toFile(join(outDir, POSTER_FILE));
  await sharp(still)
    .resize(THUMB_WIDTH, even((THUMB_WIDTH * height) / width))
    .jpeg({ quality: 75 })
    .toFile(join(outDir, THUMBNAIL_FILE));
}

/** The `#EXTINF` durations and addresses of a media playlist, in order. */
export function parseMediaPlaylist(text: string): { duration: number; uri: string }[] {
  const segments: { duration: number; uri: string }[] = [];
  let pending: number | null = null;
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line.startsWith('#EXTINF:')) pending = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#') && pending !== null) {
      segments.push({ duration: pending, uri: line });
      pending = null;
    }
  }
  return segments;
}

/** A hard link (no copy, no space) when the file system allows one, a copy otherwise. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
    await copyFile(from, to);
  }
}

/** Puts a finished folder in place of an outdated one (rename cannot replace a non-empty folder). */
async function installDir(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    await rm(to, { recursive: true, force: true });
    await rename(from, to);
  }
}

async function runPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failed = true; // stop taking new work; the others finish their current item
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(
    Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker),
  );
  const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (rejected) throw rejected.reason;
}

// ---------------------------------------------------------------------------------------------------
// Text layers (drawn by sharp, so ffmpeg needs no drawtext or fonts)

function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );
}

/** The opening's titles on a transparent frame: the series, "EPISODE N" and the episode's title. */
async function renderTitles(series: DemoSeriesScript, episodeNumber: number, output: string): Promise<void> {
  const { width, height } = VIDEO;
  const episodeTitle = series.episodes[episodeNumber - 1]?.title ?? '';
  const textWidth = width * 0.86;
  const title = fitLines(series.title, textWidth, width * 0.095, BOLD_EM_PER_CHAR, 3);
  const sub = fitLines(episodeTitle, textWidth, width * 0.058, BOLD_EM_PER_CHAR, 2);
  const label = Math.round(width * 0.05);
  const lines: string[] = [];
  const text = (value: string, size: number, y: number, fill: string, weight = 'bold') =>
    `<text x="${width / 2}" y="${Math.round(y)}" text-anchor="middle" font-size="${Math.round(size)}" font-weight="${weight}" fill="${fill}" stroke="#000" stroke-opacity="0.35" stroke-width="${Math.max(1, Math.round(size / 18))}" paint-order="stroke">${escapeXml(value)}</text>`;
  let y = height * 0.62;
  for (const line of title.lines) {
    y += title.size * 1.1;
    lines.push(text(line, title.size, y, '#ffffff'));
  }
  y += label * 1.6;
  lines.push(text(`EPISODE ${episodeNumber}`, label, y, series.palette.accent));
  for (const line of sub.lines) {
    y += sub.size * 1.3;
    lines.push(text(line, sub.size, y, '#ffffff', 'normal'));
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.7"/></linearGradient></defs>
    <rect y="${Math.round(height * 0.5)}" width="${width}" height="${Math.round(height * 0.5)}" fill="url(#shade)"/>
    <g font-family="${FONT_FAMILY}">${lines.join('')}</g></svg>`;
  await sharp(Buffer.from(svg)).png({ compressionLevel: 3 }).toFile(output);
}

/** The credits as a tall transparent strip; returns its height. */
async function renderCredits(series: DemoSeriesScript, output: string): Promise<number> {
  const { width } = VIDEO;
  const big = Math.round(width * 0.075);
  const small = Math.round(width * 0.04);
  const lines: { text: string; size: number; fill: string; gap: number; weight?: string }[] = [
    { text: 'To be continued…', size: big, fill: series.palette.accent, gap: 0 },
    ...fitLines(series.title, width * 0.86, width * 0.085, BOLD_EM_PER_CHAR, 3).lines.map((text, i) => ({
      text,
      size: Math.round(width * 0.07),
      fill: '#ffffff',
      gap: i === 0 ? big * 1.4 : 0,
    })),
    ...wrapWords(series.tagline, Math.floor((width * 0.8) / (small * REGULAR_EM_PER_CHAR))).map((text, i) => ({
      text,
      size: small,
      fill: '#ffffffdd',
      gap: i === 0 ? small : 0,
      weight: 'normal',
    })),
    { text: 'A Cliffhanger demo series', size: small, fill: '#ffffffaa', gap: big * 1.6, weight: 'normal' },
    { text: 'Next episode in the app', size: small, fill: '#ffffffaa', gap: small * 0.6, weight: 'normal' },
  ];
  let y = 0;
  const parts: string[] = [];
  for (const line of lines) {
    y += line.gap + line.size * 1.25;
    parts.push(
      `<text x="${width / 2}" y="${Math.round(y)}" text-anchor="middle" font-size="${line.size}" font-weight="${line.weight ?? 'bold'}" fill="${line.fill.slice(0, 7)}" fill-opacity="${line.fill.length > 7 ? (Number.parseInt(line.fill.slice(7), 16) / 255).toFixed(2) : 1}">${escapeXml(line.text)}</text>`,
    );
  }
  const height = Math.ceil(y + big) + (Math.ceil(y + big) % 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g font-family="${FONT_FAMILY}">${parts.join('')}</g></svg>`;
  await sharp(Buffer.from(svg)).png({ compressionLevel: 3 }).toFile(output);
  return height;
}

// ---------------------------------------------------------------------------------------------------
// The reel as one lavfi graph: [out0] video, [out1] audio

interface PieceSpec {
  seconds: number;
  frame: EpisodePlan['frame'];
  /** How far the camera drifts sideways over the piece, as a share of the frame's width. */
  drift: number;
  /** Darkens the scene (0–1), e.g. under the credits. */
  dim?: number;
  overlay?: { file: string; y: string; fadeInAt?: number; fadeSeconds?: number };
  tone: number;
  volume: number;
  /** Seconds of fade to black at the end. */
  fadeOut?: number;
}

/**
 * The pieces one after another. Cheap by construction: the scene is decoded once and scaled once per
 * piece, converted to YUV once and looped; per frame there is only a crop window that drifts (a
 * camera move), plus an overlay where there are titles or credits.
 */
export function reelGraph(scene: string, pieces: readonly PieceSpec[], palette?: DemoPalette): string {
  const { width, height } = VIDEO;
  const chains: string[] = [`movie=${esc(scene)},split=${pieces.length}${pieces.map((_, i) => `[sc${i}]`).join('')}`];
  const outputs: string[] = [];
  for (const [i, piece] of pieces.entries()) {
    const d = piece.seconds;
    const camera = cameraWindow(piece.frame);
    const driftPx = Math.round(width * piece.drift);
    const x = `min(${camera.roomX},max(0,${camera.x}+${driftPx}*t/${d}))`;
    const y = `min(${camera.roomY},max(0,${camera.y}-${Math.round(driftPx / 3)}*t/${d}))`;
    let video =
      `[sc${i}]scale=${camera.scaledWidth}:${camera.scaledHeight},setsar=1,format=yuv420p,` +
      `loop=loop=-1:size=1,setpts=N/${FRAME_RATE}/TB,trim=duration=${d},` +
      `crop=${width}:${height}:x=${esc(x)}:y=${esc(y)}`;
    if (piece.dim) {
      const level = (1 - piece.dim).toFixed(2);
      video += `,colorlevels=romax=${level}:gomax=${level}:bomax=${level}`;
    }
    if (piece.overlay) {
      const o = piece.overlay;
      chains.push(
        `movie=${esc(o.file)},format=yuva420p,loop=loop=-1:size=1,setpts=N/${FRAME_RATE}/TB,trim=duration=${d}` +
          (o.fadeInAt !== undefined ? `,fade=t=in:st=${o.fadeInAt}:d=${o.fadeSeconds ?? 0.5}:alpha=1` : '') +
          `[tx${i}]`,
      );
      video += `[bg${i}];[bg${i}][tx${i}]overlay=x=0:y=${esc(o.y)}:eval=frame:shortest=1`;
    }
    if (piece.fadeOut) video += `,fade=t=out:st=${d - piece.fadeOut}:d=${piece.fadeOut}`;
    chains.push(`${video},setpts=PTS-STARTPTS[v${i}]`);
    chains.push(soundtrack(palette, piece.tone, d, piece.volume, `a${i}`));
    outputs.push(`[v${i}][a${i}]`);
  }
  chains.push(`${outputs.join('')}concat=n=${pieces.length}:v=1:a=1[out0][out1]`);
  return chains.join(';');
}

function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

/**
 * A quiet fifth (root on the left, the fifth on the right) with a slow swell, different per piece, so
 * a viewer hears that audio works without being startled. Plain sine sources: an expression evaluated
 * per sample costs as much as encoding the audio.
 */
function soundtrack(
  palette: DemoPalette | undefined,
  variant: number,
  d: number,
  volume: number,
  label: string,
): string {
  const roots = [196, 220, 246.94, 261.63, 293.66, 329.63];
  const [r, g, b] = rgb(palette?.accent ?? '#808080');
  const root = roots[(r + g + b + variant) % roots.length] as number;
  return [
    `sine=f=${root}:r=48000:d=${d}[${label}L]`,
    `sine=f=${(root * 1.5).toFixed(2)}:r=48000:d=${d}[${label}R]`,
    `[${label}L][${label}R]amerge=inputs=2,volume=${volume},tremolo=f=0.5:d=0.3,` +
      `afade=t=in:st=0:d=0.2,afade=t=out:st=${Math.max(0, d - 0.2)}:d=0.2,asetpts=PTS-STARTPTS[${label}]`,
  ].join(';');
}

/**
 * Escapes a filter option value for a filtergraph string: first for the option parser (`\ ' :`), then
 * for the graph parser (`\ ' [ ] , ;`), as ffmpeg-filters(1) "Notes on filtergraph escaping" describes.
 */
export function esc(value: string): string {
  const optionLevel = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return optionLevel.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

function rgb(color: string): [number, number, number] {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!match) throw new Error(`expected a #rrggbb colour, got "${color}"`);
  return [Number.parseInt(match[1], 16), Number.parseInt(match[2], 16), Number.parseInt(match[3], 16)];
}
