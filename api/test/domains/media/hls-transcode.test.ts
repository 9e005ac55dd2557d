import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { probeMedia, runFfmpeg } from '../../../src/domains/media/ffmpeg';
import { h264Codec, h264Level, transcodeToHls, VERTICAL_RENDITIONS } from '../../../src/domains/media/hls-transcode';
import { testClipArgs } from '../../support/clips';

let dir: string;
let clip: string;
let silentClip: string;

/** The master's variants as { attributes, uri }. */
function variantsOf(master: string): { attributes: Record<string, string>; uri: string }[] {
  const lines = master.trim().split('\n');
  const variants: { attributes: Record<string, string>; uri: string }[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const attributes: Record<string, string> = {};
    for (const match of line.slice('#EXT-X-STREAM-INF:'.length).matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)) {
      attributes[match[1]] = match[2].replace(/"/g, '');
    }
    variants.push({ attributes, uri: lines[i + 1] });
  });
  return variants;
}

async function segmentsOf(playlistFile: string): Promise<string[]> {
  const text = await readFile(playlistFile, 'utf8');
  return text.split('\n').filter((l) => l && !l.startsWith('#'));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hls-test-'));
  clip = join(dir, 'landscape.mp4');
  silentClip = join(dir, 'silent.mp4');
  // A landscape clip with sound, and a vertical one without: the two shapes uploads arrive in.
  await runFfmpeg(testClipArgs(clip, { width: 320, height: 180, rate: 24, seconds: 2 }));
  await runFfmpeg(testClipArgs(silentClip, { width: 180, height: 320, rate: 24, seconds: 1, sound: false }));
}, 30_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('transcodeToHls', () => {
  it('writes a master listing two 9:16 renditions, their segments and a poster', async () => {
    const outDir = join(dir, 'out');
    const progress: number[] = [];
    const result = await transcodeToHls({
      input: clip,
      outDir,
      renditions: VERTICAL_RENDITIONS.demo,
      onProgress: (fraction) => progress.push(fraction),
    });

    const variants = variantsOf(await readFile(join(outDir, 'master.m3u8'), 'utf8'));
    expect(variants).toHaveLength(2);
    for (const variant of variants) {
      const [width, height] = variant.attributes.RESOLUTION.split('x').map(Number);
      expect(width / height).toBeCloseTo(9 / 16, 3);
      expect(Number(variant.attributes.BANDWIDTH)).toBeGreaterThan(0);
      expect(variant.attributes.CODECS).toMatch(/^avc1\.4d40[0-9a-f]{2},mp4a\.40\.2$/);
      const segments = await segmentsOf(join(outDir, variant.uri));
      expect(segments.length).toBeGreaterThanOrEqual(1);
      for (const segment of segments) {
        expect((await stat(join(outDir, variant.uri, '..', segment))).size).toBeGreaterThan(0);
      }
    }
    expect(variants.map((v) => v.attributes.RESOLUTION)).toEqual(['360x640', '540x960']);

    expect(await sharp(join(outDir, 'poster.jpg')).metadata()).toMatchObject({
      width: 540,
      height: 960,
      format: 'jpeg',
    });
    expect(await sharp(join(outDir, 'thumb.jpg')).metadata()).toMatchObject({ width: 180, height: 320 });
    expect(result.durationSeconds).toBeCloseTo(2, 0);
    expect(progress.at(-1)).toBe(1);
  }, 30_000);

  it('keeps segments near the target length, each starting a new GOP', async () => {
    const outDir = join(dir, 'out');
    const playlist = await readFile(join(outDir, 'v1', 'index.m3u8'), 'utf8');
    const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
    expect(durations.every((d) => d <= 2.1)).toBe(true);
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist).toContain('#EXT-X-ENDLIST');
  });

  it('gives a video without sound a silent AAC track, so every package has audio', async () => {
    const outDir = join(dir, 'silent');
    await transcodeToHls({ input: silentClip, outDir, renditions: VERTICAL_RENDITIONS.demo.slice(0, 1) });
    const [segment] = await segmentsOf(join(outDir, 'v0', 'index.m3u8'));
    expect(await probeMedia(join(outDir, 'v0', segment))).toMatchObject({
      hasVideo: true,
      hasAudio: true,
      width: 360,
      height: 640,
    });
  }, 30_000);
});

describe('H.264 levels', () => {
  it('picks the lowest level that holds the frame size and rate', () => {
    expect(h264Level(360, 640, 30).name).toBe('3.0');
    expect(h264Level(720, 1280, 30).name).toBe('3.1');
    expect(h264Level(720, 1280, 60).name).toBe('3.2');
    expect(h264Level(1080, 1920, 30).name).toBe('4.0');
    expect(h264Codec(720, 1280, 30)).toBe('avc1.4d401f');
  });
});
