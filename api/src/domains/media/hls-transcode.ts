/**
 * One input video → a vertical (9:16) HLS VOD package in a directory:
 *
 *   master.m3u8            written here, with bandwidths measured from the segments written
 *   v0/index.m3u8, v0/seg_000.ts …   one folder per rendition, lowest first
 *   poster.jpg             a frame at the top rendition's size
 *   thumb.jpg              the same frame, small, for lists
 *
 * H.264 (yuv420p, a keyframe every 2 s and none elsewhere, so every segment starts with one and
 * renditions switch cleanly) with AAC-LC stereo muxed into MPEG-TS segments: the combination every
 * HLS player handles, Safari's native one included. Everything comes out of a single ffmpeg run whose
 * filter graph splits the decoded input once per output, so the input is decoded once.
 *
 * The input is a file path, or a ready-made ffmpeg input (a lavfi graph, say) described by
 * {@link HlsSourceSpec}. Used by the demo generator and by the admin upload pipeline.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { probeMedia, resolveFfmpeg, runFfmpeg } from './ffmpeg';

export interface HlsRendition {
  width: number;
  height: number;
  videoBitrateKbps: number;
  audioBitrateKbps: number;
}

/** Rendition ladders for 9:16 video, lowest first. */
export const VERTICAL_RENDITIONS = {
  /** Small and quick to encode: the generated demo catalogue. */
  demo: [
    { width: 360, height: 640, videoBitrateKbps: 500, audioBitrateKbps: 64 },
    { width: 540, height: 960, videoBitrateKbps: 1_000, audioBitrateKbps: 96 },
  ],
  standard: [
    { width: 360, height: 640, videoBitrateKbps: 500, audioBitrateKbps: 64 },
    { width: 720, height: 1280, videoBitrateKbps: 1_500, audioBitrateKbps: 128 },
  ],
  full: [
    { width: 360, height: 640, videoBitrateKbps: 500, audioBitrateKbps: 64 },
    { width: 720, height: 1280, videoBitrateKbps: 1_500, audioBitrateKbps: 128 },
    { width: 1080, height: 1920, videoBitrateKbps: 3_500, audioBitrateKbps: 128 },
  ],
} as const satisfies Record<string, readonly HlsRendition[]>;

/** An input ffmpeg opens with `-f format -i url`, with the facts a probe would otherwise supply. */
export interface HlsSourceSpec {
  url: string;
  format?: string;
  /** 0 when unknown: progress is then not reported and a silent track ends with the video. */
  durationSeconds: number;
  hasAudio: boolean;
  frameRate?: number;
}

export interface TranscodeToHlsOptions {
  input: string | HlsSourceSpec;
  outDir: string;
  renditions?: readonly HlsRendition[];
  /** Target segment length; keyframes are forced on the same grid. */
  segmentSeconds?: number;
  /** Output frame rate; by default the input's is kept. */
  frameRate?: number;
  /** How a frame of another shape becomes 9:16: `pad` keeps all of it (bars), `crop` fills and cuts. */
  fit?: 'pad' | 'crop';
  /** Where the poster frame is taken; clamped into the input. */
  posterAtSeconds?: number;
  thumbnailWidth?: number;
  /** x264 speed/size trade-off. */
  preset?: 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium';
  /**
   * ffmpeg's AAC search: `twoloop` (its default since 4.x) sounds better, `fast` takes a fraction of
   * the time, which matters for short synthetic clips where audio is a large share of the work.
   */
  aacCoder?: 'twoloop' | 'fast';
  /** Fraction done, 0–1, as ffmpeg advances. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
  ffmpegPath?: string;
  /** ffmpeg's scheduling priority, as {@link runFfmpeg} takes it. */
  niceness?: number;
}

export interface HlsVariant {
  playlistPath: string; // relative to outDir
  width: number;
  height: number;
  /** Peak segment bit rate, measured from the written segments (the BANDWIDTH attribute). */
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
}

export interface HlsPackage {
  masterPath: string; // relative to outDir
  posterPath: string;
  thumbnailPath: string;
  durationSeconds: number;
  variants: HlsVariant[];
}

export const MASTER_PLAYLIST = 'master.m3u8';
export const POSTER_FILE = 'poster.jpg';
export const THUMBNAIL_FILE = 'thumb.jpg';
const VARIANT_PLAYLIST = 'index.m3u8';
const AAC_LC = 'mp4a.40.2';
const AUDIO_SAMPLE_RATE = 48_000;

export function variantDir(index: number): string {
  return `v${index}`;
}

