/** Real media for the tests that need a video: made by ffmpeg for each run, never committed. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveFfmpeg } from '../../src/media/ffmpeg';

/** A real 2 s vertical (360×640) H.264/AAC MP4 with a tone, written to `dir/name` and returned. */
export function makeClip(dir: string, name = 'clip.mp4'): Buffer {
  const out = join(dir, name);
  execFileSync(resolveFfmpeg(), [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=360x640:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    '2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    out,
  ]);
  return readFileSync(out);
}
