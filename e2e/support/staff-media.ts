/** Media files for staff journeys, made on the spot with ffmpeg (no binary fixtures in the tree). */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { createStaffAccount, type StaffAccount } from './staff-accounts';

const run = promisify(execFile);

export interface TempDir {
  dir: string;
  remove(): Promise<void>;
}

export async function tempDir(prefix = 'cliffhanger-staff-'): Promise<TempDir> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A short vertical H.264/AAC MP4 (a moving test pattern with a tone), like a phone recording.
 * Answers the file's path.
 */
export async function makeVerticalClip(
  dir: string,
  { name = 'clip.mp4', seconds = 3, width = 360, height = 640 } = {},
): Promise<string> {
  const out = path.join(dir, name);
  const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';
  // biome-ignore format: one ffmpeg option per line pair reads better
  await run(ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:d=${seconds}:r=25`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-shortest', '-movflags', '+faststart',
    out,
  ]);
  return out;
}

/** A still image (a coloured test card) of the given size, like artwork a designer hands over. */
export async function makeStillImage(
  dir: string,
  { name = 'art.png', width = 720, height = 1080, color = 'teal' } = {},
): Promise<string> {
  const out = path.join(dir, name);
  const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';
  // biome-ignore format: one ffmpeg option per line pair reads better
  await run(ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:d=1,drawbox=c=${color}@0.5:t=fill`,
    '-frames:v', '1',
    out,
  ]);
  return out;
}

/**
 * The set-up of a journey in which a staff member uploads a video: a browser, a 3-second vertical clip
 * named `clip` and a staff account named `staff`, ready before the first test; the browser and the
 * clip's folder go after the last. Read the fields inside tests.
 */
export function staffUploadJourney(names: { clip: string; staff: string }) {
  const ready = {} as { browser: Browser; clip: string; staff: StaffAccount };
  let scratch: TempDir | undefined;
  beforeAll(async () => {
    scratch = await tempDir();
    const [browser, clip, staff] = await Promise.all([
      launchBrowser(),
      makeVerticalClip(scratch.dir, { name: names.clip, seconds: 3 }),
      createStaffAccount(names.staff),
    ]);
    Object.assign(ready, { browser, clip, staff });
  });
  afterAll(async () => {
    await ready.browser?.close();
    await scratch?.remove();
  });
  return ready;
}