export async function transcodeToHls(options: TranscodeToHlsOptions): Promise<HlsPackage> {
  const {
    outDir,
    renditions = VERTICAL_RENDITIONS.standard,
    segmentSeconds = 2,
    fit = 'pad',
    thumbnailWidth = 180,
    preset = 'veryfast',
    aacCoder = 'twoloop',
    onProgress,
    signal,
  } = options;
  if (renditions.length === 0) throw new Error('transcodeToHls needs at least one rendition');
  for (const r of renditions) {
    if (r.width % 2 || r.height % 2) throw new Error(`rendition ${r.width}x${r.height}: H.264 4:2:0 needs even sizes`);
  }
  const ffmpegPath = options.ffmpegPath ?? resolveFfmpeg();
  const source = await describeSource(options.input, ffmpegPath, signal);
  const duration = source.durationSeconds;
  // The H.264 level depends on the frame rate; 30 is the common case when nothing says otherwise.
  const levelFps = options.frameRate ?? source.frameRate ?? 30;
  // The middle of a short clip rather than nothing at all when the requested moment is past its end.
  const requestedPosterAt = Math.max(0, options.posterAtSeconds ?? 1);
  const posterAt = duration > 0 ? Math.min(requestedPosterAt, duration / 2) : requestedPosterAt;

  await mkdir(outDir, { recursive: true });
  // The per-variant folders are made here rather than trusting every ffmpeg version to make them.
  await Promise.all(renditions.map((_, i) => mkdir(join(outDir, variantDir(i)), { recursive: true })));

  const top = renditions.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  const thumbHeight = even((thumbnailWidth * top.height) / top.width);
  const n = renditions.length;
  const fps = options.frameRate ? `fps=${options.frameRate},` : '';
  const graph = [
    `[0:v]${fps}split=${n + 2}${renditions.map((_, i) => `[s${i}]`).join('')}[sp][st]`,
    ...renditions.map((r, i) => `[s${i}]${fitFilter(r.width, r.height, fit)},format=yuv420p[v${i}]`),
    `[sp]select='gte(t,${posterAt})',${fitFilter(top.width, top.height, fit)}[poster]`,
    `[st]select='gte(t,${posterAt})',${fitFilter(thumbnailWidth, thumbHeight, fit)}[thumb]`,
  ].join(';');

  const args: string[] = ['-y', '-loglevel', 'error'];
  if (typeof options.input !== 'string' && options.input.format) args.push('-f', options.input.format);
  args.push('-i', source.url);
  // A silent track when the input has none: players and the master's CODECS then agree for every upload.
  const audioInput = source.hasAudio ? '0:a:0' : '1:a:0';
  if (!source.hasAudio) {
    if (duration > 0) args.push('-t', String(duration));
    args.push('-f', 'lavfi', '-i', `anullsrc=r=${AUDIO_SAMPLE_RATE}:cl=stereo`);
  }
  args.push('-filter_complex', graph);
  for (const i of renditions.keys()) args.push('-map', `[v${i}]`, '-map', audioInput);
  args.push('-c:v', 'libx264', '-preset', preset, '-profile:v', 'main', '-sc_threshold', '0');
  // Keyframes on a time grid rather than a frame count, so the GOP is right whatever the frame rate.
  args.push('-force_key_frames', `expr:gte(t,n_forced*${segmentSeconds})`);
  renditions.forEach((r, i) => {
    args.push(
      `-level:v:${i}`,
      h264Level(r.width, r.height, levelFps).name,
      `-b:v:${i}`,
      `${r.videoBitrateKbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(r.videoBitrateKbps * 1.2)}k`,
      `-bufsize:v:${i}`,
      `${r.videoBitrateKbps * 2}k`,
      `-b:a:${i}`,
      `${r.audioBitrateKbps}k`,
    );
  });
  args.push('-c:a', 'aac', '-aac_coder', aacCoder, '-ac', '2', '-ar', String(AUDIO_SAMPLE_RATE));
  // An endless silent track of unknown length has to stop with the video.
  if (!source.hasAudio && duration <= 0) args.push('-shortest');
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_list_size',
    '0',
    '-hls_segment_type',
    'mpegts',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    join(outDir, 'v%v', 'seg_%03d.ts'),
    '-var_stream_map',
    renditions.map((_, i) => `v:${i},a:${i}`).join(' '),
    join(outDir, 'v%v', VARIANT_PLAYLIST),
  );
  args.push('-map', '[poster]', '-frames:v', '1', '-q:v', '3', join(outDir, POSTER_FILE));
  args.push('-map', '[thumb]', '-frames:v', '1', '-q:v', '5', join(outDir, THUMBNAIL_FILE));

  await runFfmpeg(args, {
    ffmpegPath,
    signal,
    niceness: options.niceness,
    onProgress: onProgress && duration > 0 ? (seconds) => onProgress(Math.min(1, seconds / duration)) : undefined,
  });

  const variants: HlsVariant[] = [];
  let packageDuration = 0;
  for (const [i, r] of renditions.entries()) {
    const playlistPath = `${variantDir(i)}/${VARIANT_PLAYLIST}`;
    const measured = await measureVariant(outDir, playlistPath);
    if (i === 0) packageDuration = measured.durationSeconds;
    variants.push({
      playlistPath,
      width: r.width,
      height: r.height,
      bandwidth: measured.peakBitsPerSecond,
      averageBandwidth: measured.averageBitsPerSecond,
      codecs: `${h264Codec(r.width, r.height, levelFps)},${AAC_LC}`,
    });
  }
  await writeFile(join(outDir, MASTER_PLAYLIST), masterPlaylist(variants, options.frameRate ?? source.frameRate));
  for (const file of [POSTER_FILE, THUMBNAIL_FILE]) {
    if (!(await exists(join(outDir, file)))) throw new Error(`ffmpeg wrote no ${file} in ${outDir}`);
  }
  onProgress?.(1);
  return {
    masterPath: MASTER_PLAYLIST,
    posterPath: POSTER_FILE,
    thumbnailPath: THUMBNAIL_FILE,
    durationSeconds: packageDuration,
    variants,
  };
}

