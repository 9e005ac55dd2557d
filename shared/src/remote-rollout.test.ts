import { satisfies } from 'semver';
import type { RemoteRollout } from './entities';
import {
  chooseRemoteRelease,
  formatVersionPins,
  parseVersionPins,
  pinnedManifest,
  rolloutBucket,
  sharedRangesIncompatibility,
  stableHash,
} from './remote-rollout';

const rollout = (share: number): RemoteRollout => ({
  stable: { version: '1.0.0', manifest: '/remotes/wallet/1.0.0/mf-manifest.json' },
  canary: { version: '2.0.0', manifest: '/remotes/wallet/2.0.0/mf-manifest.json', share },
});
const keys = Array.from({ length: 10_000 }, (_, i) => `key-${i}-${(i * 7919).toString(36)}`);

describe('choosing a version per session', () => {
  it('sends about half of 10 000 sessions to a canary at 50 %', () => {
    const canary = keys.filter((key) => chooseRemoteRelease(rollout(50), key, 'wallet').version === '2.0.0');
    expect(canary.length).toBeGreaterThanOrEqual(4_500);
    expect(canary.length).toBeLessThanOrEqual(5_500);
  });

  it('spreads keys evenly over the 100 buckets, independently per remote', () => {
    const buckets = new Array(100).fill(0);
    for (const key of keys) buckets[rolloutBucket(key, 'player')] += 1;
    expect(Math.min(...buckets)).toBeGreaterThan(50);
    expect(Math.max(...buckets)).toBeLessThan(150);
    const both = keys.filter((key) => rolloutBucket(key, 'wallet') < 50 && rolloutBucket(key, 'player') < 50);
    expect(both.length).toBeGreaterThan(2_000);
    expect(both.length).toBeLessThan(3_000);
  });

  it('keeps a session on the same version however often the rules are read, and as a canary grows', () => {
    for (const key of keys.slice(0, 500)) {
      const first = chooseRemoteRelease(rollout(10), key, 'wallet').version;
      expect(chooseRemoteRelease(rollout(10), key, 'wallet').version).toBe(first);
      if (first === '2.0.0') expect(chooseRemoteRelease(rollout(50), key, 'wallet').version).toBe('2.0.0');
    }
  });

  it('gives nobody the canary at 0 % and everybody at 100 %', () => {
    expect(keys.some((key) => chooseRemoteRelease(rollout(0), key, 'wallet').version === '2.0.0')).toBe(false);
    expect(keys.every((key) => chooseRemoteRelease(rollout(100), key, 'wallet').version === '2.0.0')).toBe(true);
  });

  it('is deterministic (FNV-1a)', () => {
    expect(stableHash('')).toBe(0x811c9dc5);
    expect(stableHash('a')).toBe(0xe40c292c);
    expect(stableHash('foobar')).toBe(0xbf9cf968);
  });

  it('honours a pinned version: stable, canary, or one not rolled out yet at its published address', () => {
    const key = keys.find((k) => chooseRemoteRelease(rollout(50), k, 'wallet').version === '1.0.0') as string;
    expect(chooseRemoteRelease(rollout(50), key, 'wallet', '2.0.0').version).toBe('2.0.0');
    expect(chooseRemoteRelease(rollout(50), key, 'wallet', '3.0.0-rc.1')).toEqual({
      version: '3.0.0-rc.1',
      manifest: '/remotes/wallet/3.0.0-rc.1/mf-manifest.json',
    });
    expect(pinnedManifest('/remotes/wallet/mf-manifest.json', 'current', '2.0.0')).toBe(
      '/remotes/wallet/mf-manifest.json',
    );
  });

  it('reads pins from the query flag and skips anything malformed', () => {
    expect(parseVersionPins('wallet@2.0.0, player@1.1.0-rc.1,shell@1,nobody@1,wallet@,catalog@../x')).toEqual({
      wallet: '2.0.0',
      player: '1.1.0-rc.1',
    });
    expect(formatVersionPins({ wallet: '2.0.0', player: '1.1.0' })).toBe('wallet@2.0.0,player@1.1.0');
    expect(parseVersionPins(null)).toEqual({});
  });
});

describe('whether a build fits the shell', () => {
  const provides = { react: '19.2.1', 'react-dom': '19.2.1', '@cliffhanger/shared': '0.1.0' };

  it('accepts ranges every provided singleton satisfies', () => {
    expect(
      sharedRangesIncompatibility(
        { react: '^19.2.0', 'react-dom': '^19.0.0', '@cliffhanger/shared': '0.1.0' },
        provides,
        satisfies,
      ),
    ).toBeNull();
  });

  it('refuses a build sharing a library the shell does not provide (the page would hold two copies)', () => {
    expect(sharedRangesIncompatibility({ react: '^19.2.0', 'left-pad': '^1.0.0' }, provides, satisfies)).toBe(
      'Its shared ranges do not fit the shell: left-pad ^1.0.0 (the shell does not provide it)',
    );
  });

  it('refuses a build made for another major version, naming what does not fit', () => {
    expect(sharedRangesIncompatibility({ react: '^18.0.0', 'react-dom': '^19.0.0' }, provides, satisfies)).toBe(
      'Its shared ranges do not fit the shell: react ^18.0.0 (the shell provides 19.2.1)',
    );
  });

  it('refuses a range semver cannot read rather than guessing', () => {
    expect(sharedRangesIncompatibility({ 'react/jsx-runtime': 'not a range' }, provides, satisfies)).toMatch(
      /react\/jsx-runtime not a range/,
    );
  });
});
