/**
 * Makes the demo catalogue real on disk, so a fresh install has something to watch:
 *
 *   <mediaRoot>/demo/catalogue.json              the DemoCatalogue, written last
 *   <mediaRoot>/demo/<slug>/{poster,cover,banner,slider}.webp + images.json
 *   <mediaRoot>/demo/<slug>/ep<N>/master.m3u8, v0/, v1/, poster.jpg, thumb.jpg, episode.json
 *
 * Each episode is a short vertical video drawn by ffmpeg itself (a gradient, a drifting glow, the
 * series and episode titles, a progress strip and a soft chord), packaged as two-rendition HLS.
 *
 * Work is split into units (a series' artwork, an episode). A unit is built in a temporary folder or
 * file and renamed into place when complete, and carries a marker with the fingerprint of what it was
 * made from. So a crash leaves only temporaries (removed on the next run), a later run redoes only
 * units that are missing or whose inputs changed, and a run with nothing to do only reads markers.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hasFilter, resolveFfmpeg } from '../media/ffmpeg';
import {
  MASTER_PLAYLIST,
  POSTER_FILE,
  THUMBNAIL_FILE,
  transcodeToHls,
  VERTICAL_RENDITIONS,
  variantDir,
} from '../media/hls-transcode';
import { BOLD_EM_PER_CHAR, fitLines, renderTitleCard } from '../media/images';
import type { DemoCatalogue, DemoSeries } from './demo-catalogue.types';
import {
  DEMO_FREE_EPISODES,
  DEMO_SCRIPT,
  type DemoPalette,
  type DemoScript,
  type DemoSeriesScript,
  demoEpisodeCoinCost,
} from './demo-script';

/** The shape of catalogue.json; readers compare it before trusting the file. */
export const DEMO_CATALOGUE_VERSION = 1;
/** Bump when the look of generated media changes: every unit's fingerprint changes and it is redrawn. */
const MEDIA_REVISION = 2;
export const DEMO_DIR = 'demo';
export const DEMO_MANIFEST = 'catalogue.json';

/** Episode video: small sizes and a few seconds keep the first start of the whole catalogue short. */
const EPISODE_SECONDS = 6;
const EPISODE_FRAME_RATE = 20;
const EPISODE_RENDITIONS = VERTICAL_RENDITIONS.demo;
/** Where the title is fully visible, so the poster frame shows it. */
const EPISODE_POSTER_AT_SECONDS = 2;

const ARTWORK = [
  { key: 'posterPath', file: 'poster.webp', width: 720, height: 1080 },
  { key: 'coverPath', file: 'cover.webp', width: 720, height: 1280 },
  { key: 'bannerPath', file: 'banner.webp', width: 1280, height: 720 },
  { key: 'sliderPath', file: 'slider.webp', width: 1920, height: 800 },
] as const;
const ARTWORK_MARKER = 'images.json';
const EPISODE_MARKER = 'episode.json';
const TEMP_PREFIX = '.tmp-';

/** Bold fonts drawtext can use; the Debian and the static npm ffmpeg both need a file, not a name. */
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
];

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
  /** Episodes encoded at once. x264 already uses every core, two keeps both busy through the gaps. */
  concurrency?: number;
  episodeSeconds?: number;
  signal?: AbortSignal;
  ffmpegPath?: string;
}

interface ArtworkMarker {
  fingerprint: string;
}

interface EpisodeMarker {
  fingerprint: string;
  durationSeconds: number;
  /** False when the ffmpeg in use had no drawtext and the video carries shapes only. */
  withText: boolean;
}

interface EpisodeUnit {
  key: string; // slug/number
  series: DemoSeriesScript;
  seriesIndex: number;
  episodeNumber: number;
  dir: string;
  fingerprint: string;
}

const inFlight = new Map<string, Promise<DemoCatalogue>>();

/**
 * Returns the demo catalogue, generating whatever media is missing first. Calls for the same media
 * root share one run, so a server that asks twice while starting does not encode twice.
 */
export function ensureDemoMedia(options: EnsureDemoMediaOptions): Promise<DemoCatalogue> {
  const key = join(options.mediaRoot, DEMO_DIR);
  const running = inFlight.get(key);
  if (running) return running;
  const run = generate(options).finally(() => inFlight.delete(key));
  inFlight.set(key, run);
  return run;
}