async function describeSource(
  input: string | HlsSourceSpec,
  ffmpegPath: string,
  signal: AbortSignal | undefined,
): Promise<HlsSourceSpec> {
  if (typeof input !== 'string') return input;
  const probe = await probeMedia(input, { ffmpegPath, signal });
  if (!probe.hasVideo) throw new Error(`${input} has no video stream`);
  return {
    url: input,
    durationSeconds: probe.durationSeconds ?? 0,
    hasAudio: probe.hasAudio,
    frameRate: probe.frameRate ?? undefined,
  };
}

function fitFilter(width: number, height: number, fit: 'pad' | 'crop'): string {
  // The final crop/pad also absorbs the odd pixel that aspect-preserving scaling can leave.
  return fit === 'crop'
    ? `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1`
    : `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1`;
}

function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

/** H.264 levels by frame size and macroblock rate (ITU-T H.264 Table A-1), up to what vertical video needs. */
const H264_LEVELS = [
  { name: '3.0', idc: 30, maxFrameMbs: 1_620, maxMbPerSecond: 40_500 },
  { name: '3.1', idc: 31, maxFrameMbs: 3_600, maxMbPerSecond: 108_000 },
  { name: '3.2', idc: 32, maxFrameMbs: 5_120, maxMbPerSecond: 216_000 },
  { name: '4.0', idc: 40, maxFrameMbs: 8_192, maxMbPerSecond: 245_760 },
  { name: '4.2', idc: 42, maxFrameMbs: 8_704, maxMbPerSecond: 522_240 },
  { name: '5.1', idc: 51, maxFrameMbs: 36_864, maxMbPerSecond: 983_040 },
] as const;

export function h264Level(width: number, height: number, frameRate: number): (typeof H264_LEVELS)[number] {
  const frameMbs = Math.ceil(width / 16) * Math.ceil(height / 16);
  const level = H264_LEVELS.find((l) => frameMbs <= l.maxFrameMbs && frameMbs * frameRate <= l.maxMbPerSecond);
  return level ?? H264_LEVELS[H264_LEVELS.length - 1];
}

/** The RFC 6381 name of x264's Main profile output (profile 0x4d, constraint_set1 0x40) at its level. */
export function h264Codec(width: number, height: number, frameRate: number): string {
  return `avc1.4d40${h264Level(width, height, frameRate).idc.toString(16).padStart(2, '0')}`;
}

async function measureVariant(
  outDir: string,
  playlistPath: string,
): Promise<{ durationSeconds: number; peakBitsPerSecond: number; averageBitsPerSecond: number }> {
  const playlist = await readFile(join(outDir, playlistPath), 'utf8');
  const dir = join(outDir, playlistPath, '..');
  let total = 0;
  let bytes = 0;
  let peak = 0;
  let pendingDuration: number | null = null;
  for (const line of playlist.split('\n').map((l) => l.trim())) {
    if (line.startsWith('#EXTINF:')) {
      pendingDuration = Number.parseFloat(line.slice('#EXTINF:'.length));
    } else if (line && !line.startsWith('#') && pendingDuration !== null) {
      const size = (await stat(join(dir, line))).size;
      total += pendingDuration;
      bytes += size;
      // A very short last segment would overstate the peak; judge it against a full segment's length.
      if (pendingDuration > 0) peak = Math.max(peak, (size * 8) / Math.max(pendingDuration, 1));
      pendingDuration = null;
    }
  }
  if (total === 0) throw new Error(`${playlistPath} lists no segments`);
  return {
    durationSeconds: total,
    peakBitsPerSecond: Math.ceil(peak),
    averageBitsPerSecond: Math.ceil((bytes * 8) / total),
  };
}

export function masterPlaylist(variants: readonly HlsVariant[], frameRate?: number): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const v of variants) {
    const attributes = [
      `BANDWIDTH=${v.bandwidth}`,
      `AVERAGE-BANDWIDTH=${v.averageBandwidth}`,
      `RESOLUTION=${v.width}x${v.height}`,
      `CODECS="${v.codecs}"`,
    ];
    if (frameRate) attributes.push(`FRAME-RATE=${frameRate.toFixed(3)}`);
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, v.playlistPath);
  }
  return `${lines.join('\n')}\n`;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
