/**
 * `npm start` (and `.ci/run`) on a machine without a current ffmpeg: installs the system's own package
 * where it can — Debian/Ubuntu as root with apt-get, macOS with Homebrew — saying what it runs and
 * showing the package manager's own progress. Where it cannot (not root, no apt-get, macOS without
 * Homebrew, another system) it stops with the one command to run. The system's package is the one
 * choice: it is kept patched, and no npm package ships a current, complete ffmpeg (startup-checks.ts
 * refuses an outdated one either way).
 */
import { spawn, spawnSync } from 'node:child_process';
import { resolveFfmpeg } from './ffmpeg';
import { ffmpegProblem, ffmpegVersion } from './ffmpeg-check';

/** What the decision depends on; tests pass their own. */
export interface Host {
  platform: NodeJS.Platform;
  isRoot: boolean;
  has(command: string): boolean;
}

/** `stop` names the one command to run, or none where no known package manager is there. */
export type FfmpegPlan = { action: 'install'; commands: string[][] } | { action: 'stop'; command: string | null };

/** Linux package managers other than apt-get: the command a person runs (not run here). */
const OTHER_LINUX: readonly (readonly [string, string])[] = [
  ['dnf', 'dnf install -y ffmpeg'],
  ['zypper', 'zypper install -y ffmpeg'],
  ['pacman', 'pacman -S --noconfirm ffmpeg'],
  ['apk', 'apk add ffmpeg'],
];

export function planFfmpegInstall(host: Host): FfmpegPlan {
  const sudo = host.isRoot ? '' : 'sudo ';
  if (host.platform === 'darwin') {
    return host.has('brew')
      ? { action: 'install', commands: [['brew', 'install', 'ffmpeg']] }
      : stop('brew install ffmpeg');
  }
  if (host.platform === 'win32') return stop('winget install --exact --id Gyan.FFmpeg');
  if (host.has('apt-get')) {
    if (host.isRoot) {
      return {
        action: 'install',
        commands: [
          ['apt-get', 'update'],
          ['apt-get', 'install', '-y', 'ffmpeg'],
        ],
      };
    }
    return stop('sudo apt-get update && sudo apt-get install -y ffmpeg');
  }
  const other = OTHER_LINUX.find(([manager]) => host.has(manager));
  return stop(other ? `${sudo}${other[1]}` : null);
}

function stop(command: string | null): FfmpegPlan {
  return { action: 'stop', command };
}

export function currentHost(env: NodeJS.ProcessEnv = process.env): Host {
  return {
    platform: process.platform,
    isRoot: process.getuid?.() === 0,
    has: (command) => spawnSync('sh', ['-c', `command -v ${command}`], { env, stdio: 'ignore' }).status === 0,
  };
}

/** Runs a command with its output shown as it goes (apt-get prints each package it fetches and sets up). */
export type RunCommand = (command: string[]) => Promise<number | null>;

const runShown: RunCommand = (command) =>
  new Promise((resolve) => {
    const child = spawn(command[0] as string, command.slice(1), {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    child.on('error', () => resolve(null));
    child.on('close', resolve);
  });

export interface EnsureFfmpegOptions {
  env?: NodeJS.ProcessEnv;
  host?: Host;
  run?: RunCommand;
  log?: Pick<Console, 'log' | 'error'>;
}

/** Makes sure a current ffmpeg is there, installing it where it can; false (having said why) when not. */
export async function ensureFfmpeg(options: EnsureFfmpegOptions = {}): Promise<boolean> {
  const { env = process.env, run = runShown, log = console } = options;
  const problem = ffmpegProblem(env);
  if (!problem) return true;
  const plan = planFfmpegInstall(options.host ?? currentHost(env));
  if (plan.action === 'stop') {
    log.error(`Cannot start: ${problem.message}`);
    if (plan.command) log.error(`Run this, then start again:\n  ${plan.command}`);
    return false;
  }
  const what = problem.kind === 'missing' ? 'ffmpeg is not installed' : 'the installed ffmpeg is outdated';
  const commands = plan.commands.map((command) => command.join(' '));
  log.log(`[ffmpeg] ${what}: installing the system's package (${commands.join(' && ')}), about a minute`);
  for (const [index, command] of plan.commands.entries()) {
    log.log(`[ffmpeg] step ${index + 1} of ${plan.commands.length}: ${commands[index]}`);
    const code = await run(command);
    if (code !== 0) {
      log.error(
        `Cannot start: \`${commands[index]}\` failed (${code === null ? 'could not run' : `exit code ${code}`}).`,
      );
      return false;
    }
  }
  const after = ffmpegProblem(env);
  if (after) {
    log.error(`Cannot start: ${after.message}`);
    return false;
  }
  log.log(`[ffmpeg] installed ffmpeg ${ffmpegVersion(resolveFfmpeg(env))}`);
  return true;
}

if (require.main === module) {
  ensureFfmpeg().then((ready) => process.exit(ready ? 0 : 1));
}
