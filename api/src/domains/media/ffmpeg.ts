/**
 * Finding and running ffmpeg. Owns the choice of binary, the child process (progress, cancellation,
 * errors that quote ffmpeg's own last words) and the few facts other media code asks about a binary:
 * which filters it has and what an input file contains.
 *
 * The binary is `FFMPEG_PATH`, else `ffmpeg` on PATH: the system's own, kept up to date by its
 * package manager, because it parses files anybody on the staff can upload. There is no bundled
 * fallback; the server checks at start and says how to install it (startup-checks.ts).
 */
import { spawn } from 'node:child_process';
import { accessSync, constants as fsConstants } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { delimiter, join } from 'node:path';

export interface RunFfmpegOptions {
  /** Called with the output position in seconds as ffmpeg advances. */
  onProgress?(seconds: number): void;
  signal?: AbortSignal;
  /** Overrides {@link resolveFfmpeg}; tests use it to run the same job on both binaries. */
  ffmpegPath?: string;
  /** How much lower than this process's ffmpeg runs (nice values, up to 19): for work done beside a serving site. */
  niceness?: number;
}

export interface FfmpegResult {
  stdout: string;
  stderr: string;
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

/** What `ffmpeg -i` reports about an input, enough to plan a transcode. */
export interface MediaProbe {
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  frameRate: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

/** Keep this much of stderr for error messages: the cause is at the end, and a long job logs a lot. */
const STDERR_KEEP_CHARS = 16_384;
const STDERR_TAIL_LINES = 12;
/** ffmpeg finishes its files on SIGTERM; a process that ignores it is killed after this long. */
const KILL_GRACE_MS = 2_000;

/**
 * The ffmpeg binary to use. Throws with what was tried when none exists, so a missing install fails at
 * the first media job with a message that says how to fix it. Not cached: it is a few `access` calls,
 * and a changed FFMPEG_PATH takes effect without a restart.
 */
export function resolveFfmpeg(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.FFMPEG_PATH?.trim();
  if (fromEnv) {
    if (!isExecutable(fromEnv))
      throw new Error(
        `FFMPEG_PATH=${fromEnv} is not an executable file. Point it at ffmpeg, or unset it to use ffmpeg on PATH.`,
      );
    return fromEnv;
  }
  const found = findOnPath('ffmpeg', env.PATH);
  if (found) return found;
  throw new Error(
    'ffmpeg is not installed. Install it with your system package manager (Debian/Ubuntu: apt-get install -y ffmpeg; ' +
      'macOS: brew install ffmpeg), or set FFMPEG_PATH to an ffmpeg binary.',
  );
}

function findOnPath(name: string, path: string | undefined): string | null {
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs ffmpeg with `args` (the prelude `-hide_banner -nostdin` is added). With `onProgress`, ffmpeg is
 * asked for `-progress pipe:1` and each reported position is passed on; stderr `time=` lines are parsed
 * too, for callers that keep the default stats. Rejects with an {@link FfmpegError} quoting the tail of
 * stderr on a non-zero exit, and with the signal's reason when aborted.
 */
export function runFfmpeg(args: readonly string[], options: RunFfmpegOptions = {}): Promise<FfmpegResult> {
  const { onProgress, signal } = options;
  const binary = options.ffmpegPath ?? resolveFfmpeg();
  const fullArgs = ['-hide_banner', '-nostdin'];
  if (onProgress) fullArgs.push('-progress', 'pipe:1');
  fullArgs.push(...args);

  return new Promise<FfmpegResult>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new Error('aborted'));
      return;
    }
    const child = spawn(binary, fullArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (options.niceness && child.pid !== undefined) {
      try {
        setPriority(child.pid, Math.min(19, getPriority() + options.niceness));
      } catch {
        // not allowed here: it runs at the usual priority
      }
    }
    let stdout = '';
    let stderr = '';
    let progressLine = '';
    let lastReported = -1;
    let killTimer: NodeJS.Timeout | undefined;

    const report = (seconds: number) => {
      if (!onProgress || !Number.isFinite(seconds) || seconds <= lastReported) return;
      lastReported = seconds;
      onProgress(seconds);
    };

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (!onProgress) {
        stdout += chunk;
        return;
      }
      // -progress writes key=value lines; out_time is the output position.
      progressLine += chunk;
      const lines = progressLine.split('\n');
      progressLine = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('out_time=')) report(parseClock(line.slice('out_time='.length)));
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP_CHARS);
      const match = /time=\s*(\d+:\d{2}:\d{2}(?:\.\d+)?)/g;
      let found: RegExpExecArray | null = null;
      for (let m = match.exec(chunk); m; m = match.exec(chunk)) found = m;
      if (found) report(parseClock(found[1]));
    });

    const onAbort = () => {
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
      killTimer.unref();
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new FfmpegError(`could not start ${binary}: ${error.message}`, null, ''));
    });
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      if (signal?.aborted) {
        reject(signal.reason ?? new Error('aborted'));
        return;
      }
      if (code === 0) {
        resolve({ stdout, stderr });
        return;
      }
      const tail = stderrTail(stderr);
      const how = code === null ? `was killed by ${killedBy}` : `exited with code ${code}`;
      reject(new FfmpegError(`ffmpeg ${how}${tail ? `:\n${tail}` : ''}`, code, tail));
    });
  });
}

