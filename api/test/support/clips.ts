/** Real media for the tests that need a video: made by ffmpeg for each run, never committed. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveFfmpeg } from '../../src/domains/media/ffmpeg';

/**
 * ffmpeg's arguments for a synthetic H.264 MP4 (a moving test pattern, with a 440 Hz tone unless
 * `sound` is false) of the given size, frame rate and length, written to `out`.
 */
export function testClipArgs(
  out: string,
  {
    width,
    height,
    rate,
    seconds,
    sound = true,
  }: { width: number; height: number; rate: number; seconds: number; sound?: boolean },
): string[] {
  // biome-ignore format: one ffmpeg option per line pair reads better
  return [
    '-y', '-loglevel', 'error',
    '-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=${rate}:d=${seconds}`,
    ...(sound ? ['-f', 'lavfi', '-i', `sine=f=440:r=48000:d=${seconds}`] : []),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
    ...(sound ? ['-c:a', 'aac', '-shortest'] : []),
    out,
  ];
}

/** A real 2 s vertical (360×640) H.264/AAC MP4 with a tone, written to `dir/name` and returned. */
export function makeClip(dir: string, name = 'clip.mp4'): Buffer {
  const out = join(dir, name);
  execFileSync(resolveFfmpeg(), testClipArgs(out, { width: 360, height: 640, rate: 25, seconds: 2 }));
  return readFileSync(out);
}
