/**
 * `npm start` installs the system's ffmpeg where it can and otherwise stops with the one command to
 * run. The host (platform, root, package managers) and the commands are injected: nothing here installs
 * or removes the machine's own ffmpeg. A fake `ffmpeg` script stands for what the package manager put
 * on PATH.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureFfmpeg, type Host, planFfmpegInstall } from '../../../src/domains/media/ffmpeg-install';

const host = (platform: NodeJS.Platform, isRoot: boolean, ...commands: string[]): Host => ({
  platform,
  isRoot,
  has: (command) => commands.includes(command),
});

describe('how ffmpeg gets installed', () => {
  it('installs it on Debian/Ubuntu as root with apt-get, after updating the package lists', () => {
    expect(planFfmpegInstall(host('linux', true, 'apt-get', 'sudo'))).toEqual({
      action: 'install',
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'ffmpeg'],
      ],
    });
  });

  it.each([
    [
      'Debian/Ubuntu without root',
      host('linux', false, 'apt-get', 'sudo'),
      'sudo apt-get update && sudo apt-get install -y ffmpeg',
    ],
    ['macOS without Homebrew', host('darwin', false), 'brew install ffmpeg'],
    ['Fedora as a user', host('linux', false, 'dnf'), 'sudo dnf install -y ffmpeg'],
    ['Alpine as root', host('linux', true, 'apk'), 'apk add ffmpeg'],
    ['Windows', host('win32', false), 'winget install --exact --id Gyan.FFmpeg'],
    ['a system with no known package manager', host('linux', true), null],
  ])('stops on %s with the one command to run', (_name, machine, command) => {
    expect(planFfmpegInstall(machine)).toEqual({ action: 'stop', command });
  });

  it('installs it with Homebrew on macOS where Homebrew is there', () => {
    expect(planFfmpegInstall(host('darwin', false, 'brew'))).toEqual({
      action: 'install',
      commands: [['brew', 'install', 'ffmpeg']],
    });
  });
});

describe('npm start without a current ffmpeg', () => {
  let bin: string;
  const lines: string[] = [];
  const log = { log: (text: string) => lines.push(text), error: (text: string) => lines.push(`ERROR ${text}`) };
  const env = () => ({ PATH: bin });
  /** The package manager's effect: an ffmpeg that answers `-version` with `version`. */
  const installs = (version: string) => {
    const ran: string[] = [];
    const run = async (command: string[]) => {
      ran.push(command.join(' '));
      const file = join(bin, 'ffmpeg');
      writeFileSync(
        file,
        `#!/bin/sh\necho "ffmpeg version ${version} Copyright (c) 2000-2026 the FFmpeg developers"\n`,
      );
      chmodSync(file, 0o755);
      return 0;
    };
    return { ran, run };
  };

  beforeEach(() => {
    bin = mkdtempSync(join(tmpdir(), 'ffmpeg-install-'));
    lines.length = 0;
  });
  afterEach(() => rmSync(bin, { recursive: true, force: true }));

  it('installs it as root on Debian, says what it runs, and goes on', async () => {
    const { ran, run } = installs('5.1.9-0+deb12u1');
    await expect(ensureFfmpeg({ env: env(), host: host('linux', true, 'apt-get'), run, log })).resolves.toBe(true);
    expect(ran).toEqual(['apt-get update', 'apt-get install -y ffmpeg']);
    expect(lines[0]).toMatch(
      /^\[ffmpeg\] ffmpeg is not installed: installing the system's package \(apt-get update && apt-get install -y ffmpeg\)/,
    );
    expect(lines.at(-1)).toBe('[ffmpeg] installed ffmpeg 5.1.9-0+deb12u1');
  });

  it('runs nothing and stops with the command when it is not root', async () => {
    const { ran, run } = installs('5.1.9');
    await expect(ensureFfmpeg({ env: env(), host: host('linux', false, 'apt-get'), run, log })).resolves.toBe(false);
    expect(ran).toEqual([]);
    expect(lines).toEqual([
      expect.stringMatching(/^ERROR Cannot start: ffmpeg is not installed/),
      'ERROR Run this, then start again:\n  sudo apt-get update && sudo apt-get install -y ffmpeg',
    ]);
  });

  it('stops when the package manager fails, naming the step', async () => {
    const run = async (command: string[]) => (command[1] === 'update' ? 0 : 100);
    await expect(ensureFfmpeg({ env: env(), host: host('linux', true, 'apt-get'), run, log })).resolves.toBe(false);
    expect(lines.at(-1)).toBe('ERROR Cannot start: `apt-get install -y ffmpeg` failed (exit code 100).');
  });

  it('upgrades an outdated ffmpeg, and refuses to start when the system only has an outdated one', async () => {
    await installs('4.4.2-0ubuntu0.22.04.1').run([]);
    const { ran, run } = installs('4.4.2-0ubuntu0.22.04.1');
    await expect(ensureFfmpeg({ env: env(), host: host('linux', true, 'apt-get'), run, log })).resolves.toBe(false);
    expect(ran).toEqual(['apt-get update', 'apt-get install -y ffmpeg']);
    expect(lines[0]).toMatch(/^\[ffmpeg\] the installed ffmpeg is outdated/);
    expect(lines.at(-1)).toMatch(
      /^ERROR Cannot start: .*ffmpeg 4\.4\.2-0ubuntu0\.22\.04\.1; uploads are parsed only by ffmpeg 5\.1 or newer/,
    );
  });

  it('does nothing when a current ffmpeg is there', async () => {
    await installs('7.1.1').run([]);
    const { ran, run } = installs('7.1.1');
    await expect(ensureFfmpeg({ env: env(), host: host('linux', true, 'apt-get'), run, log })).resolves.toBe(true);
    expect(ran).toEqual([]);
    expect(lines).toEqual([]);
  });
});
