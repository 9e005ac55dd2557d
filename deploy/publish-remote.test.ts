import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PublishRefused, publishRemote } from '../scripts/publish-remote';

const provides = { react: '19.3.1', 'react-dom': '19.3.1', '@cliffhanger/shared': '0.1.0' };
let work: string;
let releases: string;

function fakeDist(
  shared: Record<string, string> = { react: '^19.2.0', '@cliffhanger/shared': '0.1.0' },
  version = '0.1.0+abc',
) {
  const dist = path.join(work, `dist-${Math.random().toString(36).slice(2)}`);
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'release.json'),
    JSON.stringify({ remote: 'wallet', version, built_at: '2026-01-01T00:00:00Z', shared }),
  );
  writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({ metaData: { publicPath: 'auto', buildInfo: { buildVersion: version } } }),
  );
  writeFileSync(path.join(dist, 'remoteEntry.js'), 'var mf_wallet; self["webpackChunk_mf_wallet_0a1b2c"] ||= [];');
  writeFileSync(
    path.join(dist, 'assets', '111.abcd.js'),
    '(self["webpackChunk_mf_wallet_0a1b2c"] ||= []).push([[111], {}]);',
  );
  writeFileSync(path.join(dist, '.build-stamp'), 'x');
  return dist;
}

const publish = (options: {
  version: string;
  from?: string;
  build?: (app: string, v: string, out: string) => Promise<void>;
}) => publishRemote({ remote: 'wallet', releasesDir: releases, provides, log: () => undefined, ...options });

beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'publish-remote-'));
  releases = path.join(work, 'remote-releases');
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('publishing a remote version', () => {
  it('puts the build under <remote>/<version>, named by that version, with nothing left over', async () => {
    const published = await publish({ version: '2.0.0', from: fakeDist() });
    expect(published).toMatchObject({
      remote: 'wallet',
      version: '2.0.0',
      manifest: '/remotes/wallet/2.0.0/mf-manifest.json',
    });
    const folder = path.join(releases, 'wallet', '2.0.0');
    expect(readdirSync(folder).sort()).toEqual(['assets', 'mf-manifest.json', 'release.json', 'remoteEntry.js']);
    expect(JSON.parse(readFileSync(path.join(folder, 'release.json'), 'utf8')).version).toBe('2.0.0');
    expect(
      JSON.parse(readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8')).metaData.buildInfo.buildVersion,
    ).toBe('2.0.0');
    expect(readdirSync(path.join(releases, 'wallet'))).toEqual(['2.0.0']);
    // Its own chunk loading global: a page that ran the build it was copied from still loads its chunks.
    expect(readFileSync(path.join(folder, 'remoteEntry.js'), 'utf8')).toContain('webpackChunk_mf_wallet_2_0_0');
    expect(readFileSync(path.join(folder, 'assets', '111.abcd.js'), 'utf8')).toBe(
      '(self["webpackChunk_mf_wallet_2_0_0"] ||= []).push([[111], {}]);',
    );
  });

  it('refuses a version that is published already and leaves it untouched', async () => {
    await publish({ version: '2.0.0', from: fakeDist() });
    const before = readFileSync(path.join(releases, 'wallet', '2.0.0', 'release.json'), 'utf8');
    await expect(publish({ version: '2.0.0', from: fakeDist({ react: '^19.0.0' }) })).rejects.toThrow(
      /wallet 2\.0\.0 is published already/,
    );
    expect(readFileSync(path.join(releases, 'wallet', '2.0.0', 'release.json'), 'utf8')).toBe(before);
  });

  it('refuses a build whose shared ranges do not fit the shell (react ^18) and publishes nothing', async () => {
    const refused = publish({ version: '3.0.0', from: fakeDist({ react: '^18.0.0', 'react-dom': '^19.0.0' }) });
    await expect(refused).rejects.toBeInstanceOf(PublishRefused);
    await expect(publish({ version: '3.0.0', from: fakeDist({ react: '^18.0.0' }) })).rejects.toThrow(
      /react \^18\.0\.0 \(the shell provides 19\.3\.1\)/,
    );
    expect(readdirSync(path.join(releases, 'wallet'))).toEqual([]);
  });

  it('shows nothing under the version until the whole build is in place', async () => {
    const folder = path.join(releases, 'wallet', '4.0.0');
    const seen: boolean[] = [];
    await publish({
      version: '4.0.0',
      build: async (app, version, out) => {
        expect(app).toBe('mf-wallet');
        expect(version).toBe('4.0.0');
        const dist = fakeDist(undefined, version);
        for (const name of ['release.json', 'mf-manifest.json', 'remoteEntry.js']) {
          writeFileSync(path.join(out, name), readFileSync(path.join(dist, name)));
          seen.push(existsSync(folder));
        }
      },
    });
    expect(seen).toEqual([false, false, false]);
    expect(readdirSync(folder).sort()).toEqual(['mf-manifest.json', 'release.json', 'remoteEntry.js']);
  });

  it('cleans up after a build that fails, and refuses bad names', async () => {
    await expect(
      publish({
        version: '5.0.0',
        build: async () => {
          throw new Error('compile error');
        },
      }),
    ).rejects.toThrow('compile error');
    expect(readdirSync(path.join(releases, 'wallet'))).toEqual([]);
    await expect(publish({ version: '../../etc', from: fakeDist() })).rejects.toThrow(/not a version name/);
    await expect(publishRemote({ remote: 'shell', version: '1.0.0', releasesDir: releases, provides })).rejects.toThrow(
      /no remote called "shell"/,
    );
  });

  it('refuses a build whose chunks would not load from the version folder', async () => {
    const dist = fakeDist();
    writeFileSync(
      path.join(dist, 'mf-manifest.json'),
      JSON.stringify({ metaData: { publicPath: '/remotes/wallet/' } }),
    );
    await expect(publish({ version: '6.0.0', from: dist })).rejects.toThrow(/would load from "\/remotes\/wallet\/"/);
  });
});
