/** Whether the ffmpeg this environment would use is there and current enough to parse uploads. */
import { spawnSync } from 'node:child_process';
import { resolveFfmpeg } from './ffmpeg';

/**
 * The oldest ffmpeg accepted: 5.1, the oldest release branch a supported distribution still patches
 * (Debian 12). Older builds (Ubuntu 22.04's 4.4, the 2018 builds some npm packages carry) parse uploads
 * with bugs fixed long ago.
 */
export const MIN_FFMPEG_VERSION: readonly [number, number] = [5, 1];
const MIN_TEXT = MIN_FFMPEG_VERSION.join('.');

/** What `ffmpeg -version` names on its first line (`5.1.9-0+deb12u1`, `n7.1`, `N-118000-g…`), or null. */
export function ffmpegVersion(binary: string): string | null {
  const result = spawnSync(binary, ['-version'], { encoding: 'utf8', timeout: 10_000 });
  return /^ffmpeg version (\S+)/.exec(result.stdout ?? '')?.[1] ?? null;
}

/** Whether a version is older than MIN_FFMPEG_VERSION; a build of the development branch (`N-…`) is current. */
export function isOutdatedFfmpeg(version: string): boolean {
  if (/^N-\d/.test(version)) return false;
  const match = /^n?(\d+)\.(\d+)/.exec(version);
  if (!match) return true;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major < MIN_FFMPEG_VERSION[0] || (major === MIN_FFMPEG_VERSION[0] && minor < MIN_FFMPEG_VERSION[1]);
}

export type FfmpegProblem = { kind: 'missing' | 'outdated'; message: string };

/** What is wrong with the ffmpeg this environment would use, or null when it is there and current. */
export function ffmpegProblem(env: NodeJS.ProcessEnv = process.env): FfmpegProblem | null {
  let binary: string;
  try {
    binary = resolveFfmpeg(env);
  } catch (error) {
    return { kind: 'missing', message: (error as Error).message };
  }
  const version = ffmpegVersion(binary);
  if (version && !isOutdatedFfmpeg(version)) return null;
  return {
    kind: 'outdated',
    message:
      `${binary} is ${version ? `ffmpeg ${version}` : 'not an ffmpeg that tells its version'}; uploads are parsed only by ffmpeg ` +
      `${MIN_TEXT} or newer. Install a current one with your system package manager (Debian/Ubuntu: apt-get install -y ffmpeg; ` +
      'macOS: brew install ffmpeg), or set FFMPEG_PATH to one.',
  };
}
