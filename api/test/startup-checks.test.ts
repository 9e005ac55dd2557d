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
