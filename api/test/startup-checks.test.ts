import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegProblem, isOutdatedFfmpeg } from '../src/domains/media/ffmpeg-check';
import { reportStartupChecks, startupChecks } from '../src/startup-checks';

const withFfmpeg = { PATH: process.env.PATH };

function collect() {
  const lines: { level: 'warn' | 'error'; text: string }[] = [];
  return {
    lines,
    log: {
      warn: (text: string) => lines.push({ level: 'warn', text }),
      error: (text: string) => lines.push({ level: 'error', text }),
    },
  };
}

describe('starting the server', () => {
  it('refuses to start without ffmpeg, and says how to install it', () => {
    const { lines, log } = collect();
    expect(reportStartupChecks(startupChecks({ PATH: '/nonexistent' }), log)).toBe(false);
    expect(lines).toEqual([
      {
        level: 'error',
        text: expect.stringMatching(/^Cannot start: ffmpeg is not installed.*apt-get install -y ffmpeg/),
      },
    ]);
  });

  it('warns at every start of a production server whose test checkout hands out coins', () => {
    const { lines, log } = collect();
    const report = startupChecks({ ...withFfmpeg, NODE_ENV: 'production', PAYMENTS_DEV_PROVIDER: 'true' });
    expect(reportStartupChecks(report, log)).toBe(true);
    expect(lines).toEqual([{ level: 'warn', text: expect.stringMatching(/^WARNING DEMO PAYMENTS: .*without paying/) }]);
  });

  it('stays quiet when real payments are configured or the demo flag is absent', () => {
    for (const env of [
      { ...withFfmpeg, NODE_ENV: 'production' },
      { ...withFfmpeg, NODE_ENV: 'production', PAYMENTS_DEV_PROVIDER: 'true', STRIPE_SECRET_KEY: 'sk_live_x' },
    ]) {
      expect(startupChecks(env)).toEqual({ errors: [], warnings: [] });
    }
  });
});

describe('an outdated ffmpeg', () => {
  it.each([
    ['5.1.9-0+deb12u1', false],
    ['6.1.1-3ubuntu5', false],
    ['n7.1', false],
    ['N-118000-g0123456789', false],
    ['5.0.3', true],
    ['4.4.2-0ubuntu0.22.04.1', true],
    ['4.1', true],
    ['git-2018-10-10', true],
  ])('ffmpeg %s is outdated: %s', (version, outdated) => {
    expect(isOutdatedFfmpeg(version)).toBe(outdated);
  });

  it('refuses to start with an ffmpeg older than 5.1, naming its version', () => {
    const bin = mkdtempSync(join(tmpdir(), 'old-ffmpeg-'));
    try {
      writeFileSync(join(bin, 'ffmpeg'), '#!/bin/sh\necho "ffmpeg version 4.1.3-static https://johnvansickle.com"\n');
      chmodSync(join(bin, 'ffmpeg'), 0o755);
      const { lines, log } = collect();
      expect(reportStartupChecks(startupChecks({ PATH: bin }), log)).toBe(false);
      expect(lines).toEqual([
        {
          level: 'error',
          text: expect.stringMatching(
            /^Cannot start: .*ffmpeg 4\.1\.3-static; uploads are parsed only by ffmpeg 5\.1 or newer/,
          ),
        },
      ]);
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it('accepts the machine’s own ffmpeg', () => {
    expect(ffmpegProblem(withFfmpeg)).toBeNull();
  });
});
