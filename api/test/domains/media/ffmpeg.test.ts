import { chmod, copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FfmpegError,
  hasFilter,
  parseClock,
  parseProbe,
  probeMedia,
  resolveFfmpeg,
  runFfmpeg,
} from '../../../src/domains/media/ffmpeg';
import { testClipArgs } from '../../support/clips';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ffmpeg-test-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('resolveFfmpeg', () => {
  const saved = process.env.FFMPEG_PATH;
  afterEach(() => {
    if (saved === undefined) delete process.env.FFMPEG_PATH;
    else process.env.FFMPEG_PATH = saved;
  });

  it('prefers FFMPEG_PATH over the PATH', async () => {
    // Another executable named ffmpeg, outside PATH: FFMPEG_PATH must win.
    const other = join(dir, 'my-ffmpeg');
    await copyFile(resolveFfmpeg({ PATH: process.env.PATH }), other);
    await chmod(other, 0o755);
    process.env.FFMPEG_PATH = other;
    expect(resolveFfmpeg()).toBe(other);
  });

  it('says how to install ffmpeg when there is none, and uses no bundled copy', () => {
    expect(() => resolveFfmpeg({ PATH: '/nonexistent' })).toThrow(/ffmpeg is not installed.*apt-get install -y ffmpeg/);
  });

  it('rejects an FFMPEG_PATH that is not executable, naming it', () => {
    process.env.FFMPEG_PATH = '/nonexistent/ffmpeg';
    expect(() => resolveFfmpeg()).toThrow('/nonexistent/ffmpeg');
  });

  it('finds a binary without FFMPEG_PATH', () => {
    delete process.env.FFMPEG_PATH;
    expect(resolveFfmpeg()).toMatch(/ffmpeg$/);
  });
});

describe('runFfmpeg', () => {
  it('reports the output position as it advances', async () => {
    const seen: number[] = [];
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=160x90:r=10:d=2', '-f', 'null', '-'], {
      onProgress: (seconds) => seen.push(seconds),
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBeCloseTo(2, 0);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  it('rejects with ffmpeg’s own last words on failure', async () => {
    const failure = runFfmpeg(['-i', join(dir, 'missing.mp4'), '-f', 'null', '-']);
    await expect(failure).rejects.toBeInstanceOf(FfmpegError);
    await expect(failure).rejects.toThrow(/exited with code \d+:[\s\S]*missing\.mp4/);
  });

  it('stops ffmpeg when the signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const run = runFfmpeg(['-re', '-f', 'lavfi', '-i', 'testsrc2=s=160x90:r=10:d=30', '-f', 'null', '-'], {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('shutting down')), 300);
    await expect(run).rejects.toThrow('shutting down');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('runs work done beside a serving site at the lower priority asked for', async () => {
    // A stand-in that prints the nice value it runs at, once the parent has had time to set it.
    const fake = join(dir, 'nice-ffmpeg');
    await writeFile(fake, '#!/bin/sh\nsleep 0.5\nnice\n');
    await chmod(fake, 0o755);
    const own = Number((await runFfmpeg([], { ffmpegPath: fake })).stdout.trim());
    const lowered = Number((await runFfmpeg([], { ffmpegPath: fake, niceness: 10 })).stdout.trim());
    expect(lowered).toBe(Math.min(19, own + 10));
  });
});

describe('probing', () => {
  it('knows which filters the binary has', async () => {
    await expect(hasFilter('scale')).resolves.toBe(true);
    await expect(hasFilter('no-such-filter')).resolves.toBe(false);
  });

  it('reads duration, size and streams of a file', async () => {
    const file = join(dir, 'probe.mp4');
    await runFfmpeg(testClipArgs(file, { width: 320, height: 240, rate: 25, seconds: 1.5 }));
    const probe = await probeMedia(file);
    expect(probe).toMatchObject({ width: 320, height: 240, frameRate: 25, hasVideo: true, hasAudio: true });
    expect(probe.durationSeconds).toBeCloseTo(1.5, 0);
  });

  it('refuses a file ffmpeg cannot read', async () => {
    await expect(probeMedia(join(dir, 'missing.mp4'))).rejects.toThrow('cannot read media');
  });

  it('parses clocks and input summaries', () => {
    expect(parseClock('00:01:02.500000')).toBe(62.5);
    expect(parseClock('N/A')).toBeNaN();
    const summary = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'a.mp4':",
      '  Duration: 00:00:10.04, start: 0.000000, bitrate: 1200 kb/s',
      '  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(progressive), 1080x1920 [SAR 1:1 DAR 9:16], 1000 kb/s, 29.97 fps, 29.97 tbr',
    ].join('\n');
    expect(parseProbe(summary)).toEqual({
      durationSeconds: 10.04,
      width: 1080,
      height: 1920,
      frameRate: 29.97,
      hasVideo: true,
      hasAudio: false,
    });
  });
});