async function generate(options: EnsureDemoMediaOptions): Promise<DemoCatalogue> {
  const { mediaRoot, onProgress, signal } = options;
  const script = options.script ?? DEMO_SCRIPT;
  const episodeSeconds = options.episodeSeconds ?? EPISODE_SECONDS;
  validateScript(script);
  const demoRoot = join(mediaRoot, DEMO_DIR);
  const manifestPath = join(demoRoot, DEMO_MANIFEST);
  const startedAt = Date.now();

  const artworkPending: { series: DemoSeriesScript; kicker: string }[] = [];
  const episodes: EpisodeUnit[] = [];
  const markers = new Map<string, EpisodeMarker>();
  await Promise.all(
    script.series.map(async (series, seriesIndex) => {
      const seriesDir = join(demoRoot, series.slug);
      const kicker = artworkKicker(series, script.categories);
      if (!(await artworkReady(seriesDir, artworkFingerprint(series, kicker)))) artworkPending.push({ series, kicker });
      await Promise.all(
        series.episodes.map(async (_, index) => {
          const unit: EpisodeUnit = {
            key: episodeKey(series.slug, index + 1),
            series,
            seriesIndex,
            episodeNumber: index + 1,
            dir: join(seriesDir, episodeDirName(index + 1)),
            fingerprint: episodeFingerprint(series, index + 1, episodeSeconds),
          };
          const marker = await readyEpisode(unit);
          if (marker) markers.set(unit.key, marker);
          else episodes.push(unit);
        }),
      );
    }),
  );

  const total = artworkPending.length + episodes.length;
  if (total === 0) {
    const catalogue = buildCatalogue(script, markers);
    const current = await readFile(manifestPath, 'utf8').catch(() => null);
    if (current !== manifestText(catalogue)) await writeAtomically(manifestPath, manifestText(catalogue));
    return catalogue;
  }

  let done = 0;
  const report = (message: string) => onProgress?.({ message, done, total });
  report(`Generating demo media: ${artworkPending.length} artwork sets, ${episodes.length} episodes`);
  await mkdir(demoRoot, { recursive: true });
  await removeStaleTemporaries(demoRoot, script);

  // Artwork (sharp, in-process) and episodes (ffmpeg children) run side by side: the encoders leave
  // gaps between frames that the image work fills, which is faster than doing one after the other.
  const artwork = async () => {
    for (const { series, kicker } of artworkPending) {
      signal?.throwIfAborted();
      await renderArtwork(join(demoRoot, series.slug), series, kicker);
      done += 1;
      report(`Artwork ready: ${series.title}`);
    }
  };
  const videos = async () => {
    if (episodes.length === 0) return;
    const ffmpegPath = options.ffmpegPath ?? resolveFfmpeg();
    const fontFile = (await hasFilter('drawtext', ffmpegPath)) ? findFont() : null;
    // Interleave series so that, if the run is cut short, every series already has its first episodes.
    episodes.sort((a, b) => a.episodeNumber - b.episodeNumber || a.seriesIndex - b.seriesIndex);
    await runPool(episodes, options.concurrency ?? 2, async (unit) => {
      signal?.throwIfAborted();
      const marker = await renderEpisode(unit, { episodeSeconds, fontFile, ffmpegPath, signal });
      markers.set(unit.key, marker);
      done += 1;
      report(`Episode ready: ${unit.series.title} · ${unit.episodeNumber}`);
    });
  };
  const outcomes = await Promise.allSettled([artwork(), videos()]);
  const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failure) throw failure.reason;

  const catalogue = buildCatalogue(script, markers);
  await writeAtomically(manifestPath, manifestText(catalogue));
  report(`Demo media ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  return catalogue;
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

// ---------------------------------------------------------------------------------------------------
// The catalogue

function episodeDirName(episodeNumber: number): string {
  return `ep${episodeNumber}`;
}

function episodeKey(slug: string, episodeNumber: number): string {
  return `${slug}/${episodeNumber}`;
}

function buildCatalogue(script: DemoScript, markers: Map<string, EpisodeMarker>): DemoCatalogue {
  const series = script.series.map((s): DemoSeries => {
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
        return {
          episodeNumber: number,
          seasonNumber: 1,
          title: episode.title,
          description: episode.description,
          durationSeconds: markers.get(episodeKey(s.slug, number))?.durationSeconds ?? 0,
          isFree: number <= DEMO_FREE_EPISODES,
          coinCost: demoEpisodeCoinCost(s, number),
          hlsPath: `${dir}/${MASTER_PLAYLIST}`,
          videoPath: null,
          thumbnailPath: `${dir}/${THUMBNAIL_FILE}`,
          posterPath: `${dir}/${POSTER_FILE}`,
        };
      }),
    };
  });
  return { version: DEMO_CATALOGUE_VERSION, categories: script.categories.map((c) => ({ ...c })), series };
}

function manifestText(catalogue: DemoCatalogue): string {
  return `${JSON.stringify(catalogue, null, 2)}\n`;
}

// ---------------------------------------------------------------------------------------------------
// Units: fingerprints and readiness

function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 20);
}

function artworkFingerprint(series: DemoSeriesScript, kicker: string): string {
  return fingerprint({
    revision: MEDIA_REVISION,
    title: series.title,
    tagline: series.tagline,
    kicker,
    gold: series.isGoldExclusive,
    palette: series.palette,
    artwork: ARTWORK,
  });
}

function episodeFingerprint(series: DemoSeriesScript, episodeNumber: number, seconds: number): string {
  return fingerprint({
    revision: MEDIA_REVISION,
    series: series.title,
    palette: series.palette,
    episodeNumber,
    title: series.episodes[episodeNumber - 1].title,
    seconds,
    frameRate: EPISODE_FRAME_RATE,
    renditions: EPISODE_RENDITIONS,
  });
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
  return allExist(ARTWORK.map((a) => join(seriesDir, a.file)));
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

async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, text);
  await rename(temp, file);
}

// ---------------------------------------------------------------------------------------------------
// Artwork

/** The line above the title: the series' first two category names. */
function artworkKicker(series: DemoSeriesScript, categories: DemoScript['categories']): string {
  const names = new Map(categories.map((c) => [c.slug, c.name]));
  return series.categorySlugs
    .slice(0, 2)
    .map((slug) => names.get(slug) ?? slug)
    .join(' · ');
}

async function renderArtwork(seriesDir: string, series: DemoSeriesScript, kicker: string): Promise<void> {
  await mkdir(seriesDir, { recursive: true });
  const colors = series.palette;
  for (const artwork of ARTWORK) {
    // One at a time: sharp spreads an image over the cores already, and the encoders run alongside.
    await renderTitleCard({
      width: artwork.width,
      height: artwork.height,
      title: series.title,
      subtitle: series.tagline,
      kicker,
      badge: series.isGoldExclusive ? 'Gold' : undefined,
      colors,
      output: join(seriesDir, artwork.file),
      preset: 'high',
    });
  }
  const marker: ArtworkMarker = { fingerprint: artworkFingerprint(series, kicker) };
  await writeAtomically(join(seriesDir, ARTWORK_MARKER), JSON.stringify(marker));
}

// ---------------------------------------------------------------------------------------------------
// Episodes

async function renderEpisode(
  unit: EpisodeUnit,
  context: { episodeSeconds: number; fontFile: string | null; ffmpegPath: string; signal?: AbortSignal },
): Promise<EpisodeMarker> {
  const seriesDir = join(unit.dir, '..');
  await mkdir(seriesDir, { recursive: true });
  const temp = join(seriesDir, tempName(episodeDirName(unit.episodeNumber)));
  try {
    const graph = episodeSourceGraph({
      seriesTitle: unit.series.title,
      episodeNumber: unit.episodeNumber,
      episodeTitle: unit.series.episodes[unit.episodeNumber - 1].title,
      palette: unit.series.palette,
      durationSeconds: context.episodeSeconds,
      fontFile: context.fontFile,
    });
    const result = await transcodeToHls({
      input: {
        url: graph,
        format: 'lavfi',
        durationSeconds: context.episodeSeconds,
        hasAudio: true,
        frameRate: EPISODE_FRAME_RATE,
      },
      outDir: temp,
      renditions: EPISODE_RENDITIONS,
      posterAtSeconds: Math.min(EPISODE_POSTER_AT_SECONDS, context.episodeSeconds / 2),
      preset: 'superfast',
      aacCoder: 'fast',
      ffmpegPath: context.ffmpegPath,
      signal: context.signal,
    });
    const marker: EpisodeMarker = {
      fingerprint: unit.fingerprint,
      durationSeconds: Math.round(result.durationSeconds),
      withText: context.fontFile !== null,
    };
    await writeFile(join(temp, EPISODE_MARKER), JSON.stringify(marker));
    await installDir(temp, unit.dir);
    return marker;
  } finally {
    await rm(temp, { recursive: true, force: true });
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
      const item = items[next++];
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

function findFont(): string | null {
  return FONT_CANDIDATES.find((file) => existsSync(file)) ?? null;
}

// ---------------------------------------------------------------------------------------------------
// The episode picture: a lavfi graph with [out0] video and [out1] audio

export interface EpisodeSourceSpec {
  seriesTitle: string;
  episodeNumber: number;
  episodeTitle: string;
  palette: DemoPalette;
  durationSeconds: number;
  /** null: no drawtext (or no font), shapes only. */
  fontFile: string | null;
  width?: number;
  height?: number;
  frameRate?: number;
}

/**
 * The synthetic episode as one lavfi graph. Cheap by construction: the gradient and the glows are
 * computed once a second (the gradient at a tenth of the size), and per frame there is only overlay,
 * text and fades, so the picture costs far less than encoding it.
 */
export function episodeSourceGraph(spec: EpisodeSourceSpec): string {
  const width = spec.width ?? EPISODE_RENDITIONS[EPISODE_RENDITIONS.length - 1].width;
  const height = spec.height ?? EPISODE_RENDITIONS[EPISODE_RENDITIONS.length - 1].height;
  const fps = spec.frameRate ?? EPISODE_FRAME_RATE;
  const d = spec.durationSeconds;
  const { from, to, accent } = spec.palette;
  // Still sources run at 1 fps for a second longer than needed, then fps + trim make the real timeline.
  const still = `r=1:d=${d + 1}`;
  const orb = Math.round(width * 0.5);
  const [ar, ag, ab] = rgb(accent);

  // The gradient is computed on a frame a tenth of the size and scaled up: bicubic makes it smooth,
  // and geq on the full frame would cost more than the encode.
  const corners = [from, mix(from, accent, 0.45), mix(to, from, 0.3), to].map(rgb);
  const channel = (c: 0 | 1 | 2) => {
    const [tl, tr, bl, br] = corners.map((rgbValue) => rgbValue[c]);
    return `${tl}*(1-X/W)*(1-Y/H)+${tr}*(X/W)*(1-Y/H)+${bl}*(1-X/W)*(Y/H)+${br}*(X/W)*(Y/H)`;
  };
  const small = `${Math.max(8, Math.round(width / 10))}x${Math.max(8, Math.round(height / 10))}`;
  const glow = (size: number, [r, g, b]: [number, number, number], alpha: number) =>
    `color=c=black@0:s=${size}x${size}:${still},format=rgba,` +
    `geq=r=${r}:g=${g}:b=${b}:a=${esc(`${alpha}*pow(max(0,1-hypot(X-${size / 2},Y-${size / 2})/${size / 2}),1.6)`)},` +
    `format=yuva420p,fps=${fps},trim=duration=${d}`;

  const chains: string[] = [
    `color=c=black:s=${small}:${still},format=rgb24,` +
      `geq=r=${esc(channel(0))}:g=${esc(channel(1))}:b=${esc(channel(2))},` +
      `scale=${width}:${height}:flags=bicubic,format=yuv420p,fps=${fps},trim=duration=${d}[bg]`,
    `${glow(orb, [ar, ag, ab], 190)}[glow]`,
    `${glow(Math.round(orb * 0.6), [255, 255, 255], 70)}[spark]`,
    `color=c=${hex(accent)}:s=${width}x${Math.max(4, Math.round(height / 160))}:r=${fps}:d=${d}[bar]`,
  ];
  // The glow drifts on a slow figure of eight behind the title, a paler one crosses the lower half,
  // and the strip at the bottom fills as the episode plays.
  const glowX = `(W-w)/2+W*0.28*sin(2*PI*t/${d}+${spec.episodeNumber})`;
  const glowY = `H*0.3-h/2+H*0.1*sin(4*PI*t/${d})`;
  const sparkX = `W*0.8-(W*0.6)*t/${d}-w/2`;
  const sparkY = `H*0.72-h/2+H*0.04*sin(2*PI*t/${d})`;
  const barY = `H-h`;
  let picture =
    `[bg][glow]overlay=x=${esc(glowX)}:y=${esc(glowY)}:eval=frame[lit0];` +
    `[lit0][spark]overlay=x=${esc(sparkX)}:y=${esc(sparkY)}:eval=frame[lit];` +
    `[lit][bar]overlay=x=${esc(`-w+w*t/${d}`)}:y=${barY}:eval=frame`;
  picture += spec.fontFile ? textLayers(spec, width, height, d) : shapeLayers(spec, width, height, d);
  picture += `,fade=t=in:st=0:d=0.4,fade=t=out:st=${Math.max(0, d - 0.4)}:d=0.4[out0]`;
  chains.push(picture);
  chains.push(soundtrack(spec.episodeNumber, accent, d));
  return chains.join(';');
}

function textLayers(spec: EpisodeSourceSpec, width: number, height: number, d: number): string {
  const font = spec.fontFile as string;
  const accent = hex(spec.palette.accent);
  const textWidth = width * 0.86;
  const title = fitLines(spec.seriesTitle, textWidth, width * 0.095, BOLD_EM_PER_CHAR, 3);
  const episodeTitle = fitLines(spec.episodeTitle, textWidth, width * 0.058, BOLD_EM_PER_CHAR, 2);
  const episodeLabelSize = Math.round(width * 0.05);
  const layers: string[] = [];
  const fadeIn = (start: number) => `min(1,max(0,(t-${start})/0.6))`;
  const draw = (text: string, size: number, y: number, color: string, alpha: string, extra = '') =>
    `drawtext=fontfile=${esc(font)}:expansion=none:text=${esc(text)}:fontsize=${Math.round(size)}:fontcolor=${color}` +
    `:x=(w-text_w)/2:y=${Math.round(y)}:alpha=${esc(alpha)}:shadowcolor=black@0.55:shadowx=2:shadowy=2${extra}`;

  layers.push(draw('CLIFFHANGER', width * 0.04, height * 0.07, accent, fadeIn(0)));
  let y = height * 0.4;
  for (const line of title.lines) {
    layers.push(draw(line, title.size, y, 'white', fadeIn(0.2)));
    y += title.size * 1.15;
  }
  y += height * 0.02;
  layers.push(draw(`EPISODE ${spec.episodeNumber}`, episodeLabelSize, y, accent, fadeIn(0.6)));
  y += episodeLabelSize * 1.6;
  for (const line of episodeTitle.lines) {
    layers.push(draw(line, episodeTitle.size, y, 'white@0.92', fadeIn(0.9)));
    y += episodeTitle.size * 1.25;
  }
  const endAt = Math.max(0, d - 1.8);
  layers.push(
    draw('To be continued…', width * 0.05, height * 0.84, 'white', fadeIn(endAt), `:enable=${esc(`gte(t,${endAt})`)}`),
  );
  return `,${layers.join(',')}`;
}

/** Without drawtext: a title bar, one dot per episode number, and a closing bar near the end. */
function shapeLayers(spec: EpisodeSourceSpec, width: number, height: number, d: number): string {
  const accent = hex(spec.palette.accent);
  const boxes: string[] = [
    `drawbox=x=${Math.round(width * 0.1)}:y=${Math.round(height * 0.4)}:w=${Math.round(width * 0.8)}:h=${Math.round(height * 0.05)}:color=white@0.85:t=fill`,
    `drawbox=x=${Math.round(width * 0.25)}:y=${Math.round(height * 0.47)}:w=${Math.round(width * 0.5)}:h=${Math.round(height * 0.025)}:color=white@0.5:t=fill`,
  ];
  const dot = Math.round(width * 0.035);
  const gap = Math.round(dot * 0.8);
  const count = Math.min(spec.episodeNumber, 20);
  const rowWidth = count * dot + (count - 1) * gap;
  for (let i = 0; i < count; i++) {
    const x = Math.round((width - rowWidth) / 2 + i * (dot + gap));
    boxes.push(`drawbox=x=${x}:y=${Math.round(height * 0.54)}:w=${dot}:h=${dot}:color=${accent}:t=fill`);
  }
  const endAt = Math.max(0, d - 1.8);
  boxes.push(
    `drawbox=x=${Math.round(width * 0.3)}:y=${Math.round(height * 0.84)}:w=${Math.round(width * 0.4)}:h=${Math.round(height * 0.02)}:color=white@0.8:t=fill:enable=${esc(`gte(t,${endAt})`)}`,
  );
  return `,${boxes.join(',')}`;
}

/**
 * A quiet fifth (root on the left, the fifth on the right) with a slow swell, different per series
 * (from the accent colour) and per episode, so a viewer hears that audio works without being startled.
 * Plain sine sources: an expression evaluated per sample costs as much as encoding the audio.
 */
function soundtrack(episodeNumber: number, accent: string, d: number): string {
  const roots = [196, 220, 246.94, 261.63, 293.66, 329.63];
  const [r, g, b] = rgb(accent);
  const root = roots[(r + g + b + episodeNumber) % roots.length];
  return [
    `sine=f=${root}:r=48000:d=${d}[toneL]`,
    `sine=f=${(root * 1.5).toFixed(2)}:r=48000:d=${d}[toneR]`,
    `[toneL][toneR]amerge=inputs=2,volume=0.5,tremolo=f=0.5:d=0.3,` +
      `afade=t=in:st=0:d=0.6,afade=t=out:st=${Math.max(0, d - 0.8)}:d=0.8[out1]`,
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

function hex(color: string): string {
  const [r, g, b] = rgb(color);
  return `0x${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

function mix(a: string, b: string, amount: number): string {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  const channel = (x: number, y: number) => Math.round(x + (y - x) * amount);
  return `#${[channel(ar, br), channel(ag, bg), channel(ab, bb)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