function stderrTail(stderr: string): string {
  return stderr.trim().split('\n').slice(-STDERR_TAIL_LINES).join('\n');
}

/** `HH:MM:SS.micro` → seconds; NaN for ffmpeg's `N/A` before the first frame. */
export function parseClock(value: string): number {
  const match = /^(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]);
  return match[1] ? -seconds : seconds;
}

const filterCache = new Map<string, Promise<Set<string>>>();

/** Whether the binary has a filter (`drawtext` needs libfreetype, which some builds lack). */
export async function hasFilter(name: string, ffmpegPath: string = resolveFfmpeg()): Promise<boolean> {
  let filters = filterCache.get(ffmpegPath);
  if (!filters) {
    filters = runFfmpeg(['-filters'], { ffmpegPath }).then(({ stdout }) => {
      const names = new Set<string>();
      // Lines look like " T.C drawtext          V->V       Draw text …": flags, then the name.
      for (const line of stdout.split('\n')) {
        const match = /^\s*[A-Z.|]{2,3}\s+(\S+)\s+\S+->\S+/.exec(line);
        if (match) names.add(match[1]);
      }
      return names;
    });
    filterCache.set(ffmpegPath, filters);
    filters.catch(() => filterCache.delete(ffmpegPath));
  }
  return (await filters).has(name);
}

/**
 * Reads what ffmpeg prints about an input (`ffmpeg -i file` with no output): all a transcode needs
 * (duration for progress, audio presence, the frame size) without depending on ffprobe as well.
 */
export async function probeMedia(
  input: string,
  options: Pick<RunFfmpegOptions, 'ffmpegPath' | 'signal'> = {},
): Promise<MediaProbe> {
  const stderr = await inputSummary(input, options);
  const probe = parseProbe(stderr);
  if (!probe.hasVideo && !probe.hasAudio) {
    throw new Error(`cannot read media ${input}: ${stderrTail(stderr)}`);
  }
  return probe;
}

/**
 * With no output file ffmpeg prints the input summary and exits with 1, so the exit code says nothing
 * here; the whole of stderr is kept because the summary comes first and a file with many streams is long.
 */
function inputSummary(input: string, options: Pick<RunFfmpegOptions, 'ffmpegPath' | 'signal'>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.ffmpegPath ?? resolveFfmpeg(), ['-hide_banner', '-nostdin', '-i', input], {
      stdio: ['ignore', 'ignore', 'pipe'],
      signal: options.signal,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', () => resolve(stderr));
  });
}

export function parseProbe(stderr: string): MediaProbe {
  const duration = /Duration:\s*(\d+:\d{2}:\d{2}(?:\.\d+)?)/.exec(stderr);
  const video = /Stream #\d+:\d+[^:]*: Video: .*?(\d{2,5})x(\d{2,5})/.exec(stderr);
  const fps = /Stream #\d+:\d+[^:]*: Video: .*?([\d.]+) fps/.exec(stderr);
  return {
    durationSeconds: duration ? parseClock(duration[1]) : null,
    width: video ? Number(video[1]) : null,
    height: video ? Number(video[2]) : null,
    frameRate: fps ? Number(fps[1]) : null,
    hasVideo: /Stream #\d+:\d+[^:]*: Video:/.test(stderr),
    hasAudio: /Stream #\d+:\d+[^:]*: Audio:/.test(stderr),
  };
}
